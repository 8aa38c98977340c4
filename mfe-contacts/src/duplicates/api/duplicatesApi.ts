import { api } from '@caucus/platform';
import type {
  BulkMergeRequest,
  BulkMergeResponse,
  DuplicateScanResponse,
  DuplicatesResponse,
  EmailClustersResponse,
  MergeRequest,
  MergeResponse,
} from '@caucus/contract';

export const duplicatesKeys = {
  all: ['contacts', 'duplicates'] as const,
  page: (page: number) => ['contacts', 'duplicates', page] as const,
  clusters: (page: number) => ['contacts', 'duplicates', 'email-clusters', page] as const,
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

/** Clusters read per page of the bulk preview, and sent per request of the bulk merge. */
export const CLUSTERS_PAGE_SIZE = 10;
export const CLUSTERS_PER_MERGE = 100;

export function fetchEmailClusters(page: number, limit = CLUSTERS_PAGE_SIZE, signal?: AbortSignal): Promise<EmailClustersResponse> {
  return api.get<EmailClustersResponse>('/contacts/duplicates/email-clusters', { query: { page, limit }, signal });
}

export function mergeEmailClusters(body: BulkMergeRequest): Promise<BulkMergeResponse> {
  return api.post<BulkMergeResponse>('/contacts/duplicates/email-clusters/merge', body);
}
