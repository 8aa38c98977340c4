import { api } from '@caucus/platform';
// Types only: the contract's values come with zod and its schemas, which the section's first view
// (the wizard's campaign step) does not load (ADR 0008). The history and the upload have their own
// modules, loaded with the tab and the steps that use them.
import type { CampaignsResponse, DonationAccountsResponse, ImportHistorySort, ImportStatus } from '@caucus/contract';

/** GET /history?status= (absent = all statuses) and ?sort= (absent = the default, date newest first). */
export type HistoryQuery = { page: number; status: ImportStatus | 'all'; sort: ImportHistorySort };

export const importsKeys = {
  all: ['data-import'] as const,
  history: (query: HistoryQuery) => ['data-import', 'history', query] as const,
  campaigns: ['data-import', 'campaigns'] as const,
  donationAccounts: (campaignId: string) => ['data-import', 'donation-accounts', campaignId] as const,
};

export function fetchCampaigns(signal?: AbortSignal): Promise<CampaignsResponse> {
  return api.get<CampaignsResponse>('/campaigns', { signal });
}

export function fetchDonationAccounts(campaignId: string, signal?: AbortSignal): Promise<DonationAccountsResponse> {
  return api.get<DonationAccountsResponse>('/campaigns/donation-accounts', { query: { campaignId }, signal });
}
