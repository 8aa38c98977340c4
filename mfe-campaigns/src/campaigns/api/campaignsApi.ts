import { api } from '@caucus/platform';
import type {
  Campaign,
  CampaignDetailResponse,
  CampaignDonationsResponse,
  CampaignDonorsResponse,
  CampaignsResponse,
  CampaignTotalsInterval,
  CampaignTotalsResponse,
  CommitteeOption,
  DonationAccountOption,
  EventsResponse,
} from '@caucus/contract';
import type { CampaignPayload } from '../utils/campaignRules';

export type { Campaign, CampaignsResponse, CampaignDetailResponse, CommitteeOption, DonationAccountOption };
export type { CampaignDonationsResponse, CampaignDonorsResponse, CampaignTotalsInterval, CampaignTotalsResponse, EventsResponse };

/** One page of a campaign's donors or donations. */
export type PageRequest = { limit: number; offset: number };

export type CampaignStatus = Campaign['status'];

export const campaignsKeys = {
  all: ['campaigns'] as const,
  list: () => ['campaigns', 'list'] as const,
  detail: (id: string) => ['campaigns', 'detail', id] as const,
  totals: (id: string, interval: CampaignTotalsInterval) => ['campaigns', 'detail', id, 'totals', interval] as const,
  donors: (id: string, page: PageRequest) => ['campaigns', 'detail', id, 'donors', page.offset, page.limit] as const,
  donations: (id: string, page: PageRequest) => ['campaigns', 'detail', id, 'donations', page.offset, page.limit] as const,
  // Under 'campaigns': the events remote keeps its own event queries.
  events: (id: string) => ['campaigns', 'detail', id, 'events'] as const,
  committees: () => ['campaigns', 'committees'] as const,
  donationAccounts: (campaignId: string | null) => ['campaigns', 'donation-accounts', campaignId ?? 'new'] as const,
};

/** Every campaign, archived ones too: this page filters by status itself (the pickers elsewhere leave archived ones out). */
export function fetchCampaigns(signal?: AbortSignal): Promise<CampaignsResponse> {
  return api.get<CampaignsResponse>('/campaigns', { signal, query: { status: 'all' } });
}

export function fetchCampaign(id: string, signal?: AbortSignal): Promise<CampaignDetailResponse> {
  return api.get<CampaignDetailResponse>(`/campaigns/${encodeURIComponent(id)}`, { signal });
}

const campaignPath = (id: string) => `/campaigns/${encodeURIComponent(id)}`;

export function fetchCampaignTotals(id: string, interval: CampaignTotalsInterval, signal?: AbortSignal): Promise<CampaignTotalsResponse> {
  return api.get<CampaignTotalsResponse>(`${campaignPath(id)}/totals`, { signal, query: { interval } });
}

export function fetchCampaignDonors(id: string, page: PageRequest, signal?: AbortSignal): Promise<CampaignDonorsResponse> {
  return api.get<CampaignDonorsResponse>(`${campaignPath(id)}/donors`, { signal, query: page });
}

export function fetchCampaignDonations(id: string, page: PageRequest, signal?: AbortSignal): Promise<CampaignDonationsResponse> {
  return api.get<CampaignDonationsResponse>(`${campaignPath(id)}/donations`, { signal, query: page });
}

export function fetchCampaignEvents(id: string, signal?: AbortSignal): Promise<EventsResponse> {
  return api.get<EventsResponse>('/events', { signal, query: { campaignId: id } });
}

export function createCampaign(payload: CampaignPayload): Promise<{ campaign: Campaign }> {
  return api.post<{ campaign: Campaign }>('/campaigns', payload);
}

export function updateCampaign(id: string, payload: CampaignPayload): Promise<{ campaign: Campaign }> {
  return api.put<{ campaign: Campaign }>(`/campaigns/${encodeURIComponent(id)}`, payload);
}

export function deleteCampaign(id: string): Promise<{ deleted: true }> {
  return api.delete<{ deleted: true }>(`/campaigns/${encodeURIComponent(id)}`);
}

/** Archived: its money, reports and flags stay; it leaves the pickers. What a campaign with gifts gets instead of a delete. */
export function archiveCampaign(id: string): Promise<{ campaign: Campaign }> {
  return api.post<{ campaign: Campaign }>(`${campaignPath(id)}/archive`);
}

export function unarchiveCampaign(id: string): Promise<{ campaign: Campaign }> {
  return api.post<{ campaign: Campaign }>(`${campaignPath(id)}/unarchive`);
}

export function refreshAllTotals(): Promise<CampaignsResponse> {
  return api.post<CampaignsResponse>('/campaigns/refresh-all-totals');
}

export async function fetchCommittees(signal?: AbortSignal): Promise<CommitteeOption[]> {
  const data = await api.get<{ committees: CommitteeOption[] }>('/campaigns/committees', { signal });
  return data.committees ?? [];
}

type RawDonationAccount = DonationAccountOption & { account_type?: string };

export async function fetchDonationAccounts(campaignId: string | null, signal?: AbortSignal): Promise<DonationAccountOption[]> {
  const data = await api.get<{ donationAccounts: RawDonationAccount[] }>('/campaigns/donation-accounts', {
    signal,
    query: campaignId ? { campaignId } : undefined,
  });
  // The contract answers accountType; the snake_case account_type is read too (docs/product/api.md,
  // Campaigns and events).
  return (data.donationAccounts ?? []).map((account) => ({
    id: account.id,
    name: account.name,
    accountType: account.accountType ?? account.account_type ?? '',
  }));
}
