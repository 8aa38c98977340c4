import { api } from '@caucus/platform';
import type { Committee, CommitteeInput, CommitteeResponse } from '@caucus/contract';

export const committeesKeys = {
  detail: (id: string) => ['committees', 'detail', id] as const,
};

export function fetchCommittee(id: string, signal?: AbortSignal): Promise<Committee> {
  return api.get<CommitteeResponse>(`/committees/${encodeURIComponent(id)}`, { signal }).then((data) => data.committee);
}

/** POST /api/committees, or PUT /api/committees/:id (which replaces the elections too). */
export function saveCommittee(id: string | null, input: CommitteeInput): Promise<Committee> {
  const request = id ? api.put<CommitteeResponse>(`/committees/${encodeURIComponent(id)}`, input) : api.post<CommitteeResponse>('/committees', input);
  return request.then((data) => data.committee);
}
