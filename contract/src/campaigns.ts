import { z } from 'zod';
import type {
  campaignDetailResponseSchema,
  campaignDonationsResponseSchema,
  campaignDonorsResponseSchema,
  campaignSchema,
  campaignsResponseSchema,
  campaignTotalsResponseSchema,
  committeesResponseSchema,
  donationAccountsResponseSchema,
} from './campaigns.responses';
import type { deletedSchema } from './common.responses';
import {
  dateRangeMessage,
  isInstantInRange,
  isRealDateInRange,
  isWebUrl,
  limitOffsetQuery,
  MAX_MONEY,
  optionalTextField,
  safeText,
  searchParam,
  TEXT_COLUMN_BYTES,
  type TextOptions,
  toCents,
  utf8Bytes,
  withNumbersFromText,
} from './common';

export const CAMPAIGN_STATUS_VALUES = ['draft', 'active', 'paused', 'completed', 'archived'] as const;

export const CAMPAIGN_TYPE_VALUES = ['fundraising', 'advocacy', 'awareness', 'gotv', 'petition', 'event', 'volunteer', 'educational', 'membership'] as const;

/** docs/product/limits-and-defaults.md (Campaign defaults). */
export const DEFAULT_SUGGESTED_AMOUNTS = [25, 50, 100, 250, 500, 1000];

export const campaignsQuerySchema = z.object({
  search: searchParam,
  status: z.enum([...CAMPAIGN_STATUS_VALUES, 'all'], { error: `status must be one of: all, ${CAMPAIGN_STATUS_VALUES.join(', ')}` }).optional(),
});

export type CampaignsQuery = z.input<typeof campaignsQuerySchema>;

const blank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Field builders shared by the campaign and event bodies, so both answer the same way: a blank
 * optional is null, a missing required field gets the form's text, a wrong type names the field.
 * `field` is the field's label as the form shows it, so the API's 400 and the form say the same.
 */
export const planningInputs = {
  requiredText(field: string, max: number, requiredMessage: string, options: TextOptions = {}) {
    return z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() : value),
      safeText(
        z
          .string({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : `${field} must be text`) })
          .min(1, requiredMessage)
          .max(max, `${field} must be at most ${max} characters`)
          .refine((text) => utf8Bytes(text) <= TEXT_COLUMN_BYTES, `${field} is too long`),
        field,
        options,
      ),
    );
  },

  optionalText: optionalTextField,

  /**
   * An optional web address a page links to (an event's virtual URL): http or https only, so no
   * javascript:, data: or vbscript: address ever reaches an href.
   */
  optionalWebUrl(field: string, max: number) {
    const message = `${field} must be a web address starting with http:// or https://`;
    return z.preprocess(
      (value) => (blank(value) ? null : typeof value === 'string' ? value.trim() : value),
      safeText(
        z
          .string({ error: `${field} must be text` })
          .max(max, `${field} must be at most ${max} characters`)
          .refine((text) => isWebUrl(text), message),
        field,
      ).nullable(),
    );
  },

  optionalId(field: string) {
    return z.preprocess(
      (value) => (blank(value) ? null : value),
      z
        .string({ error: `${field} must be text` })
        .max(36, `${field} is invalid`)
        .nullable(),
    );
  },

  /**
   * A calendar day (YYYY-MM-DD), or null: a campaign's start or end day means that day in every time
   * zone, so it is never turned into an instant. An ISO instant is read as its UTC day: that is what
   * clients that sent a day as its UTC start or end (T00:00:00.000Z / T23:59:59.999Z) meant.
   */
  optionalDay(field: string) {
    return z.preprocess(
      (value) => (blank(value) ? null : typeof value === 'string' ? value.trim() : value),
      z
        .string({ error: `${field} must be a date (YYYY-MM-DD)` })
        .refine((text) => DATE_ONLY.test(text) || ISO_DATE_TIME.test(text), { message: `${field} must be a date (YYYY-MM-DD)`, abort: true })
        .refine((text) => (DATE_ONLY.test(text) ? isRealDateInRange(text) : isInstantInRange(text)), dateRangeMessage(field))
        .transform((text) => (DATE_ONLY.test(text) ? text : new Date(text).toISOString().slice(0, 10)))
        .nullable(),
    );
  },

  /**
   * A calendar day (YYYY-MM-DD: an all-day event, kept as that day) or an ISO instant (kept in UTC),
   * or null.
   */
  optionalDayOrInstant(field: string) {
    return z.preprocess(
      (value) => (blank(value) ? null : typeof value === 'string' ? value.trim() : value),
      z
        .string({ error: `${field} must be a date (YYYY-MM-DD) or an ISO date-time` })
        .refine((text) => DATE_ONLY.test(text) || ISO_DATE_TIME.test(text), {
          message: `${field} must be a date (YYYY-MM-DD) or an ISO date-time`,
          abort: true,
        })
        .refine((text) => (DATE_ONLY.test(text) ? isRealDateInRange(text) : isInstantInRange(text)), dateRangeMessage(field))
        .transform((text) => (DATE_ONLY.test(text) ? text : new Date(text).toISOString()))
        .nullable(),
    );
  },

  money(field: string, fallback: number, minMessage = `${field} must be 0 or more`) {
    return z
      .number({ error: `${field} must be a number` })
      .min(0, minMessage)
      .max(MAX_MONEY, `${field} is too large`)
      .transform(toCents)
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

  /**
   * 'End date must be after start date' when the start is later than the end (docs/product/validation.md). Both
   * are days or both are instants: a day and an instant cannot be compared without a time zone.
   */
  checkEndAfterStart(input: { startDate: string | null; endDate: string | null }, ctx: z.RefinementCtx): void {
    const { startDate, endDate } = input;
    if (!startDate || !endDate) return;
    if (isCalendarDay(startDate) !== isCalendarDay(endDate)) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'Give the end a time when the start has one, or neither' });
    } else if (isCalendarDay(startDate) ? startDate > endDate : Date.parse(startDate) > Date.parse(endDate)) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date must be after start date' });
    }
  },
};

const f = planningInputs;

/** True for a calendar day ('2026-11-30'), false for an instant ('2026-11-30T19:00:00.000Z'). */
export function isCalendarDay(value: string): boolean {
  return DATE_ONLY.test(value);
}

/** Body of POST /api/campaigns and PUT /api/campaigns/:id (docs/product/validation.md, Campaign form). */
export const campaignInputSchema = z
  .object({
    name: f.requiredText('Campaign name', 255, 'Campaign name is required'),
    slug: f.requiredText('Slug', 255, 'Campaign slug is required'),
    description: f.optionalText('Description', 10_000, { multiline: true }),
    campaignType: z.enum(CAMPAIGN_TYPE_VALUES, {
      error: (issue) => (blank(issue.input) ? 'Campaign type is required' : `Campaign type must be one of: ${CAMPAIGN_TYPE_VALUES.join(', ')}`),
    }),
    status: z.enum(CAMPAIGN_STATUS_VALUES, { error: `Status must be one of: ${CAMPAIGN_STATUS_VALUES.join(', ')}` }).default('draft'),
    committeeId: f.optionalId('Committee'),
    donationAccountId: f.optionalId('Donation account'),
    fundraisingGoal: f.money('Fundraising goal', 0),
    contactGoal: f.count('Contact goal', 0),
    volunteerGoal: f.count('Volunteer goal', 0),
    startDate: f.optionalDay('Start date'),
    endDate: f.optionalDay('End date'),
    allowPublicDonations: f.flag('Allow public donations', false),
    donationMinimum: f.money('Minimum donation', 1, 'Minimum donation must be positive'),
    // 0 means no limit (docs/product/data.md).
    donationMaximum: f.money('Maximum donation', 0),
    // Kept unique and ascending, as the form keeps them.
    suggestedAmounts: z
      .array(
        z
          .number({ error: 'Suggested amounts must be a list of numbers' })
          .min(0, 'Suggested amounts must be 0 or more')
          .max(MAX_MONEY, 'Suggested amounts are too large'),
        { error: 'Suggested amounts must be a list of numbers' },
      )
      .max(50, 'Suggested amounts can hold at most 50 amounts')
      .default(DEFAULT_SUGGESTED_AMOUNTS)
      .transform((amounts) => [...new Set(amounts.map((n) => Math.round(n * 100) / 100))].sort((a, b) => a - b)),
  })
  .superRefine((input, ctx) => {
    f.checkEndAfterStart(input, ctx);
    if (input.donationMaximum > 0 && input.donationMaximum < input.donationMinimum) {
      ctx.addIssue({ code: 'custom', path: ['donationMaximum'], message: 'Maximum donation must be greater than minimum' });
    }
  });

/** What the campaign form's inputs hold as text where the API wants numbers. */
export type CampaignFormText = {
  fundraisingGoal: string;
  contactGoal: string;
  volunteerGoal: string;
  donationMinimum: string;
  donationMaximum: string;
};

/**
 * The campaign form's schema for the form's own value type: the API's, reading goals and donation
 * limits from the inputs' text (the form's dates, YYYY-MM-DD, are what the API reads already).
 */
export function campaignFormInput<Form extends CampaignFormText>() {
  return withNumbersFromText<Form, typeof campaignInputSchema>(campaignInputSchema, [
    'fundraisingGoal',
    'contactGoal',
    'volunteerGoal',
    'donationMinimum',
    'donationMaximum',
  ]);
}

export type CampaignInput = z.input<typeof campaignInputSchema>;
export type CampaignValues = z.output<typeof campaignInputSchema>;

export const donationAccountsQuerySchema = z.object({
  campaignId: z.string({ error: 'Campaign must be text' }).max(36, 'Campaign is invalid').optional(),
});

/** A campaign; startDate and endDate are calendar days, YYYY-MM-DD. */
export type Campaign = z.output<typeof campaignSchema>;

export type CommitteeOption = CommitteesResponse['committees'][number];
export type DonationAccountOption = DonationAccountsResponse['donationAccounts'][number];

/** data of GET /api/campaigns and POST /api/campaigns/refresh-all-totals */
export type CampaignsResponse = z.output<typeof campaignsResponseSchema>;
/** data of GET /api/campaigns/:id, POST /api/campaigns, PUT /api/campaigns/:id */
export type CampaignDetailResponse = z.output<typeof campaignDetailResponseSchema>;
/** data of DELETE /api/campaigns/:id */
export type CampaignDeleteResponse = z.output<typeof deletedSchema>;
/** data of GET /api/campaigns/committees */
export type CommitteesResponse = z.output<typeof committeesResponseSchema>;
/** data of GET /api/campaigns/donation-accounts */
export type DonationAccountsResponse = z.output<typeof donationAccountsResponseSchema>;

// ---- a campaign's own page: its money over time, donors and donations ----

export const CAMPAIGN_TOTALS_INTERVALS = ['month', 'week'] as const;
export type CampaignTotalsInterval = (typeof CAMPAIGN_TOTALS_INTERVALS)[number];

/** Query of GET /api/campaigns/:id/totals. */
export const campaignTotalsQuerySchema = z.object({
  interval: z.enum(CAMPAIGN_TOTALS_INTERVALS, { error: `interval must be one of: ${CAMPAIGN_TOTALS_INTERVALS.join(', ')}` }).default('month'),
});

/** Query of GET /api/campaigns/:id/donors and GET /api/campaigns/:id/donations. */
export const campaignPageQuerySchema = z.object(limitOffsetQuery);

export type CampaignTotalsQuery = z.input<typeof campaignTotalsQuerySchema>;
export type CampaignPageQuery = z.input<typeof campaignPageQuerySchema>;

/**
 * One period of a campaign's completed donations. periodStart is a calendar day: the 1st of the month,
 * or the Monday of the week (weeks run Monday to Sunday, as on the dashboard calendar); cumulativeRaised
 * is raised from the first period up to and including this one.
 */
export type CampaignTotalsPoint = CampaignTotalsResponse['points'][number];

/** data of GET /api/campaigns/:id/totals: every period from the first gift to the last, empty ones as 0. */
export type CampaignTotalsResponse = z.output<typeof campaignTotalsResponseSchema>;

/** A contact who gave to the campaign, with what their completed donations to it add up to (lastDonationDate: a calendar day). */
export type CampaignDonor = CampaignDonorsResponse['donors'][number];

/** data of GET /api/campaigns/:id/donors, largest total first. */
export type CampaignDonorsResponse = z.output<typeof campaignDonorsResponseSchema>;

/** A donation to the campaign, any status, with its donor's name (donationDate: a calendar day). */
export type CampaignDonation = CampaignDonationsResponse['donations'][number];

/** data of GET /api/campaigns/:id/donations, newest first. */
export type CampaignDonationsResponse = z.output<typeof campaignDonationsResponseSchema>;
