import { z } from 'zod';
import {
  aggregateQuerySchema,
  cashQuerySchema,
  fecReportInputSchema,
  fecReportsQuerySchema,
  fecReportUpdateSchema,
  fileStatusInputSchema,
  noticeFiledInputSchema,
  reconciliationInputSchema,
  reconciliationQuerySchema,
} from '@caucus/contract';
import {
  aggregateResponseSchema,
  cashResponseSchema,
  fecReportListResponseSchema,
  fecReportResponseSchema,
  fecReportSchema,
  lineEntriesResponseSchema,
  noticeFiledResponseSchema,
  reconciliationSchema,
} from '@caucus/contract/fecReports.responses';
import { describeRoutes } from '../../openapi/describe';

const reportResponse = z.object({ report: fecReportSchema });

export const fecReportsApi = describeRoutes('FEC reports', {
  'GET /api/committees/:id/cash': {
    summary: "Cash on hand through a day (today by default): the first report's opening balance, plus receipts, minus disbursements",
    query: cashQuerySchema,
    data: cashResponseSchema,
  },
  'GET /api/committees/:id/reconciliations/:month': {
    summary:
      "A month's bank reconciliation (month YYYY-MM), of one donation account or the whole committee: the statement balance entered, the books' balance, the difference, the month's entries and those that explain it",
    query: reconciliationQuerySchema,
    data: reconciliationSchema,
  },
  'PUT /api/committees/:id/reconciliations/:month': {
    summary: "Enter the bank statement's closing balance for a month (of one donation account, or the whole committee)",
    query: reconciliationQuerySchema,
    body: reconciliationInputSchema,
    data: reconciliationSchema,
  },
  'GET /api/reports/fec': {
    summary: "A committee's FEC reports (Form 3 / 3X), latest first, with due dates and amendments",
    query: fecReportsQuerySchema,
    data: fecReportListResponseSchema,
  },
  'POST /api/reports/fec': {
    summary: "Create a draft report: coverage runs from the day after the last report through the end of the code's period",
    body: fecReportInputSchema,
    status: 201,
    data: reportResponse,
  },
  'GET /api/reports/fec/:id': {
    summary: 'The summary page (every line of the form, this period and cycle or year to date) and the pre-filing check',
    data: fecReportResponseSchema,
  },
  'PUT /api/reports/fec/:id': {
    summary: "Correct a draft's cover page: treasurer, date signed, election state, the first report's opening cash",
    body: fecReportUpdateSchema,
    data: fecReportResponseSchema,
  },
  'GET /api/reports/fec/:id/lines/:field': {
    summary: 'The entries behind one line of the summary page (field: the F3/F3X field name, e.g. L17_operating_expenditures_period)',
    data: lineEntriesResponseSchema,
  },
  'GET /api/reports/fec/:id/file': {
    summary: 'The report as a .fec file: HDR, the cover and summary record, Schedule A and Schedule B',
    responses: { '200': { description: 'The .fec file (ASCII 28 between fields, CRLF after each record)', content: { 'text/plain': { schema: z.string() } } } },
  },
  'POST /api/reports/fec/:id/file-status': {
    summary: 'Mark a report filed (with the day and the FEC filing ID) or back to draft; a filed report keeps its cash on hand at close',
    body: fileStatusInputSchema,
    data: reportResponse,
  },
  'POST /api/reports/fec/:id/amend': {
    summary: 'Amend a filed report (F3A / F3XA): a new draft carrying the whole report again',
    status: 201,
    data: reportResponse,
  },
  'POST /api/compliance/48-hour-notices/:donationId/filed': {
    summary: 'Mark the 48-hour notice of a receipt filed (with the day) or not filed',
    body: noticeFiledInputSchema,
    data: noticeFiledResponseSchema,
  },
  'GET /api/compliance/aggregate': {
    summary: "The contributor's aggregate for the election a gift would be designated to, and whether the gift takes it past the limit",
    query: aggregateQuerySchema,
    data: aggregateResponseSchema,
  },
});
