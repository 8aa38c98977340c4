import { api } from '@caucus/platform';
import {
  MAX_DUPLICATE_CHECK_ROWS,
  type ImportDuplicateFinding,
  type ImportDuplicatesResponse,
  type ImportFingerprintResponse,
  type ImportLimitsResponse,
  type ImportLimitWarning,
} from '@caucus/contract';

/** The standing imports of a file with this content, and the sentence to show (null: none). */
export function fetchImportedBefore(fingerprint: string, signal?: AbortSignal): Promise<ImportFingerprintResponse & { message: string | null }> {
  return api.get<ImportFingerprintResponse & { message: string | null }>('/data-import/fingerprint', { query: { fingerprint }, signal });
}

/**
 * The possible duplicate gifts among the rows about to be sent, asked a slice at a time (the API
 * takes MAX_DUPLICATE_CHECK_ROWS per request). In-file repeats across two slices are caught by the
 * import itself, which checks every batch again.
 */
export async function checkDuplicateGifts(
  headers: string[],
  mapping: Record<string, string>,
  rows: Record<string, string>[],
  rowNumbers: number[],
  onProgress?: (fraction: number) => void,
): Promise<ImportDuplicateFinding[]> {
  const found: ImportDuplicateFinding[] = [];
  for (let from = 0; from < rows.length; from += MAX_DUPLICATE_CHECK_ROWS) {
    const to = Math.min(rows.length, from + MAX_DUPLICATE_CHECK_ROWS);
    const data = await api.post<ImportDuplicatesResponse>('/data-import/duplicates', {
      headers,
      mapping,
      rows: rows.slice(from, to),
      rowNumbers: rowNumbers.slice(from, to),
    });
    found.push(...data.duplicates);
    onProgress?.(to / rows.length);
  }
  return found;
}

/**
 * The rows whose gift takes its contributor past the contribution limit of the election it would be
 * designated to, a slice at a time like the duplicates. Each slice starts from what is recorded, so
 * gifts of one contributor split across two slices (over 5,000 rows apart) are not added together here.
 */
export async function checkLimitWarnings(
  campaignId: string,
  headers: string[],
  mapping: Record<string, string>,
  rows: Record<string, string>[],
  rowNumbers: number[],
): Promise<ImportLimitWarning[]> {
  const found: ImportLimitWarning[] = [];
  for (let from = 0; from < rows.length; from += MAX_DUPLICATE_CHECK_ROWS) {
    const to = Math.min(rows.length, from + MAX_DUPLICATE_CHECK_ROWS);
    const data = await api.post<ImportLimitsResponse>('/data-import/limits', {
      campaignId,
      headers,
      mapping,
      rows: rows.slice(from, to),
      rowNumbers: rowNumbers.slice(from, to),
    });
    found.push(...data.warnings);
  }
  return found;
}
