import { z } from 'zod';
import { searchParam } from './common';

export const CAMPAIGN_STATUS_VALUES = ['draft', 'active', 'paused', 'completed', 'archived'] as const;

export const campaignsQuerySchema = z.object({
  search: searchParam,
  status: z
    .enum([...CAMPAIGN_STATUS_VALUES, 'all'], { error: `status must be one of: all, ${CAMPAIGN_STATUS_VALUES.join(', ')}` })
    .optional()
    .transform((value) => (value === 'all' ? undefined : value)),
});

export type CampaignsQuery = z.input<typeof campaignsQuerySchema>;

export type Campaign = {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  campaignType: string;
  status: (typeof CAMPAIGN_STATUS_VALUES)[number];
  committeeId: string | null;
  donationAccountId: string | null;
  committee: { id: string; name: string } | null;
  donationAccount: { id: string; name: string } | null;
  fundraisingGoal: number;
  contactGoal: number;
  volunteerGoal: number;
  startDate: string | null;
  endDate: string | null;
  allowPublicDonations: boolean;
  donationMinimum: number;
  donationMaximum: number;
  suggestedAmounts: number[];
  amountRaised: number;
  donationCount: number;
  contactsReached: number;
  volunteersRecruited: number;
  isActive: boolean;
  createdAt: string | null;
  updatedAt: string | null;
};

/** data of GET /api/campaigns */
export type CampaignsResponse = { campaigns: Campaign[] };
/** data of GET /api/campaigns/:id */
export type CampaignDetailResponse = { campaign: Campaign };
