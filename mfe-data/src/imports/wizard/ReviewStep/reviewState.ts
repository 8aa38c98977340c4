import { isAllCapsName, type ImportType } from '@caucus/contract';
import type { RowProblems } from '../../parsing/checkRows';

export type ReviewState = {
  /** Rows with problems, by row index; checked in the parse worker, then again here on each edit. */
  problems: RowProblems;
  /** Rows without problems but with warnings (a future date, an amount over the largest FEC limit). */
  warnings: RowProblems;
  /** The user checked the rows with warnings and imports them as they are. */
  warningsConfirmed: boolean;
  /** Rows the user changed in the grid, by row index; the file's rows are never copied. */
  edits: Map<number, Record<string, string>>;
  /** Rows without problems that the user chose to leave out. */
  excluded: Set<number>;
  importType: ImportType;
};

/** Rows (by index) with a name in capitals: FEC files write "ORTIZ, SOLOMON". Kept as typed unless the user asks. */
export function capitalNameRows(rows: Record<string, string>[], nameHeaders: string[], edits: Map<number, Record<string, string>>): number[] {
  const found: number[] = [];
  if (nameHeaders.length === 0) return found;
  for (let index = 0; index < rows.length; index++) {
    const row = edits.get(index) ?? rows[index];
    if (nameHeaders.some((header) => isAllCapsName(row[header] ?? ''))) found.push(index);
  }
  return found;
}

/** Rows with warnings that will be sent (not left out). */
export function keptWarnings(state: ReviewState): number {
  let n = 0;
  for (const index of state.warnings.keys()) if (!state.excluded.has(index) && !state.problems.has(index)) n += 1;
  return n;
}

/** Rows that will be sent: no problems and not left out. */
export function keptCount(rowCount: number, state: ReviewState): number {
  let excludedValid = 0;
  for (const index of state.excluded) if (!state.problems.has(index)) excludedValid += 1;
  return rowCount - state.problems.size - excludedValid;
}
