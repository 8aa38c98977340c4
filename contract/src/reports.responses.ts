// What the analytics summary and the reports answer, as zod schemas: the source of the response types
// in reports.ts and of the OpenAPI document. Not re-exported from index.ts; the frontends import their
// types only (common.responses.ts).
import { z } from 'zod';
import { REPORT_KINDS } from './reports';

const money = z.number();
const count = z.number().int();

export const analyticsSummarySchema = z
  .object({
    range: z.object({ from: z.string().nullable(), to: z.string().nullable(), campaignId: z.string().nullable() }),
    totals: z.object({
      raised: money,
      gifts: count,
      donors: count,
      /** raised / gifts, to the cent; 0 without gifts. */
      averageGift: money,
      /** The middle gift (mean of the two middle gifts for an even count); 0 without gifts. */
      medianGift: money,
    }),
    raisedByMonth: z.array(z.object({ month: z.string().meta({ description: 'YYYY-MM' }), raised: money, gifts: count })),
    /** Donors in the range: new = first gift ever (in the campaign when filtered) falls in the range. */
    donors: z.object({ new: count, returning: count }),
    /** Gave in the year before `year` but not in `year` (the year of `to`, else the current year). */
    lybunt: z.object({
      year: count,
      donors: count,
      lastYearTotal: money,
      top: z.array(z.object({ contactId: z.string(), name: z.string(), lastYearTotal: money })),
    }),
    byPaymentMethod: z.array(z.object({ paymentMethod: z.string(), raised: money, gifts: count })),
    byCampaign: z.array(z.object({ campaignId: z.string().nullable(), name: z.string(), raised: money, gifts: count })),
    topDonors: z.array(z.object({ contactId: z.string(), name: z.string(), raised: money, gifts: count })),
  })
  .meta({ id: 'AnalyticsSummary' });

/** A report as data: column headings and rows of cells (text, numbers, or empty). */
export const reportTableSchema = z
  .object({
    kind: z.enum(REPORT_KINDS),
    title: z.string(),
    columns: z.array(z.string()),
    rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
  })
  .meta({ id: 'ReportTable' });
