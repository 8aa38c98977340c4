import { api, apiUrl } from '@caucus/design-system/session';
import type {
  CampaignsResponse,
  DonationAccountsResponse,
  ImportHistoryRecord,
  ImportHistoryResponse,
  ImportRequest,
  ImportStartResponse,
  ImportUndoResponse,
} from '@caucus/api/contract';
import { MAX_IMPORT_ROWS_PER_REQUEST } from '@caucus/api/contract';

export type ImportRecord = ImportHistoryRecord;
export type ImportHistoryPage = ImportHistoryResponse;

/** Spec point 9: history pages by 10 and refreshes every 5 seconds. */
export const HISTORY_PAGE_SIZE = 10;
export const HISTORY_REFRESH_MS = 5000;

export const importsKeys = {
  all: ['data-import'] as const,
  history: (page: number) => ['data-import', 'history', page] as const,
  campaigns: ['data-import', 'campaigns'] as const,
  donationAccounts: (campaignId: string) => ['data-import', 'donation-accounts', campaignId] as const,
};

export function fetchImportHistory(page: number, signal?: AbortSignal): Promise<ImportHistoryPage> {
  return api.get<ImportHistoryPage>('/data-import/history', { query: { page, limit: HISTORY_PAGE_SIZE }, signal });
}

export function fetchCampaigns(signal?: AbortSignal): Promise<CampaignsResponse> {
  return api.get<CampaignsResponse>('/campaigns', { signal });
}

export function fetchDonationAccounts(campaignId: string, signal?: AbortSignal): Promise<DonationAccountsResponse> {
  return api.get<DonationAccountsResponse>('/campaigns/donation-accounts', { query: { campaignId }, signal });
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

/**
 * Sends the kept rows: one request up to 200,000 rows, bigger files in further batches
 * (POST /:id/rows) so a 1,048,576-row sheet imports. Progress is the share of rows sent.
 */
export async function startImport(
  request: Omit<ImportRequest, 'rows' | 'rowNumbers' | 'hasMore'>,
  rows: Record<string, string>[],
  rowNumbers: number[],
  onProgress?: (fraction: number) => void,
): Promise<ImportStartResponse> {
  const size = MAX_IMPORT_ROWS_PER_REQUEST;
  const first = await api.post<ImportStartResponse>(
    '/data-import/import',
    { ...request, rows: rows.slice(0, size), rowNumbers: rowNumbers.slice(0, size), hasMore: rows.length > size },
    { query: { t: Date.now() }, headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' } },
  );
  onProgress?.(Math.min(1, size / rows.length));
  for (let from = size; from < rows.length; from += size) {
    await api.post(`/data-import/${encodeURIComponent(first.importId)}/rows`, {
      rows: rows.slice(from, from + size),
      rowNumbers: rowNumbers.slice(from, from + size),
      hasMore: from + size < rows.length,
    });
    onProgress?.(Math.min(1, (from + size) / rows.length));
  }
  return { ...first, recordsToProcess: rows.length };
}
