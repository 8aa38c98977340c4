import { api } from '@caucus/platform';

import {
  DONATION_STATUS_VALUES,
  PAYMENT_METHOD_VALUES,
  PLEDGE_FREQUENCY_VALUES,
  PLEDGE_STATUS_VALUES,
  type Donation,
  type DonationResponse,
  type DonationsResponse,
  type FinancialSummary,
  type LimitsResponse,
  type MoneyHistoryEntry,
  type MoneyHistoryResponse,
  type Pledge,
  type PledgeResponse,
  type PledgesResponse,
} from '@caucus/contract';

// The option lists and shapes are the API's own contract (docs/product/data.md), so form and server cannot drift.
export type { Donation, FinancialSummary, MoneyHistoryEntry, Pledge };
export const PLEDGE_FREQUENCIES = PLEDGE_FREQUENCY_VALUES;
export const PLEDGE_STATUSES = PLEDGE_STATUS_VALUES;
export const PAYMENT_METHODS = PAYMENT_METHOD_VALUES;
export const DONATION_STATUSES = DONATION_STATUS_VALUES;

/** committeeId: the FEC committee the campaign raises for, whose elections a gift is designated to. */
export type CampaignOption = { id: string; name: string; committeeId: string | null };

export type PledgeBody = Record<string, string | number | boolean>;
export type DonationBody = Record<string, string | number | boolean>;

// Under ['contacts', ...] so invalidating the contacts queries also refreshes these.
export const financialsKeys = {
  all: (contactId: string) => ['contacts', 'financials', contactId] as const,
  summary: (contactId: string) => ['contacts', 'financials', contactId, 'summary'] as const,
  pledges: (contactId: string) => ['contacts', 'financials', contactId, 'pledges'] as const,
  donations: (contactId: string) => ['contacts', 'financials', contactId, 'donations'] as const,
  history: (contactId: string) => ['contacts', 'financials', contactId, 'history'] as const,
  giftHistory: (contactId: string, donationId: string) => ['contacts', 'financials', contactId, 'history', donationId] as const,
  campaigns: ['campaigns', 'options'] as const,
  limits: (contactId: string, committeeId: string) => ['contacts', 'financials', contactId, 'limits', committeeId] as const,
};

const contactPath = (contactId: string) => `/contacts/${encodeURIComponent(contactId)}`;

export function fetchSummary(contactId: string, signal?: AbortSignal): Promise<FinancialSummary> {
  return api.get<FinancialSummary>(`${contactPath(contactId)}/financials/summary`, { signal });
}

export async function fetchPledges(contactId: string, signal?: AbortSignal): Promise<Pledge[]> {
  const data = await api.get<PledgesResponse>(`${contactPath(contactId)}/pledges`, { signal });
  return data.pledges ?? [];
}

export async function fetchDonations(contactId: string, signal?: AbortSignal): Promise<Donation[]> {
  const data = await api.get<DonationsResponse>(`${contactPath(contactId)}/donations`, { signal });
  return data.donations ?? [];
}

/** Every change to the contact's donations and pledges (the ledger's trace), newest first. */
export async function fetchMoneyHistory(contactId: string, signal?: AbortSignal): Promise<MoneyHistoryEntry[]> {
  const data = await api.get<MoneyHistoryResponse>(`${contactPath(contactId)}/financial-history`, { signal });
  return data.entries ?? [];
}

/** One gift's history (who recorded, changed, reviewed or remedied it), newest first. */
export async function fetchDonationHistory(donationId: string, signal?: AbortSignal): Promise<MoneyHistoryEntry[]> {
  const data = await api.get<MoneyHistoryResponse>(`/contacts/donations/${encodeURIComponent(donationId)}/history`, { signal });
  return data.entries ?? [];
}

export async function fetchCampaignOptions(signal?: AbortSignal): Promise<CampaignOption[]> {
  const data = await api.get<{ campaigns: CampaignOption[] }>('/campaigns', { signal });
  const campaigns = (data.campaigns ?? []) as { id: string; name: string; committeeId?: string | null }[];
  return campaigns.map(({ id, name, committeeId }) => ({ id, name, committeeId: committeeId ?? null }));
}

/** The contributor's aggregate, limit and room for each election of the committee (docs/product/compliance.md). */
export function fetchContributionLimits(contactId: string, committeeId: string, signal?: AbortSignal): Promise<LimitsResponse> {
  return api.get<LimitsResponse>('/compliance/limits', { signal, query: { contactId, committeeId } });
}

export function savePledge(contactId: string, pledgeId: string | null, body: PledgeBody): Promise<PledgeResponse> {
  return pledgeId
    ? api.put<PledgeResponse>(`/contacts/pledges/${encodeURIComponent(pledgeId)}`, body)
    : api.post<PledgeResponse>(`${contactPath(contactId)}/pledges`, body);
}

export function saveDonation(contactId: string, donationId: string | null, body: DonationBody): Promise<DonationResponse> {
  return donationId
    ? api.put<DonationResponse>(`/contacts/donations/${encodeURIComponent(donationId)}`, body)
    : api.post<DonationResponse>(`${contactPath(contactId)}/donations`, body);
}
