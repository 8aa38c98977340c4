import { z } from 'zod';
import { isRealDateInRange, MAX_MONEY, optionalTextField, toCents } from './common';
import { ELECTION_CODE_MESSAGE, ELECTION_CODE_PATTERN, STATE_MESSAGE, ZIP_MESSAGE } from './committees';
import type {
  aggregateResponseSchema,
  cashResponseSchema,
  checkProblemSchema,
  disbursementListResponseSchema,
  disbursementResponseSchema,
  disbursementSchema,
  fecReportListResponseSchema,
  fecReportResponseSchema,
  fecReportSchema,
  ledgerEntrySchema,
  lineEntriesResponseSchema,
  noticeFiledResponseSchema,
  reconciliationSchema,
  summaryLineSchema,
} from './fecReports.responses';

// Money going out of a committee and the FEC report (Form 3 / 3X) that summarises a period: request
// schemas the API validates with and the forms reuse, and the response types, inferred from the
// schemas in fecReports.responses.ts (taken as types only, so they stay out of the browser bundles:
// docs/adr/0020-the-contract-package.md). Only zod and types: bundled into browsers.

/** The FEC's disbursement category codes (Form 3X instructions, Schedule B "category/type"). */
export const DISBURSEMENT_CATEGORIES = {
  '001': 'Administrative/Salary/Overhead Expenses',
  '002': 'Travel Expenses',
  '003': 'Solicitation and Fundraising Expenses',
  '004': 'Advertising Expenses',
  '005': 'Polling Expenses',
  '006': 'Campaign Materials',
  '007': 'Campaign Event Expenses',
  '008': 'Transfers',
  '009': 'Loan Repayments',
  '010': 'Refunds of Contributions',
  '011': 'Political Contributions',
  '012': 'Donations',
} as const;
export const DISBURSEMENT_CATEGORY_VALUES = Object.keys(DISBURSEMENT_CATEGORIES) as [
  keyof typeof DISBURSEMENT_CATEGORIES,
  ...(keyof typeof DISBURSEMENT_CATEGORIES)[],
];
export type DisbursementCategory = keyof typeof DISBURSEMENT_CATEGORIES;

/** operating: line 17 (F3) / 21(b) (F3X); refund of a contribution: line 20 / 28; other: line 21 / 29. */
export const DISBURSEMENT_KIND_VALUES = ['operating', 'refund', 'other'] as const;
export type DisbursementKind = (typeof DISBURSEMENT_KIND_VALUES)[number];
export const PAYEE_ENTITY_VALUES = ['IND', 'ORG', 'COM', 'PAC', 'PTY', 'CAN'] as const;
export const DISBURSEMENT_METHOD_VALUES = ['check', 'ach', 'wire', 'debit_card', 'credit_card', 'cash', 'other'] as const;

export const REPORT_CODE_VALUES = ['Q1', 'Q2', 'Q3', 'YE', '12P', '12G', '30G', 'M2', 'M3', 'M4', 'M5', 'M6', 'M7', 'M8', 'M9', 'M10', 'M11', 'M12'] as const;
export type ReportCode = (typeof REPORT_CODE_VALUES)[number];
export const ELECTION_REPORT_CODES: readonly ReportCode[] = ['12P', '12G', '30G'];

export const DISBURSEMENT_AMOUNT_MESSAGE = 'Amount must be a positive amount of at most 999,999,999,999.99';
export const DISBURSEMENT_DATE_MESSAGE = 'Date must be a real date YYYY-MM-DD between 1900 and 2100';
export const PURPOSE_REQUIRED = 'Purpose is required (the FEC wording, e.g. "Printing" or "Contribution refund")';
export const COMMITTEE_REQUIRED = 'Committee is required';
export const PAYEE_REQUIRED = 'Payee is required: a contact, or an organization name, or a first and last name';
export const REFUND_DONATION_REQUIRED = 'A refund names the contribution it refunds';
export const CATEGORY_MESSAGE = `Category must be one of: ${DISBURSEMENT_CATEGORY_VALUES.join(', ')}`;
export const REPORT_CODE_MESSAGE = `Report code must be one of: ${REPORT_CODE_VALUES.join(', ')}`;
export const REPORT_YEAR_MESSAGE = 'Year must be a year between 1976 and 2100';
export const ELECTION_REQUIRED_MESSAGE = 'A pre- or post-election report (12P, 12G, 30G) needs the election';
export const OPENING_CASH_MESSAGE = 'Opening cash on hand must be 0 or more';
export const STATEMENT_BALANCE_MESSAGE = 'Statement balance must be a number';
export const MONTH_MESSAGE = 'Month must be YYYY-MM';
export const THROUGH_MESSAGE = 'through must be a date YYYY-MM-DD between 1900 and 2100';
export const FILED_AT_MESSAGE = 'Filed on must be a real date YYYY-MM-DD';

const blank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

function requiredText(field: string, requiredMessage: string, max: number) {
  return z.preprocess(
    (value) => (blank(value) ? undefined : trimmed(value)),
    z
      .string({ error: (issue) => (issue.input === undefined ? requiredMessage : `${field} must be text`) })
      .max(max, `${field} must be at most ${max} characters`),
  );
}

function calendarDate(message: string) {
  return z.preprocess((value) => (blank(value) ? undefined : trimmed(value)), z.string({ error: message }).refine(isRealDateInRange, message));
}

function optionalCalendarDate(message: string) {
  return z.preprocess((value) => (blank(value) ? null : trimmed(value)), z.string({ error: message }).refine(isRealDateInRange, message).nullable());
}

function optionalPattern(pattern: RegExp, message: string, normalise: (text: string) => string = (text) => text) {
  return z.preprocess(
    (value) => (blank(value) ? null : typeof value === 'string' ? normalise(value.trim()) : value),
    z.string({ error: message }).regex(pattern, message).nullable(),
  );
}

function choice<T extends readonly [string, ...string[]]>(field: string, values: T, fallback: T[number]) {
  return z.preprocess(
    (value) => (blank(value) ? undefined : value),
    z.enum(values, { error: `${field} must be one of: ${values.join(', ')}` }).default(fallback as never),
  ) as unknown as z.ZodType<T[number], T[number] | undefined | null>;
}

const positiveAmount = z
  .number({ error: DISBURSEMENT_AMOUNT_MESSAGE })
  .refine((n) => toCents(n) > 0 && n <= MAX_MONEY, DISBURSEMENT_AMOUNT_MESSAGE)
  .transform(toCents);

/** Body of POST /api/disbursements and PUT /api/disbursements/:id. */
export const disbursementInputSchema = z
  .object({
    committeeId: requiredText('Committee', COMMITTEE_REQUIRED, 36),
    donationAccountId: optionalTextField('Donation account', 36),
    kind: choice('Kind', DISBURSEMENT_KIND_VALUES, 'operating'),
    refundOfDonationId: optionalTextField('Refunded contribution', 36),
    payeeContactId: optionalTextField('Payee contact', 36),
    entityType: choice('Payee type', PAYEE_ENTITY_VALUES, 'ORG'),
    payeeOrganizationName: optionalTextField('Payee organization', 200),
    payeeFirstName: optionalTextField('Payee first name', 20),
    payeeLastName: optionalTextField('Payee last name', 30),
    payeeStreet1: optionalTextField('Payee street', 34),
    payeeStreet2: optionalTextField('Payee street (line 2)', 34),
    payeeCity: optionalTextField('Payee city', 30),
    payeeState: optionalPattern(/^[A-Z]{2}$/, STATE_MESSAGE, (text) => text.toUpperCase()),
    payeeZip: optionalPattern(/^(\d{5}|\d{9})$/, ZIP_MESSAGE, (text) => text.replace('-', '')),
    amount: positiveAmount,
    disbursementDate: calendarDate(DISBURSEMENT_DATE_MESSAGE),
    purpose: requiredText('Purpose', PURPOSE_REQUIRED, 100),
    categoryCode: z.preprocess((value) => (blank(value) ? null : trimmed(value)), z.enum(DISBURSEMENT_CATEGORY_VALUES, { error: CATEGORY_MESSAGE }).nullable()),
    electionCode: optionalPattern(ELECTION_CODE_PATTERN, ELECTION_CODE_MESSAGE, (text) => text.toUpperCase()),
    paymentMethod: choice('Payment method', DISBURSEMENT_METHOD_VALUES, 'check'),
    checkNumber: optionalTextField('Check number', 64),
    memo: optionalTextField('Memo', 100),
  })
  .refine((d) => d.kind !== 'refund' || Boolean(d.refundOfDonationId), { message: REFUND_DONATION_REQUIRED, path: ['refundOfDonationId'] })
  .refine((d) => Boolean(d.payeeContactId || d.refundOfDonationId || d.payeeOrganizationName || (d.payeeFirstName && d.payeeLastName)), {
    message: PAYEE_REQUIRED,
    path: ['payeeOrganizationName'],
  });
export type DisbursementInput = z.input<typeof disbursementInputSchema>;
export type DisbursementValues = z.output<typeof disbursementInputSchema>;

/** Query of GET /api/disbursements */
export const disbursementsQuerySchema = z.object({
  committeeId: requiredText('Committee', COMMITTEE_REQUIRED, 36),
  from: optionalCalendarDate('from must be a date YYYY-MM-DD between 1900 and 2100'),
  to: optionalCalendarDate('to must be a date YYYY-MM-DD between 1900 and 2100'),
});

/** Body of POST /api/disbursements/:id/void */
export const voidInputSchema = z.object({
  voidDate: optionalCalendarDate('Void date must be a real date YYYY-MM-DD between 1900 and 2100'),
  memo: optionalTextField('Memo', 100),
});

/** Query of GET /api/committees/:id/cash */
export const cashQuerySchema = z.object({ through: optionalCalendarDate(THROUGH_MESSAGE) });

/** Query of GET and PUT /api/committees/:id/reconciliations/:month: one donation account's, or the whole committee's when absent. */
export const reconciliationQuerySchema = z.object({
  donationAccountId: z.preprocess(
    (value) => (blank(value) ? null : value),
    z.string({ error: 'Donation account must be an id' }).max(36, 'Donation account must be an id').nullable(),
  ),
});

/** Body of PUT /api/committees/:id/reconciliations/:month */
export const reconciliationInputSchema = z.object({
  statementBalance: z
    .number({ error: STATEMENT_BALANCE_MESSAGE })
    .min(-MAX_MONEY, STATEMENT_BALANCE_MESSAGE)
    .max(MAX_MONEY, STATEMENT_BALANCE_MESSAGE)
    .transform(toCents),
});
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Query of GET /api/reports/fec */
export const fecReportsQuerySchema = z.object({ committeeId: requiredText('Committee', COMMITTEE_REQUIRED, 36) });

/** Body of POST /api/reports/fec: a draft report; its coverage follows from the code and the last report. */
export const fecReportInputSchema = z.object({
  committeeId: requiredText('Committee', COMMITTEE_REQUIRED, 36),
  reportCode: z.preprocess(
    (value) => (blank(value) ? undefined : typeof value === 'string' ? value.trim().toUpperCase() : value),
    z.enum(REPORT_CODE_VALUES, { error: REPORT_CODE_MESSAGE }),
  ),
  year: z.number({ error: REPORT_YEAR_MESSAGE }).int(REPORT_YEAR_MESSAGE).min(1976, REPORT_YEAR_MESSAGE).max(2100, REPORT_YEAR_MESSAGE),
  electionCode: optionalPattern(ELECTION_CODE_PATTERN, ELECTION_CODE_MESSAGE, (text) => text.toUpperCase()),
  electionState: optionalPattern(/^[A-Z]{2}$/, STATE_MESSAGE, (text) => text.toUpperCase()),
  coverageFrom: optionalCalendarDate('Coverage from must be a real date YYYY-MM-DD'),
  openingCash: z.preprocess(
    (value) => (blank(value) ? null : value),
    z.number({ error: OPENING_CASH_MESSAGE }).min(0, OPENING_CASH_MESSAGE).max(MAX_MONEY, OPENING_CASH_MESSAGE).transform(toCents).nullable(),
  ),
  treasurerFirstName: optionalTextField('Treasurer first name', 20),
  treasurerLastName: optionalTextField('Treasurer last name', 30),
  dateSigned: optionalCalendarDate('Date signed must be a real date YYYY-MM-DD'),
});
export type FecReportInput = z.input<typeof fecReportInputSchema>;
export type FecReportValues = z.output<typeof fecReportInputSchema>;

/** Body of PUT /api/reports/fec/:id: what a treasurer corrects on a draft. */
export const fecReportUpdateSchema = z.object({
  treasurerFirstName: optionalTextField('Treasurer first name', 20),
  treasurerLastName: optionalTextField('Treasurer last name', 30),
  dateSigned: optionalCalendarDate('Date signed must be a real date YYYY-MM-DD'),
  electionState: optionalPattern(/^[A-Z]{2}$/, STATE_MESSAGE, (text) => text.toUpperCase()),
  openingCash: z.preprocess(
    (value) => (blank(value) ? null : value),
    z.number({ error: OPENING_CASH_MESSAGE }).min(0, OPENING_CASH_MESSAGE).max(MAX_MONEY, OPENING_CASH_MESSAGE).transform(toCents).nullable(),
  ),
});

/** Body of POST /api/reports/fec/:id/file-status */
export const fileStatusInputSchema = z.object({
  filed: z.boolean({ error: 'Filed must be true or false' }),
  filedAt: optionalCalendarDate(FILED_AT_MESSAGE),
  fecFilingId: optionalPattern(/^FEC-\d{1,12}$/, 'FEC filing ID must look like FEC-1234567', (text) => text.toUpperCase()),
});

/** Body of POST /api/compliance/48-hour-notices/:donationId/filed */
export const noticeFiledInputSchema = z.object({
  filed: z.boolean({ error: 'Filed must be true or false' }),
  filedOn: optionalCalendarDate(FILED_AT_MESSAGE),
});

/** Query of GET /api/compliance/aggregate: what a gift of `amount` would do to the contributor's aggregate. */
export const aggregateQuerySchema = z.object({
  contactId: requiredText('Contact', 'Contact is required', 36),
  campaignId: requiredText('Campaign', 'Campaign is required', 36),
  donationDate: calendarDate('Donation date must be a real date YYYY-MM-DD'),
  electionCode: optionalPattern(ELECTION_CODE_PATTERN, ELECTION_CODE_MESSAGE, (text) => text.toUpperCase()),
  amount: z.preprocess(
    (value) => (blank(value) ? 0 : Number(value)),
    z.number({ error: 'Amount must be a number' }).min(0, 'Amount must be 0 or more').max(MAX_MONEY, 'Amount is too large'),
  ),
});

export type Disbursement = z.output<typeof disbursementSchema>;
/** data of GET /api/disbursements */
export type DisbursementListResponse = z.output<typeof disbursementListResponseSchema>;
/** data of POST /api/disbursements, of GET and PUT /api/disbursements/:id and of its void */
export type DisbursementResponse = z.output<typeof disbursementResponseSchema>;
/** data of GET /api/committees/:id/cash */
export type CashResponse = z.output<typeof cashResponseSchema>;
/** A receipt or a disbursement as a reconciliation or a summary line's entries list it. */
export type LedgerEntry = z.output<typeof ledgerEntrySchema>;
/** data of GET and PUT /api/committees/:id/reconciliations/:month */
export type Reconciliation = z.output<typeof reconciliationSchema>;
export type SummaryLine = z.output<typeof summaryLineSchema>;
export type FecReport = z.output<typeof fecReportSchema>;
/** data of GET /api/reports/fec */
export type FecReportListResponse = z.output<typeof fecReportListResponseSchema>;
export type CheckProblem = z.output<typeof checkProblemSchema>;
/** data of GET and PUT /api/reports/fec/:id: the report, its summary lines and the checks' problems. */
export type FecReportResponse = z.output<typeof fecReportResponseSchema>;
/** data of GET /api/reports/fec/:id/lines/:field */
export type LineEntriesResponse = z.output<typeof lineEntriesResponseSchema>;
/** data of GET /api/compliance/aggregate */
export type AggregateResponse = z.output<typeof aggregateResponseSchema>;
/** data of POST /api/compliance/48-hour-notices/:donationId/filed */
export type NoticeFiledResponse = z.output<typeof noticeFiledResponseSchema>;
