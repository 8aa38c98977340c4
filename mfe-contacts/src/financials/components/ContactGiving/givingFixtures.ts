// Test-only answers of the financials API for a contact's page (not exported from the feature).
import type { MockReply } from '@caucus/platform/testing';
import type { Donation, FinancialSummary, MoneyHistoryEntry, Pledge } from '../../api/financialsApi';

export const NO_GIFTS_SUMMARY: FinancialSummary = {
  pledges: { total: 0, totalAmount: 0, totalFulfilled: 0 },
  donations: {
    completed: 0,
    totalAmount: 0,
    averageAmount: 0,
    lastDonationDate: null,
    lastDonationAmount: null,
    largestDonationAmount: null,
    largestDonationDate: null,
    thisYear: { year: 2026, completed: 0, totalAmount: 0 },
  },
};

export type GivingData = { summary?: FinancialSummary; donations?: Donation[]; pledges?: Pledge[]; history?: MoneyHistoryEntry[] };

/** The reply to a GET of the contact's summary, donations or pledges; undefined for any other URL. */
export function givingReply(url: URL, data: GivingData = {}): MockReply | undefined {
  if (url.pathname.endsWith('/financials/summary')) return { body: { data: data.summary ?? NO_GIFTS_SUMMARY } };
  if (url.pathname.endsWith('/donations')) return { body: { data: { donations: data.donations ?? [] } } };
  if (url.pathname.endsWith('/pledges')) return { body: { data: { pledges: data.pledges ?? [] } } };
  if (url.pathname.endsWith('/financial-history')) return { body: { data: { entries: data.history ?? [] } } };
  return undefined;
}

/** A completed cash gift of $100 to campaign cmp-1 with every optional field empty; override what a test needs. */
export function aDonation(overrides: Partial<Donation> = {}): Donation {
  return {
    id: 'd1',
    contactId: 'c1',
    donationAmount: 100,
    paymentMethod: 'cash',
    status: 'completed',
    donationDate: '2026-05-04',
    processedDate: null,
    campaignId: 'cmp-1',
    campaign: { id: 'cmp-1', name: 'House Race' },
    pledgeId: null,
    pledge: null,
    checkNumber: null,
    transactionId: null,
    referenceNumber: null,
    notes: null,
    isAnonymous: false,
    isRecurring: false,
    solicitorId: null,
    taxDeductibleAmount: null,
    netAmount: null,
    inKindDescription: null,
    fairMarketValue: null,
    electionCode: null,
    excessAmount: null,
    remedyDeadline: null,
    remedyAction: null,
    remedyOfId: null,
    needsReview: false,
    createdAt: null,
    updatedAt: null,
    ...overrides,
  };
}
