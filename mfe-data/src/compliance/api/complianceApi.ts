import { api, apiUrl } from '@caucus/platform';
import type {
  CommitteeListResponse,
  ContactListResponse,
  ExcessiveResponse,
  FortyEightHourNoticesResponse,
  LimitSettingsInput,
  LimitSettingsResponse,
  NoticeFiledResponse,
  RemedyInput,
  RemedyResponse,
} from '@caucus/contract';

export const complianceKeys = {
  committees: ['data-compliance', 'committees'] as const,
  excessive: (committeeId: string) => ['data-compliance', 'excessive', committeeId] as const,
  notices: (committeeId: string) => ['data-compliance', 'notices', committeeId] as const,
  contacts: (search: string) => ['data-compliance', 'contacts', search] as const,
  limitSettings: ['data-compliance', 'limit-settings'] as const,
};

export function fetchLimitSettings(signal?: AbortSignal): Promise<LimitSettingsResponse> {
  return api.get<LimitSettingsResponse>('/compliance/limit-settings', { signal });
}

export function saveLimitSettings(input: LimitSettingsInput): Promise<LimitSettingsResponse> {
  return api.put<LimitSettingsResponse>('/compliance/limit-settings', input);
}

export function fetchCommittees(signal?: AbortSignal): Promise<CommitteeListResponse> {
  return api.get<CommitteeListResponse>('/committees', { signal });
}

export function fetchExcessive(committeeId: string, signal?: AbortSignal): Promise<ExcessiveResponse> {
  return api.get<ExcessiveResponse>('/compliance/excessive', { query: { committeeId }, signal });
}

export function fetchNotices(committeeId: string, signal?: AbortSignal): Promise<FortyEightHourNoticesResponse> {
  return api.get<FortyEightHourNoticesResponse>('/compliance/48-hour-notices', { query: { committeeId }, signal });
}

/** Marks a 48-hour notice filed with the FEC on `filedOn`, or not filed. */
export function postNoticeFiled(donationId: string, filed: boolean, filedOn: string | null): Promise<NoticeFiledResponse> {
  return api.post<NoticeFiledResponse>(`/compliance/48-hour-notices/${encodeURIComponent(donationId)}/filed`, { filed, filedOn });
}

export function postRemedy(donationId: string, remedy: RemedyInput): Promise<RemedyResponse> {
  return api.post<RemedyResponse>(`/compliance/excessive/${encodeURIComponent(donationId)}/remedy`, remedy);
}

/** Contacts to reattribute an excess to (the joint account holder), found by name or email. */
export function searchContacts(search: string, signal?: AbortSignal): Promise<ContactListResponse> {
  return api.get<ContactListResponse>('/contacts', { query: { search, limit: 10 }, signal });
}

/** Schedule A is written by the server (.fec for filing software, CSV for people) and downloaded as a link. */
export function scheduleAUrl(committeeId: string, from: string, to: string, format: 'fec' | 'csv'): string {
  return apiUrl('/compliance/schedule-a', { committeeId, from, to, format });
}
