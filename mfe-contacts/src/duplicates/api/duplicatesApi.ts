import { api } from '@caucus/design-system/session';
import type { DuplicateScanResponse, DuplicatesResponse, MergeRequest, MergeResponse } from '@caucus/api/contract';

export const duplicatesKeys = {
  all: ['contacts', 'duplicates'] as const,
  page: (page: number) => ['contacts', 'duplicates', page] as const,
};

export const DUPLICATES_PAGE_SIZE = 10;

export function fetchDuplicates(page: number, signal?: AbortSignal): Promise<DuplicatesResponse> {
  return api.get<DuplicatesResponse>('/contacts/duplicates', { query: { page, limit: DUPLICATES_PAGE_SIZE }, signal });
}

export function startScan(): Promise<DuplicateScanResponse> {
  return api.post<DuplicateScanResponse>('/contacts/duplicates/scan', {});
}

export function dismissPair(id: string): Promise<unknown> {
  return api.post(`/contacts/duplicates/${encodeURIComponent(id)}/dismiss`, {});
}

export function mergeContacts(body: MergeRequest): Promise<MergeResponse> {
  return api.post<MergeResponse>('/contacts/merge', body);
}

export function undoMerge(id: string): Promise<MergeResponse> {
  return api.post<MergeResponse>(`/contacts/merges/${encodeURIComponent(id)}/undo`, {});
}
