import { api, apiUrl } from '@caucus/platform';
import type { ImportFixSkippedRequest, ImportHistoryRecord, ImportHistoryResponse, ImportSkippedResponse, ImportUndoResponse } from '@caucus/contract';
import { DEFAULT_IMPORT_HISTORY_SORT } from '@caucus/contract';
import type { HistoryQuery } from './importsApi';

export type ImportRecord = ImportHistoryRecord;
export type ImportHistoryPage = ImportHistoryResponse;

/** History pages by 10 and refreshes every 5 seconds (docs/product/imports.md, History). */
export const HISTORY_PAGE_SIZE = 10;
export const HISTORY_REFRESH_MS = 5000;

/** Filter and sort run on the server, over every import, not only the page on screen. */
export function fetchImportHistory({ page, status, sort }: HistoryQuery, signal?: AbortSignal): Promise<ImportHistoryPage> {
  return api.get<ImportHistoryPage>('/data-import/history', {
    query: { page, limit: HISTORY_PAGE_SIZE, status: status === 'all' ? undefined : status, sort: sort === DEFAULT_IMPORT_HISTORY_SORT ? undefined : sort },
    signal,
  });
}

/** The skipped-rows report is a plain download: the session cookie goes with the link. */
export function reportUrl(importId: string): string {
  return apiUrl(`/data-import/${encodeURIComponent(importId)}/report`);
}

export function retryImport(importId: string): Promise<{ import: ImportRecord }> {
  return api.post<{ import: ImportRecord }>(`/data-import/${encodeURIComponent(importId)}/retry`, {});
}

export function undoImport(importId: string): Promise<ImportUndoResponse> {
  return api.post<ImportUndoResponse>(`/data-import/${encodeURIComponent(importId)}/undo`, {});
}

/** Skipped rows a page at a time (the fix table). */
export const SKIPPED_PAGE_SIZE = 25;

export function fetchSkippedRows(importId: string, page: number, signal?: AbortSignal): Promise<ImportSkippedResponse> {
  return api.get<ImportSkippedResponse>(`/data-import/${encodeURIComponent(importId)}/skipped`, { query: { page, limit: SKIPPED_PAGE_SIZE }, signal });
}

/** Skipped rows, corrected, imported into the same import. */
export function importFixedRows(importId: string, rows: ImportFixSkippedRequest['rows']): Promise<{ import: ImportRecord }> {
  return api.post<{ import: ImportRecord }>(`/data-import/${encodeURIComponent(importId)}/skipped`, { rows });
}
