import { api } from '@caucus/design-system/session';
import { MAX_DUPLICATE_CHECK_ROWS, type ImportDuplicateFinding, type ImportDuplicatesResponse, type ImportFingerprintResponse } from '@caucus/api/contract';

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
    const data = await api.post<ImportDuplicatesResponse>('/data-import/duplicates', { headers, mapping, rows: rows.slice(from, to), rowNumbers: rowNumbers.slice(from, to) });
    found.push(...data.duplicates);
    onProgress?.(to / rows.length);
  }
  return found;
}
