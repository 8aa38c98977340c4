import { z } from 'zod';
import { searchParam } from './common';

export const CAMPAIGN_STATUS_VALUES = ['draft', 'active', 'paused', 'completed', 'archived'] as const;

export const CAMPAIGN_TYPE_VALUES = [
  'fundraising',
  'advocacy',
  'awareness',
  'gotv',
  'petition',
  'event',
  'volunteer',
  'educational',
  'membership',
] as const;

/** SPEC point 9 (Campaign defaults). */
export const DEFAULT_SUGGESTED_AMOUNTS = [25, 50, 100, 250, 500, 1000];

export const campaignsQuerySchema = z.object({
  search: searchParam,
  status: z
    .enum([...CAMPAIGN_STATUS_VALUES, 'all'], { error: `status must be one of: all, ${CAMPAIGN_STATUS_VALUES.join(', ')}` })
    .optional()
    .transform((value) => (value === 'all' ? undefined : value)),
});

export type CampaignsQuery = z.input<typeof campaignsQuerySchema>;

const MAX_AMOUNT = 999_999_999_999;
const blank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Field builders shared by the campaign and event bodies, so both answer the same way: a blank
 * optional is null, a missing required field gets the form's text, a wrong type names the field.
 */
export const planningInputs = {
  requiredText(field: string, max: number, requiredMessage: string) {
    return z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() : value),
      z
        .string({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : `${field} must be text`) })
        .min(1, requiredMessage)
        .max(max, `${field} must be at most ${max} characters`),
    );
  },

  optionalText(field: string, max: number) {
    return z.preprocess(
      (value) => (blank(value) ? null : typeof value === 'string' ? value.trim() : value),
      z.string({ error: `${field} must be text` }).max(max, `${field} must be at most ${max} characters`).nullable(),
    );
  },

  optionalId(field: string) {
    return z.preprocess(
      (value) => (blank(value) ? null : value),
      z.string({ error: `${field} must be text` }).max(36, `${field} is invalid`).nullable(),
    );
  },

  /**
   * ISO date-time, or null. A bare date gets the start (or end) of that UTC day, the form's save
   * shaping, so a client that skips it stores the same instant.
   */
  optionalDateTime(field: string, edge: 'start' | 'end') {
    return z.preprocess(
      (value) => {
        if (blank(value)) return null;
        if (typeof value === 'string' && DATE_ONLY.test(value.trim())) {
          return `${value.trim()}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`;
        }
        return typeof value === 'string' ? value.trim() : value;
      },
      z
        .string({ error: `${field} must be an ISO date-time` })
        .regex(ISO_DATE_TIME, `${field} must be an ISO date-time`)
        .refine((text) => !Number.isNaN(Date.parse(text)), `${field} must be an ISO date-time`)
        .transform((text) => new Date(text).toISOString())
        .nullable(),
    );
  },

  money(field: string, fallback: number, minMessage = `${field} must be 0 or more`) {
    return z
      .number({ error: `${field} must be a number` })
      .min(0, minMessage)
      .max(MAX_AMOUNT, `${field} is too large`)
      .default(fallback);
  },

  count(field: string, fallback: number) {
    return z
      .number({ error: `${field} must be a number` })
      .int(`${field} must be a whole number`)
      .min(0, `${field} must be 0 or more`)
      .max(2_000_000_000, `${field} is too large`)
      .default(fallback);
  },

  flag(field: string, fallback: boolean) {
    return z.boolean({ error: `${field} must be true or false` }).default(fallback);
  },

  /** 'End date must be after start date' when the start is later than the end (SPEC point 5). */
  checkEndAfterStart(input: { startDate: string | null; endDate: string | null }, ctx: z.RefinementCtx): void {
    if (input.startDate && input.endDate && Date.parse(input.startDate) > Date.parse(input.endDate)) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date must be after start date' });
    }
  },
};

const f = planningInputs;

/** Body of POST /api/campaigns and PUT /api/campaigns/:id (SPEC point 5, Campaign form). */
export const campaignInputSchema = z
  .object({
    name: f.requiredText('name', 255, 'Campaign name is required'),
    slug: f.requiredText('slug', 255, 'Campaign slug is required'),
    description: f.optionalText('description', 10_000),
    campaignType: z.enum(CAMPAIGN_TYPE_VALUES, {
      error: (issue) =>
        blank(issue.input) ? 'Campaign type is required' : `campaignType must be one of: ${CAMPAIGN_TYPE_VALUES.join(', ')}`,
    }),
    status: z
      .enum(CAMPAIGN_STATUS_VALUES, { error: `status must be one of: ${CAMPAIGN_STATUS_VALUES.join(', ')}` })
      .default('draft'),
    committeeId: f.optionalId('committeeId'),
    donationAccountId: f.optionalId('donationAccountId'),
    fundraisingGoal: f.money('fundraisingGoal', 0),
    contactGoal: f.count('contactGoal', 0),
    volunteerGoal: f.count('volunteerGoal', 0),
    startDate: f.optionalDateTime('startDate', 'start'),
    endDate: f.optionalDateTime('endDate', 'end'),
    allowPublicDonations: f.flag('allowPublicDonations', false),
    donationMinimum: f.money('donationMinimum', 1, 'Minimum donation must be positive'),
    // 0 means no limit (SPEC point 3).
    donationMaximum: f.money('donationMaximum', 0),
    // Kept unique and ascending, as the form keeps them.
    suggestedAmounts: z
      .array(
        z
          .number({ error: 'suggestedAmounts must be a list of numbers' })
          .min(0, 'suggestedAmounts must be 0 or more')
          .max(MAX_AMOUNT, 'suggestedAmounts are too large'),
        { error: 'suggestedAmounts must be a list of numbers' },
      )
      .max(50, 'suggestedAmounts can hold at most 50 amounts')
      .default(DEFAULT_SUGGESTED_AMOUNTS)
      .transform((amounts) => [...new Set(amounts.map((n) => Math.round(n * 100) / 100))].sort((a, b) => a - b)),
  })
  .superRefine((input, ctx) => {
    f.checkEndAfterStart(input, ctx);
    if (input.donationMaximum > 0 && input.donationMaximum < input.donationMinimum) {
      ctx.addIssue({ code: 'custom', path: ['donationMaximum'], message: 'Maximum donation must be greater than minimum' });
    }
  });

export type CampaignInput = z.input<typeof campaignInputSchema>;
export type CampaignValues = z.output<typeof campaignInputSchema>;

export const donationAccountsQuerySchema = z.object({
  campaignId: z.string({ error: 'campaignId must be text' }).max(36, 'campaignId is invalid').optional(),
});

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

export type CommitteeOption = { id: string; name: string; committeeType: string };
export type DonationAccountOption = { id: string; name: string; accountType: string };

/** data of GET /api/campaigns and POST /api/campaigns/refresh-all-totals */
export type CampaignsResponse = { campaigns: Campaign[] };
/** data of GET /api/campaigns/:id, POST /api/campaigns, PUT /api/campaigns/:id */
export type CampaignDetailResponse = { campaign: Campaign };
/** data of DELETE /api/campaigns/:id */
export type CampaignDeleteResponse = { deleted: true };
/** data of GET /api/campaigns/committees */
export type CommitteesResponse = { committees: CommitteeOption[] };
/** data of GET /api/campaigns/donation-accounts */
export type DonationAccountsResponse = { donationAccounts: DonationAccountOption[] };
