import { api } from '@caucus/platform';
import type { ImportRequest, ImportStartResponse } from '@caucus/contract';
import { MAX_IMPORT_ROWS_PER_REQUEST } from '@caucus/contract';

/** Marks an import failed on the server: the rest of its rows will not come (a batch upload failed). */
export function cancelImport(importId: string): Promise<unknown> {
  return api.post(`/data-import/${encodeURIComponent(importId)}/cancel`, {});
}

/**
 * The API reads at most 128 MiB per import request (IMPORT_BODY_LIMIT_BYTES, api/src/config.ts).
 * A batch is kept far below that by an estimate that counts characters: the margin covers UTF-8 (up
 * to 3 bytes a character) and escaped quotes, and a proxy in front with a smaller limit. Each batch
 * is one JSON.stringify on the page: 16 MiB took 170-230 ms on this machine, a long task; 4 MiB
 * stays near 50 ms, and the server starts on the first batch while the next ones are sent.
 */
export const MAX_BATCH_BYTES = 4 * 1024 * 1024;

/** A row's size in the request body, estimated: `"header":"value",` for each cell, and its row number. */
function rowBytes(row: Record<string, string>): number {
  let bytes = 16;
  for (const header in row) bytes += header.length + String(row[header] ?? '').length + 6;
  return bytes;
}

/** End (exclusive) of the batch that starts at `from`: at most `maxRows` rows and `maxBytes` bytes, at least one row. */
export function batchEnd(rows: Record<string, string>[], from: number, maxRows = MAX_IMPORT_ROWS_PER_REQUEST, maxBytes = MAX_BATCH_BYTES): number {
  let bytes = 0;
  let end = from;
  while (end < rows.length && end - from < maxRows) {
    const size = rowBytes(rows[end]);
    if (end > from && bytes + size > maxBytes) break;
    bytes += size;
    end += 1;
  }
  return end;
}

/**
 * A batch failed after the first one: the import exists on the server with the rows sent so far.
 * `markedFailed` says whether the server was told that the rest will not come.
 */
export class ImportUploadError extends Error {
  constructor(
    message: string,
    readonly importId: string,
    readonly rowsSent: number,
    readonly markedFailed: boolean,
  ) {
    super(message);
    this.name = 'ImportUploadError';
  }
}

/** A row the review skipped: sent with the kept rows so that the import keeps it (report, fix later). */
export type SkippedInReview = { rowNumber: number; row: Record<string, string>; reason: string };

type Item = { row: Record<string, string>; rowNumber: number; reason?: string };

/** Kept and skipped rows merged in file order (each list is in file order already). */
function inFileOrder(rows: Record<string, string>[], rowNumbers: number[], skipped: SkippedInReview[]): Item[] {
  const items: Item[] = [];
  let k = 0;
  let s = 0;
  while (k < rows.length || s < skipped.length) {
    if (s >= skipped.length || (k < rows.length && rowNumbers[k] < skipped[s].rowNumber)) {
      items.push({ row: rows[k], rowNumber: rowNumbers[k] });
      k += 1;
    } else {
      items.push(skipped[s]);
      s += 1;
    }
  }
  return items;
}

/** The request body's rows of a batch: kept rows with their numbers, skipped rows with their reasons. */
function batchBody(items: Item[]) {
  const rows: Record<string, string>[] = [];
  const rowNumbers: number[] = [];
  const skippedRows: SkippedInReview[] = [];
  for (const item of items) {
    if (item.reason === undefined) {
      rows.push(item.row);
      rowNumbers.push(item.rowNumber);
    } else skippedRows.push({ rowNumber: item.rowNumber, row: item.row, reason: item.reason });
  }
  return { rows, rowNumbers, skippedRows };
}

/**
 * Sends the kept rows, and the rows the review skipped (the import keeps them: its report lists them
 * and they can be fixed later), in file order in batches of at most 200,000 rows and MAX_BATCH_BYTES:
 * the first starts the import, the others go to POST /:id/rows, so a 1,048,576-row sheet or a
 * 78-column export imports. Progress is the share of rows sent.
 */
export async function startImport(
  request: Omit<ImportRequest, 'rows' | 'rowNumbers' | 'hasMore' | 'skippedRows'>,
  rows: Record<string, string>[],
  rowNumbers: number[],
  onProgress?: (fraction: number) => void,
  limits: { maxRows?: number; maxBytes?: number } = {},
  skipped: SkippedInReview[] = [],
): Promise<ImportStartResponse> {
  const items = inFileOrder(rows, rowNumbers, skipped);
  const itemRows = items.map((item) => item.row);
  const endOf = (from: number) => batchEnd(itemRows, from, limits.maxRows, limits.maxBytes);
  const keptBefore = (end: number) => items.slice(0, end).filter((item) => item.reason === undefined).length;
  let end = endOf(0);
  const first = await api.post<ImportStartResponse>(
    '/data-import/import',
    { ...request, ...batchBody(items.slice(0, end)), hasMore: end < items.length },
    { query: { t: Date.now() }, headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' } },
  );
  onProgress?.(end / items.length);
  while (end < items.length) {
    const from = end;
    end = endOf(from);
    try {
      await api.post(`/data-import/${encodeURIComponent(first.importId)}/rows`, { ...batchBody(items.slice(from, end)), hasMore: end < items.length });
    } catch (error) {
      const markedFailed = await cancelImport(first.importId).then(
        () => true,
        () => false,
      );
      const message = error instanceof Error && error.message ? error.message : 'Error importing data. Please try again.';
      throw new ImportUploadError(message, first.importId, keptBefore(from), markedFailed);
    }
    onProgress?.(end / items.length);
  }
  return { ...first, recordsToProcess: rows.length };
}
