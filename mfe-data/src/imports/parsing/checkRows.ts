import { mapImportRow, validateImportRow, type ImportCellError } from '@caucus/contract';

/** Rows with problems, by row index (0 = first data row); rows without problems are absent. */
export type RowProblems = Map<number, ImportCellError[]>;
/** Header -> target field ('' = not imported), as the mapping step leaves it. */
export type ColumnMapping = Record<string, string>;

/** The contract's row checks, the same the server runs again. */
export function checkRow(row: Record<string, string>, mapping: ColumnMapping, day: string): ImportCellError[] {
  return validateImportRow(mapImportRow(row, mapping), day).errors;
}

/** A row's errors (it is skipped) and warnings (imported once the user confirms: a future date, a huge amount). */
export function checkRowFully(row: Record<string, string>, mapping: ColumnMapping, day: string): { errors: ImportCellError[]; warnings: ImportCellError[] } {
  const { errors, warnings } = validateImportRow(mapImportRow(row, mapping), day);
  return { errors, warnings };
}

/**
 * Checks rows [from, to) and adds those with problems to `into` (and those with warnings only to
 * `warnings`). The worker calls it slice by slice so that it can report progress between slices.
 */
export function checkRowRange(
  rows: Record<string, string>[],
  mapping: ColumnMapping,
  day: string,
  from: number,
  to: number,
  into: RowProblems,
  warnings?: RowProblems,
): void {
  for (let i = from; i < Math.min(to, rows.length); i++) {
    const result = checkRowFully(rows[i], mapping, day);
    if (result.errors.length > 0) into.set(i, result.errors);
    else if (result.warnings.length > 0) warnings?.set(i, result.warnings);
  }
}
