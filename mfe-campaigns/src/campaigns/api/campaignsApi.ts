import { api } from '@caucus/design-system/session';
import type {
  Campaign,
  CampaignDetailResponse,
  CampaignsResponse,
  CommitteeOption,
  DonationAccountOption,
} from '@caucus/api/contract';
import type { CampaignPayload } from '../utils/campaignRules';

export type { Campaign, CampaignsResponse, CampaignDetailResponse, CommitteeOption, DonationAccountOption };

export type CampaignStatus = Campaign['status'];

export const campaignsKeys = {
  all: ['campaigns'] as const,
  list: () => ['campaigns', 'list'] as const,
  detail: (id: string) => ['campaigns', 'detail', id] as const,
  committees: () => ['campaigns', 'committees'] as const,
  donationAccounts: (campaignId: string | null) => ['campaigns', 'donation-accounts', campaignId ?? 'new'] as const,
};

export function fetchCampaigns(signal?: AbortSignal): Promise<CampaignsResponse> {
  return api.get<CampaignsResponse>('/campaigns', { signal });
}

export function fetchCampaign(id: string, signal?: AbortSignal): Promise<CampaignDetailResponse> {
  return api.get<CampaignDetailResponse>(`/campaigns/${encodeURIComponent(id)}`, { signal });
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
  // Spec point 3: the account type has also been seen as account_type.
  return (data.donationAccounts ?? []).map((account) => ({
    id: account.id,
    name: account.name,
    accountType: account.accountType ?? account.account_type ?? '',
  }));
}
