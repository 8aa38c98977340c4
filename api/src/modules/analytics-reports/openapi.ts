import { z } from 'zod';
import { analyticsQuerySchema, reportQuerySchema } from '@caucus/contract';
import { analyticsSummarySchema, reportTableSchema } from '@caucus/contract/reports.responses';
import { describeRoutes } from '../../openapi/describe';

export const analyticsReportsApi = describeRoutes('Analytics and reports', {
  'GET /api/analytics/summary': {
    summary: "The account's fundraising figures from its completed donations",
    description:
      'Raised by month, new versus returning donors, LYBUNT donors, average and median gift, gifts by payment method and by campaign, top donors; ' +
      "for a date range (calendar days, both ends included) and optionally one campaign (another account's campaign answers 404).",
    query: analyticsQuerySchema,
    data: analyticsSummarySchema,
  },
  'GET /api/reports/:kind': {
    summary: 'A report (donations, contacts, campaigns or financial-summary) as JSON, or as a CSV file with format=csv',
    description:
      'CSV text cells that start with = + - @ are prefixed with a quote so spreadsheets do not run them as formulas. ' +
      'The CSV is written page by page and has no size limit; the JSON answers 422 past 100,000 rows.',
    query: reportQuerySchema,
    responses: {
      '200': {
        description: 'The report: `{ data: ReportTable }` as JSON, or a CSV attachment when format=csv',
        content: {
          'application/json': { schema: z.object({ data: reportTableSchema }) },
          'text/csv': { schema: z.string() },
        },
      },
    },
  },
});
