import { z } from 'zod';
import type {
  contributorTypeResponseSchema,
  excessiveResponseSchema,
  fortyEightHourNoticesResponseSchema,
  limitSettingsResponseSchema,
  limitsResponseSchema,
  remedyResponseSchema,
  scheduleAResponseSchema,
  scheduleARowSchema,
} from './compliance.responses';
import { isRealDateInRange, MAX_MONEY, toCents } from './common';
import { ELECTION_CODE_MESSAGE, ELECTION_CODE_PATTERN } from './committees';

// FEC compliance (docs/product/compliance.md): contribution limits per election, the excessive-contribution queue and
// its remedies, Schedule A and 48-hour notices. Only zod and types: bundled into browsers.

/** Who gives: the limits differ by contributor (11 CFR 110.1, 110.2). */
export const CONTRIBUTOR_TYPE_VALUES = ['individual', 'multicandidate_pac', 'pac', 'party'] as const;
export type ContributorType = (typeof CONTRIBUTOR_TYPE_VALUES)[number];

/**
 * The FEC's per-election limits to a candidate committee for the 2025-26 cycle; an account's own rows
 * (PUT /api/compliance/limit-settings) take precedence, and a cycle without a row uses the latest
 * earlier one.
 */
export const DEFAULT_CONTRIBUTION_LIMITS: readonly ContributionLimit[] = [
  { cycle: 2026, contributorType: 'individual', amount: 3500 },
  { cycle: 2026, contributorType: 'multicandidate_pac', amount: 5000 },
  { cycle: 2026, contributorType: 'pac', amount: 3500 },
  { cycle: 2026, contributorType: 'party', amount: 5000 },
];

/** Days a committee has to refund, redesignate or reattribute an excessive contribution (11 CFR 103.3(b)(3)). */
export const REMEDY_DAYS = 60;
/** Receipts of this much or more in the last 20 days before an election need a 48-hour notice (Form 6). */
export const FORTY_EIGHT_HOUR_THRESHOLD = 1000;
/** A contributor is itemized on Schedule A once their aggregate passes this. */
export const ITEMIZATION_THRESHOLD = 200;
/** What a report says when employer or occupation is missing after best efforts. */
export const INFORMATION_REQUESTED = 'INFORMATION REQUESTED';

/** The two-year cycle an election year belongs to (2025 and 2026 -> 2026). */
export const cycleOfYear = (year: number): number => (year % 2 === 0 ? year : year + 1);

export const REMEDY_ACTION_VALUES = ['refund', 'redesignate', 'reattribute'] as const;
export type RemedyAction = (typeof REMEDY_ACTION_VALUES)[number];
export const SCHEDULE_A_FORMAT_VALUES = ['json', 'csv', 'fec'] as const;

export const CONTACT_ID_REQUIRED = 'Contact is required';
export const COMMITTEE_ID_REQUIRED = 'Committee is required';
export const LIMIT_AMOUNT_MESSAGE = 'Limit amount must be a positive amount of at most 999,999,999,999.99';
export const LIMIT_CYCLE_MESSAGE = 'Cycle must be an even year between 1976 and 2100 (e.g. 2026)';
export const CONTRIBUTOR_TYPE_MESSAGE = `Contributor type must be one of: ${CONTRIBUTOR_TYPE_VALUES.join(', ')}`;
export const REFUND_DATE_MESSAGE = 'Refund date must be a real date YYYY-MM-DD between 1900 and 2100';
export const CHECK_NUMBER_MESSAGE = 'Check number must be text of at most 64 characters';
export const REMEDY_ACTION_MESSAGE = `action must be one of: ${REMEDY_ACTION_VALUES.join(', ')}`;
export const REATTRIBUTE_CONTACT_REQUIRED = 'Choose the joint account holder to reattribute the excess to';
export const DATE_RANGE_ORDER_MESSAGE = 'from must be on or before to';

const blank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function requiredQueryText(requiredMessage: string) {
  return z.preprocess((value) => (blank(value) ? undefined : value), z.string({ error: requiredMessage }).max(36, requiredMessage));
}

function queryDate(field: string) {
  const message = `${field} must be a date YYYY-MM-DD between 1900 and 2100`;
  return z.preprocess((value) => (blank(value) ? undefined : value), z.string({ error: message }).refine(isRealDateInRange, message));
}

/** Query of GET /api/compliance/limits */
export const limitsQuerySchema = z.object({
  contactId: requiredQueryText(CONTACT_ID_REQUIRED),
  committeeId: requiredQueryText(COMMITTEE_ID_REQUIRED),
});

/** Query of GET /api/compliance/excessive and GET /api/compliance/48-hour-notices */
export const committeeQuerySchema = z.object({ committeeId: requiredQueryText(COMMITTEE_ID_REQUIRED) });

/** Query of GET /api/compliance/schedule-a: receipts dated from..to (calendar days, both included). */
export const scheduleAQuerySchema = z
  .object({
    committeeId: requiredQueryText(COMMITTEE_ID_REQUIRED),
    from: queryDate('from'),
    to: queryDate('to'),
    format: z.preprocess(
      (value) => (blank(value) ? undefined : value),
      z.enum(SCHEDULE_A_FORMAT_VALUES, { error: `format must be one of: ${SCHEDULE_A_FORMAT_VALUES.join(', ')}` }).default('json'),
    ),
  })
  .refine((query) => query.from <= query.to, { message: DATE_RANGE_ORDER_MESSAGE, path: ['from'] });

export const contributionLimitInputSchema = z.object({
  cycle: z
    .number({ error: LIMIT_CYCLE_MESSAGE })
    .int(LIMIT_CYCLE_MESSAGE)
    .min(1976, LIMIT_CYCLE_MESSAGE)
    .max(2100, LIMIT_CYCLE_MESSAGE)
    .refine((year) => year % 2 === 0, LIMIT_CYCLE_MESSAGE),
  contributorType: z.enum(CONTRIBUTOR_TYPE_VALUES, { error: CONTRIBUTOR_TYPE_MESSAGE }),
  amount: z
    .number({ error: LIMIT_AMOUNT_MESSAGE })
    .refine((n) => toCents(n) > 0 && n <= MAX_MONEY, LIMIT_AMOUNT_MESSAGE)
    .transform(toCents),
});

/** Body of PUT /api/compliance/limit-settings: the rows to set (others keep their value). */
export const limitSettingsInputSchema = z.object({
  limits: z
    .array(contributionLimitInputSchema, { error: 'limits must be a list' })
    .min(1, 'limits must name at least one limit')
    .max(200, 'At most 200 limits')
    .refine((rows) => new Set(rows.map((r) => `${r.cycle}:${r.contributorType}`)).size === rows.length, 'Each cycle and contributor type may appear only once'),
});

/** Body of PUT /api/compliance/contributors/:contactId */
export const contributorTypeInputSchema = z.object({
  contributorType: z.enum(CONTRIBUTOR_TYPE_VALUES, { error: CONTRIBUTOR_TYPE_MESSAGE }),
});

/** Body of POST /api/compliance/excessive/:donationId/remedy */
export const remedyInputSchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('refund'),
      /** The day the refund check goes out (the disbursement's date): today in the workspace's timezone when absent. */
      refundDate: z
        .preprocess(
          (value) => (blank(value) ? null : typeof value === 'string' ? value.trim() : value),
          z.string({ error: REFUND_DATE_MESSAGE }).refine(isRealDateInRange, REFUND_DATE_MESSAGE).nullable(),
        )
        .optional(),
      checkNumber: z
        .preprocess(
          (value) => (blank(value) ? null : typeof value === 'string' ? value.trim() : value),
          z.string({ error: CHECK_NUMBER_MESSAGE }).max(64, CHECK_NUMBER_MESSAGE).nullable(),
        )
        .optional(),
    }),
    z.object({
      action: z.literal('redesignate'),
      /** The election to move the excess to; the committee's next election after the gift's when absent. */
      electionCode: z.preprocess(
        (value) => (blank(value) ? null : typeof value === 'string' ? value.trim().toUpperCase() : value),
        z.string({ error: ELECTION_CODE_MESSAGE }).regex(ELECTION_CODE_PATTERN, ELECTION_CODE_MESSAGE).nullable(),
      ),
    }),
    z.object({
      action: z.literal('reattribute'),
      contactId: z.preprocess(
        (value) => (blank(value) ? undefined : value),
        z.string({ error: REATTRIBUTE_CONTACT_REQUIRED }).max(36, REATTRIBUTE_CONTACT_REQUIRED),
      ),
    }),
  ],
  { error: REMEDY_ACTION_MESSAGE },
);

export type LimitSettingsInput = z.input<typeof limitSettingsInputSchema>;
export type RemedyInput = z.input<typeof remedyInputSchema>;
export type RemedyValues = z.output<typeof remedyInputSchema>;

export type ContributionLimit = Omit<LimitSettingsResponse['limits'][number], 'source'>;

/** data of GET and PUT /api/compliance/limit-settings: the table in effect, and which rows the account set. */
export type LimitSettingsResponse = z.output<typeof limitSettingsResponseSchema>;

/** data of PUT /api/compliance/contributors/:contactId */
export type ContributorTypeResponse = z.output<typeof contributorTypeResponseSchema>;

export type ElectionLimit = LimitsResponse['elections'][number];

/** data of GET /api/compliance/limits */
export type LimitsResponse = z.output<typeof limitsResponseSchema>;

export type ExcessiveContribution = ExcessiveResponse['contributions'][number];

/** data of GET /api/compliance/excessive: earliest deadline first. */
export type ExcessiveResponse = z.output<typeof excessiveResponseSchema>;

/**
 * data of POST /api/compliance/excessive/:donationId/remedy. The excess leaves the original gift
 * (its amount drops by it) and becomes its own row: a refunded one (refund), or a completed one for
 * the next election (redesignate) or for the other contact (reattribute), linked by remedyOfId.
 */
export type RemedyResponse = z.output<typeof remedyResponseSchema>;

/** One itemized receipt, with the field names of the FEC's INDIVIDUAL_RECEIPT schema (plus election_code of SchA). */
export type ScheduleARow = z.output<typeof scheduleARowSchema>;

/** A row the FEC would refuse as it stands (a contributor without a street, say): fix the contact, then export again. */
export type ScheduleAWarning = ScheduleAResponse['warnings'][number];

/** data of GET /api/compliance/schedule-a (format=json) */
export type ScheduleAResponse = z.output<typeof scheduleAResponseSchema>;

export type FortyEightHourNotice = FortyEightHourNoticesResponse['notices'][number];

/** data of GET /api/compliance/48-hour-notices, earliest due first. */
export type FortyEightHourNoticesResponse = z.output<typeof fortyEightHourNoticesResponseSchema>;
