import type { ImportDuplicateFinding } from '@caucus/contract';
import type { SkippedInReview } from '../api/importUpload';
import type { ParsedFile } from '../parsing/types';
import type { ReviewState } from './ReviewStep';

export type RowsToImport = {
  /** The rows to import as the review leaves them (edited or as read), with their row numbers in the file. */
  rows: Record<string, string>[];
  rowNumbers: number[];
  /** Rows with problems, and repeated gifts the user did not include, with the reason each is skipped. */
  skipped: SkippedInReview[];
  /** Rows without problems that the user left out: not sent at all. */
  leftOut: number;
};

/**
 * What an import sends. Rows with problems go too, as skipped rows: the import keeps them (its report
 * lists them, and they can be fixed from Import History). Rows the user left out are not sent.
 */
export function rowsToImport(
  parsed: ParsedFile,
  review: ReviewState,
  duplicates: Map<number, ImportDuplicateFinding>,
  includedDuplicates: Set<number>,
): RowsToImport {
  const rows: Record<string, string>[] = [];
  const rowNumbers: number[] = [];
  const skipped: SkippedInReview[] = [];
  for (let index = 0; index < parsed.rows.length; index++) {
    const row = review.edits.get(index) ?? parsed.rows[index];
    const problems = review.problems.get(index);
    if (problems) skipped.push({ rowNumber: index + 1, row, reason: problems.map((p) => p.message).join('; ') });
    if (problems || review.excluded.has(index)) continue;
    const duplicate = duplicates.get(index);
    if (duplicate && !includedDuplicates.has(index)) {
      skipped.push({ rowNumber: index + 1, row, reason: duplicate.reason });
      continue;
    }
    rows.push(row);
    rowNumbers.push(index + 1);
  }
  return { rows, rowNumbers, skipped, leftOut: parsed.rows.length - skipped.length - rows.length };
}
