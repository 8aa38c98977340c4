import { api } from '@caucus/design-system/session';

export type ImportType = 'contacts' | 'associates' | 'donations' | 'pledges' | 'mixed';
export type ImportStatus = 'processing' | 'completed' | 'failed';

export type ImportRecord = {
  id: string;
  fileName: string;
  importType: ImportType | string;
  status: ImportStatus | string;
  campaignName: string | null;
  recordsImported: number;
  recordsSkipped: number;
  errors: string[] | null;
  createdAt: string;
  createdBy: string | null;
};

export type ImportHistoryPage = { imports: ImportRecord[]; total: number };

/** Spec point 9: history pages by 10 and refreshes every 5 seconds. */
export const HISTORY_PAGE_SIZE = 10;
export const HISTORY_REFRESH_MS = 5000;

export const importsKeys = {
  all: ['data-import'] as const,
  history: (page: number) => ['data-import', 'history', page] as const,
};

export function fetchImportHistory(page: number, signal?: AbortSignal): Promise<ImportHistoryPage> {
  return api.get<ImportHistoryPage>('/data-import/history', { query: { page, limit: HISTORY_PAGE_SIZE }, signal });
}
