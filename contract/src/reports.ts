import { z } from 'zod';
import { dateRangeMessage, isRealDateInRange, queryInt } from './common';
import { PAYMENT_METHOD_VALUES } from './financials';
import type { analyticsSummarySchema, reportTableSchema } from './reports.responses';

// docs/product/compliance.md: the Data section's Analytics and Reports, read from the account's own donations. Only zod
// and types: bundled into browsers.

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const optionalDay = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .optional()
    .transform((value) => (value && value.trim() ? value.trim() : undefined))
    .refine((value) => value === undefined || DATE_ONLY.test(value), `${field} must be a date (YYYY-MM-DD)`)
    .refine((value) => value === undefined || isRealDateInRange(value), dateRangeMessage(field))
    .meta({ description: `${field}: a calendar date YYYY-MM-DD, inclusive` });

const campaignIdParam = z
  .string({ error: 'Campaign must be text' })
  .max(36, 'Campaign is invalid')
  .optional()
  .transform((value) => (value && value.trim() ? value.trim() : undefined));

export const FROM_AFTER_TO_MESSAGE = 'from must be on or before to';

/** Date range (calendar days, both ends included) and campaign shared by analytics and reports. */
const rangeShape = { from: optionalDay('from'), to: optionalDay('to'), campaignId: campaignIdParam };
const rangeIsOrdered = (value: { from?: string; to?: string }) => !value.from || !value.to || value.from <= value.to;

/** Query of GET /api/analytics/summary. */
export const analyticsQuerySchema = z
  .object({ ...rangeShape, topLimit: queryInt('Top limit', 1, 50, 10) })
  .refine(rangeIsOrdered, { message: FROM_AFTER_TO_MESSAGE, path: ['from'] });

export const REPORT_KINDS = ['donations', 'contacts', 'campaigns', 'financial-summary'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_FORMATS = ['json', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The Reports tab's four cards, in the order shown (docs/product/screens.md, Data). */
export const REPORT_CARDS: { kind: ReportKind; title: string; description: string }[] = [
  { kind: 'donations', title: 'Donation Report', description: 'Every donation by date, campaign, method and donor.' },
  { kind: 'contacts', title: 'Contact Report', description: 'Your supporters with their status, location and giving totals.' },
  { kind: 'campaigns', title: 'Campaign Performance', description: 'Raised against goal, donors and reach for each campaign.' },
  { kind: 'financial-summary', title: 'Financial Summary', description: 'Pledged, fulfilled and received amounts across the account.' },
];

/** Query of GET /api/reports/:kind; format=csv answers with a CSV file instead of JSON. */
export const reportQuerySchema = z
  .object({
    ...rangeShape,
    format: z
      .enum(REPORT_FORMATS, { error: 'format must be json or csv' })
      .optional()
      .transform((value) => value ?? 'json'),
  })
  .refine(rangeIsOrdered, { message: FROM_AFTER_TO_MESSAGE, path: ['from'] });

export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;
export type ReportQuery = z.input<typeof reportQuerySchema>;

/** data of GET /api/analytics/summary */
export type AnalyticsSummary = z.output<typeof analyticsSummarySchema>;
/** A report as data: column headings and rows of cells (text, numbers, or empty). */
export type ReportTable = z.output<typeof reportTableSchema>;
export type ReportCell = ReportTable['rows'][number][number];

/** Payment methods as people read them, for charts and reports. */
export const PAYMENT_METHOD_LABELS: Record<(typeof PAYMENT_METHOD_VALUES)[number], string> = {
  cash: 'Cash',
  check: 'Check',
  credit_card: 'Credit card',
  ach: 'ACH',
  wire: 'Wire',
  paypal: 'PayPal',
  venmo: 'Venmo',
  zelle: 'Zelle',
  in_kind: 'In-kind',
  other: 'Other',
};
