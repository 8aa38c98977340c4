import { z } from 'zod';
import type {
  donationResponseSchema,
  donationSchema,
  donationsResponseSchema,
  financialSummarySchema,
  pledgeResponseSchema,
  pledgeSchema,
  pledgesResponseSchema,
} from './financials.responses';
import { dateRangeMessage, isInstantInRange, isRealDateInRange, MAX_MONEY, optionalTextField, toCents, withNumbersFromText } from './common';
import { ELECTION_CODE_MESSAGE, ELECTION_CODE_PATTERN } from './committees';

// Pledges and donations of a contact (docs/product/data.md, validation.md and limits-and-defaults.md). Only zod and types: bundled into browsers.

export const PLEDGE_FREQUENCY_VALUES = ['one_time', 'weekly', 'monthly', 'quarterly', 'annually'] as const;
export const PLEDGE_STATUS_VALUES = ['pending', 'confirmed', 'fulfilled', 'cancelled'] as const;
export const PAYMENT_METHOD_VALUES = ['cash', 'check', 'credit_card', 'ach', 'wire', 'paypal', 'venmo', 'zelle', 'in_kind', 'other'] as const;
export const DONATION_STATUS_VALUES = ['pending', 'completed', 'failed', 'refunded'] as const;

export const PLEDGE_AMOUNT_MESSAGE = 'Please enter a valid pledge amount';
export const DONATION_AMOUNT_MESSAGE = 'Please enter a valid donation amount';
export const CAMPAIGN_REQUIRED_MESSAGE = 'Please select a campaign';
export const PLEDGE_DATE_REQUIRED_MESSAGE = 'Pledge date is required';
export const DONATION_DATE_REQUIRED_MESSAGE = 'Donation date is required';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const blank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Amount of at least 0.01 that fits DECIMAL(14,2); anything else (missing, text, 0, 0.001, negative) answers with the form's text. */
function positiveAmount(message: string) {
  return z
    .number({ error: message })
    .refine((n) => toCents(n) > 0 && n <= MAX_MONEY, message)
    .transform(toCents);
}

function optionalMoney(field: string) {
  return z.preprocess(
    (value) => (blank(value) ? null : value),
    z
      .number({ error: `${field} must be a number` })
      .min(0, `${field} must be 0 or more`)
      .max(MAX_MONEY, `${field} is too large`)
      .transform(toCents)
      .nullable(),
  );
}

const optionalText = optionalTextField;

function requiredId(field: string, requiredMessage: string) {
  return z.preprocess(
    (value) => (blank(value) ? undefined : value),
    z.string({ error: (issue) => (issue.input === undefined ? requiredMessage : `${field} must be text`) }).max(36, `${field} is invalid`),
  );
}

/** A calendar date: 'YYYY-MM-DD' or an ISO date-time (the forms send ISO strings), kept as the UTC day. */
function dateText(field: string, requiredMessage?: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined && requiredMessage ? requiredMessage : `${field} must be a date`) })
    .refine((value) => (DATE_ONLY.test(value) || ISO_DATE_TIME.test(value)) && !Number.isNaN(Date.parse(value)), {
      message: `${field} must be a date`,
      abort: true,
    })
    .refine((value) => (DATE_ONLY.test(value) ? isRealDateInRange(value) : isInstantInRange(value)), dateRangeMessage(field))
    .transform((value) => (DATE_ONLY.test(value) ? value : new Date(value).toISOString().slice(0, 10)));
}

function requiredDate(field: string, requiredMessage: string) {
  return z.preprocess((value) => (blank(value) ? undefined : typeof value === 'string' ? value.trim() : value), dateText(field, requiredMessage));
}

function optionalDate(field: string) {
  return z.preprocess((value) => (blank(value) ? null : typeof value === 'string' ? value.trim() : value), dateText(field).nullable());
}

function optionalDateTime(field: string) {
  return z.preprocess(
    (value) => (blank(value) ? null : typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: `${field} must be an ISO date-time` })
      .refine((value) => (DATE_ONLY.test(value) || ISO_DATE_TIME.test(value)) && !Number.isNaN(Date.parse(value)), {
        message: `${field} must be an ISO date-time`,
        abort: true,
      })
      .refine((value) => (DATE_ONLY.test(value) ? isRealDateInRange(value) : isInstantInRange(value)), dateRangeMessage(field))
      .transform((value) => new Date(DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : value).toISOString())
      .nullable(),
  );
}

function choice<T extends readonly [string, ...string[]]>(field: string, values: T, fallback: T[number]) {
  return z.preprocess(
    (value) => (blank(value) ? undefined : value),
    z.enum(values, { error: `${field} must be one of: ${values.join(', ')}` }).default(fallback as never),
  ) as unknown as z.ZodType<T[number], T[number] | undefined | null>;
}

function flag(field: string) {
  return z.preprocess((value) => (value === undefined || value === null ? false : value), z.boolean({ error: `${field} must be true or false` }));
}

/** Body of POST /api/contacts/:id/pledges and PUT /api/contacts/pledges/:pledgeId. */
// Each builder's `field` is the label the donation and pledge forms show, so the API says the same.
export const pledgeInputSchema = z.object({
  pledgeAmount: positiveAmount(PLEDGE_AMOUNT_MESSAGE),
  frequency: choice('Frequency', PLEDGE_FREQUENCY_VALUES, 'one_time'),
  pledgeDate: requiredDate('Pledge date', PLEDGE_DATE_REQUIRED_MESSAGE),
  dueDate: optionalDate('Due date'),
  campaignId: requiredId('Campaign', CAMPAIGN_REQUIRED_MESSAGE),
  notes: optionalText('Notes', 10_000, { multiline: true }),
  paymentMethod: choice('Payment method', PAYMENT_METHOD_VALUES, 'cash'),
  isAnonymous: flag('Anonymous pledge'),
  solicitorId: optionalText('Solicitor', 36),
  status: choice('Status', PLEDGE_STATUS_VALUES, 'pending'),
});

export type PledgeInput = z.input<typeof pledgeInputSchema>;
export type PledgeValues = z.output<typeof pledgeInputSchema>;

/** Body of POST /api/contacts/:id/donations and PUT /api/contacts/donations/:donationId. */
export const donationInputSchema = z.object({
  donationAmount: positiveAmount(DONATION_AMOUNT_MESSAGE),
  paymentMethod: choice('Payment method', PAYMENT_METHOD_VALUES, 'cash'),
  status: choice('Status', DONATION_STATUS_VALUES, 'completed'),
  donationDate: requiredDate('Donation date', DONATION_DATE_REQUIRED_MESSAGE),
  processedDate: optionalDateTime('Processed date'),
  campaignId: requiredId('Campaign', CAMPAIGN_REQUIRED_MESSAGE),
  pledgeId: optionalText('Pledge', 36),
  checkNumber: optionalText('Check number', 64),
  transactionId: optionalText('Transaction ID', 255),
  referenceNumber: optionalText('Reference number', 255),
  notes: optionalText('Notes', 10_000, { multiline: true }),
  isAnonymous: flag('Anonymous donation'),
  isRecurring: flag('Recurring donation'),
  solicitorId: optionalText('Solicitor', 36),
  taxDeductibleAmount: optionalMoney('Tax deductible amount'),
  netAmount: optionalMoney('Net amount'),
  inKindDescription: optionalText('In-kind description', 10_000, { multiline: true }),
  fairMarketValue: optionalMoney('Fair market value'),
  /**
   * The election the gift counts toward (docs/product/compliance.md), e.g. P2026; one of the elections of the
   * campaign's committee. Absent: the committee's next election on or after the donation date.
   */
  electionCode: z.preprocess(
    (value) => (blank(value) ? null : typeof value === 'string' ? value.trim().toUpperCase() : value),
    z.string({ error: ELECTION_CODE_MESSAGE }).regex(ELECTION_CODE_PATTERN, ELECTION_CODE_MESSAGE).nullable(),
  ),
});

export type DonationInput = z.input<typeof donationInputSchema>;
export type DonationValues = z.output<typeof donationInputSchema>;

/** The pledge form's values: what its inputs hold (text for amounts and dates). */
export type PledgeFormValues = {
  pledgeAmount: string;
  frequency: string;
  pledgeDate: string;
  dueDate: string;
  campaignId: string;
  paymentMethod: string;
  status: string;
  notes: string;
  isAnonymous: boolean;
};

/** The donation form's values: what its inputs hold (text for amounts and dates). */
export type DonationFormValues = {
  donationAmount: string;
  paymentMethod: string;
  status: string;
  donationDate: string;
  processedDate: string;
  campaignId: string;
  pledgeId: string;
  checkNumber: string;
  transactionId: string;
  referenceNumber: string;
  notes: string;
  isAnonymous: boolean;
  isRecurring: boolean;
  taxDeductibleAmount: string;
  netAmount: string;
  inKindDescription: string;
  fairMarketValue: string;
  /** The election designation (docs/product/compliance.md); '' when the campaign's committee has no elections. */
  electionCode: string;
};

/** The pledge form's schema: the API's, reading the amount from the input's text. */
export const pledgeFormInput = withNumbersFromText<PledgeFormValues, typeof pledgeInputSchema>(pledgeInputSchema, ['pledgeAmount']);

/** The donation form's schema: the API's, reading the amounts from the inputs' text. */
export const donationFormInput = withNumbersFromText<DonationFormValues, typeof donationInputSchema>(donationInputSchema, [
  'donationAmount',
  'taxDeductibleAmount',
  'netAmount',
  'fairMarketValue',
]);

export type PledgeStatus = (typeof PLEDGE_STATUS_VALUES)[number];
export type DonationStatus = (typeof DONATION_STATUS_VALUES)[number];

/**
 * Only donations in this status count toward contact totals (totalDonated, donationCount, ...) and
 * campaign totals (amountRaised, donationCount). The demo and large seeds follow the same rule.
 */
export const COUNTED_DONATION_STATUS: DonationStatus = 'completed';

export type Pledge = z.output<typeof pledgeSchema>;

export type Donation = z.output<typeof donationSchema>;

/**
 * data of GET /api/contacts/:id/financials/summary. Pledges: count, pledged sum, fulfilled sum.
 * Donations: completed ones only (count, sum, average, latest date 'YYYY-MM-DD'), the last and the
 * largest gift (null without one), and the gifts dated in the current calendar year where the
 * account is (its timezone decides when the year turns).
 */
export type FinancialSummary = z.output<typeof financialSummarySchema>;

/** data of GET /api/contacts/:id/pledges */
export type PledgesResponse = z.output<typeof pledgesResponseSchema>;
/** data of POST /api/contacts/:id/pledges and PUT /api/contacts/pledges/:pledgeId */
export type PledgeResponse = z.output<typeof pledgeResponseSchema>;
/** data of GET /api/contacts/:id/donations */
export type DonationsResponse = z.output<typeof donationsResponseSchema>;
/** data of POST /api/contacts/:id/donations and PUT /api/contacts/donations/:donationId */
export type DonationResponse = z.output<typeof donationResponseSchema>;
