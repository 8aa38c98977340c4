import { api } from '@caucus/platform';
// Type-only: the contract's runtime schemas (zod) stay out of this module.
import type {
  CallbacksResponse,
  CallInput,
  CallResult,
  CallSessionDetail,
  CallSessionInput,
  CallSessionsResponse,
  CampaignsResponse,
  ContactListResponse,
  ContactListsResponse,
  Meeting,
  MeetingInput,
  NextProspectResponse,
  OpenPledge,
  OpenPledgesResponse,
  Person,
} from '@caucus/contract';

export const callsKeys = {
  all: ['calls'] as const,
  sessions: () => ['calls', 'sessions'] as const,
  session: (id: string) => ['calls', 'session', id] as const,
  next: (id: string) => ['calls', 'next', id] as const,
  team: () => ['calls', 'team'] as const,
  // Under 'calls': another remote's list and campaign queries may hold a different shape.
  lists: () => ['calls', 'list-options'] as const,
  campaigns: () => ['calls', 'campaign-options'] as const,
  followUps: () => ['calls', 'follow-ups'] as const,
  callbacks: () => ['calls', 'callbacks'] as const,
  meetings: () => ['calls', 'meetings'] as const,
  contactSearch: (search: string) => ['calls', 'contact-search', search] as const,
};

const id = (value: string) => encodeURIComponent(value);

export const fetchSessions = (signal?: AbortSignal) => api.get<CallSessionsResponse>('/call-sessions', { signal });
export const fetchSession = (sessionId: string, signal?: AbortSignal) => api.get<{ session: CallSessionDetail }>(`/call-sessions/${id(sessionId)}`, { signal });
export const createSession = (body: CallSessionInput) => api.post<{ session: CallSessionDetail }>('/call-sessions', body);
export const fetchNext = (sessionId: string, signal?: AbortSignal) => api.get<NextProspectResponse>(`/call-sessions/${id(sessionId)}/next`, { signal });
export const logCall = (sessionId: string, body: CallInput) => api.post<CallResult>(`/call-sessions/${id(sessionId)}/calls`, body);
export const fetchTeam = (signal?: AbortSignal) => api.get<{ team: Person[] }>('/call-sessions/team', { signal });
export const fetchListOptions = (signal?: AbortSignal) => api.get<ContactListsResponse>('/contact-lists?limit=100', { signal });
export const fetchCampaignOptions = (signal?: AbortSignal) => api.get<CampaignsResponse>('/campaigns', { signal });
export const fetchOpenPledges = (signal?: AbortSignal) => api.get<OpenPledgesResponse>('/pledges/open', { signal });
export const fetchCallbacks = (signal?: AbortSignal) => api.get<CallbacksResponse>('/call-backs', { signal });
export const fetchMeetings = (signal?: AbortSignal) => api.get<{ meetings: Meeting[] }>('/meetings', { signal });
export const createMeeting = (body: MeetingInput) => api.post<{ meeting: Meeting }>('/meetings', body);
export const searchContacts = (search: string, signal?: AbortSignal) =>
  api.get<ContactListResponse>(`/contacts?limit=10&search=${encodeURIComponent(search)}`, { signal });

/** The gift that arrives against a pledge: a completed donation linked to it, so the pledge is fulfilled. */
export function recordPledgeGift(pledge: OpenPledge, donationAmount: number, donationDate: string) {
  return api.post<{ donation: { id: string } }>(`/contacts/${id(pledge.contactId)}/donations`, {
    donationAmount,
    donationDate,
    campaignId: pledge.campaign?.id,
    pledgeId: pledge.id,
    paymentMethod: 'check',
    status: 'completed',
  });
}
