import { api } from '@caucus/design-system/session';

export type CampaignStatus = 'draft' | 'active' | 'paused' | 'completed' | 'archived';

export type Campaign = {
  id: string;
  name: string;
  description: string | null;
  campaignType: string;
  status: CampaignStatus | string;
  fundraisingGoal: number | string | null;
  amountRaised: number | string | null;
  donationCount: number | null;
  contactsReached: number | null;
  volunteersRecruited: number | null;
  startDate: string | null;
  endDate: string | null;
  committee: { name: string } | null;
  donationAccount: { name: string } | null;
};

export type CampaignsResponse = { campaigns: Campaign[] };

export const campaignsKeys = {
  all: ['campaigns'] as const,
  list: () => ['campaigns', 'list'] as const,
};

export function fetchCampaigns(signal?: AbortSignal): Promise<CampaignsResponse> {
  return api.get<CampaignsResponse>('/campaigns', { signal });
}
