// What the disbursement, cash, reconciliation, FEC report, aggregate and 48-hour notice routes answer,
// as zod schemas: the source of the response types in fecReports.ts and of the OpenAPI document. Not
// re-exported from index.ts; the frontends import their types only (common.responses.ts).
import { z } from 'zod';
import { FILING_FORM_VALUES } from './committees';
import { DISBURSEMENT_KIND_VALUES, REPORT_CODE_VALUES } from './fecReports';

const money = z.number();
const nullableText = z.string().nullable();

export const disbursementSchema = z.object({
  id: z.string(),
  committeeId: z.string(),
  donationAccountId: nullableText,
  kind: z.enum(DISBURSEMENT_KIND_VALUES),
  refundOfDonationId: nullableText,
  voidOfId: nullableText,
  /** Set on an entry a later void cancels: the id of the void. */
  voidedById: nullableText,
  payeeContactId: nullableText,
  entityType: z.string(),
  payeeName: z.string(),
  payeeOrganizationName: nullableText,
  payeeFirstName: nullableText,
  payeeLastName: nullableText,
  payeeStreet1: nullableText,
  payeeStreet2: nullableText,
  payeeCity: nullableText,
  payeeState: nullableText,
  payeeZip: nullableText,
  amount: money,
  disbursementDate: z.string(),
  purpose: z.string(),
  categoryCode: nullableText,
  electionCode: nullableText,
  paymentMethod: z.string(),
  checkNumber: nullableText,
  memo: nullableText,
  createdAt: nullableText,
  updatedAt: nullableText,
});
export const disbursementListResponseSchema = z.object({ disbursements: z.array(disbursementSchema), total: money });
export const disbursementResponseSchema = z.object({ disbursement: disbursementSchema });

export const cashResponseSchema = z.object({
  committeeId: z.string(),
  through: z.string(),
  /** Where the running balance starts: the first report's opening cash on its first day, else 0. */
  openingCash: money,
  openingDate: nullableText,
  receipts: money,
  disbursements: money,
  cashOnHand: money,
  /**
   * The same through each donation account the entries name (a gift without one counts in its
   * campaign's); the row with donationAccountId null holds the opening balance and entries that name
   * no account. The rows add up to the committee's figures.
   */
  accounts: z.array(
    z.object({
      donationAccountId: nullableText,
      name: z.string(),
      openingCash: money,
      receipts: money,
      disbursements: money,
      cashOnHand: money,
    }),
  ),
});

export const ledgerEntrySchema = z.object({
  type: z.enum(['receipt', 'disbursement']),
  id: z.string(),
  date: z.string(),
  /** Signed as the bank sees it: receipts positive, disbursements negative. */
  amount: money,
  description: z.string(),
});

export const reconciliationSchema = z.object({
  committeeId: z.string(),
  /** The donation account reconciled, or null for the committee as a whole (opening balance included). */
  donationAccountId: nullableText,
  month: z.string(),
  statementBalance: money.nullable(),
  bookBalance: money,
  /** statement - book: what the entries below (uncleared) explain. */
  difference: money,
  /** The month's entries, newest first, that a treasurer ticks against the statement. */
  entries: z.array(ledgerEntrySchema),
  /**
   * Ids of the month's entries that explain the difference: the latest ones whose amounts, not yet
   * on the statement, add up to it (uncleared checks, deposits in transit). Empty when the books
   * agree or no such set is found (then the difference is an error to look for).
   */
  explainedBy: z.array(z.string()),
});

export const summaryLineSchema = z.object({
  field: z.string(),
  line: z.string(),
  title: z.string(),
  periodAmount: money.nullable(),
  /** Cycle to date (F3) or calendar year to date (F3X); null where the form has no column B. */
  toDateAmount: money.nullable(),
  /** GET path of the entries behind the line, when the line sums entries. */
  entriesPath: nullableText,
});

export const fecReportSchema = z.object({
  id: z.string(),
  committeeId: z.string(),
  form: z.enum(FILING_FORM_VALUES),
  formType: z.string(),
  reportCode: z.enum(REPORT_CODE_VALUES),
  coverageFrom: z.string(),
  coverageThrough: z.string(),
  dueDate: z.string(),
  electionCode: nullableText,
  electionDate: nullableText,
  electionState: nullableText,
  treasurerFirstName: nullableText,
  treasurerLastName: nullableText,
  dateSigned: nullableText,
  openingCash: money.nullable(),
  status: z.enum(['draft', 'filed']),
  filedAt: nullableText,
  fecFilingId: nullableText,
  amendsId: nullableText,
  amendmentNumber: z.number(),
  /** A later amendment replaces this report. */
  supersededById: nullableText,
});
export const fecReportListResponseSchema = z.object({ reports: z.array(fecReportSchema) });

export const checkProblemSchema = z.object({
  code: z.string(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  /** Dashboard path where the problem is fixed. */
  fixPath: z.string(),
});

export const fecReportResponseSchema = z.object({
  report: fecReportSchema,
  lines: z.array(summaryLineSchema),
  problems: z.array(checkProblemSchema),
});

export const lineEntriesResponseSchema = z.object({ field: z.string(), entries: z.array(ledgerEntrySchema), total: money });

export const aggregateResponseSchema = z.object({
  electionCode: nullableText,
  aggregate: money,
  limit: money.nullable(),
  after: money,
  overLimit: z.boolean(),
  message: nullableText,
});

export const noticeFiledResponseSchema = z.object({ donationId: z.string(), filed: z.boolean(), filedOn: nullableText });
