import { disbursementImportRequestSchema, disbursementInputSchema, disbursementsQuerySchema, voidInputSchema } from '@caucus/contract';
import { disbursementImportResponseSchema } from '@caucus/contract/disbursementImport.responses';
import { disbursementListResponseSchema, disbursementResponseSchema } from '@caucus/contract/fecReports.responses';
import { describeRoutes } from '../../openapi/describe';

export const disbursementsApi = describeRoutes('Disbursements', {
  'GET /api/disbursements': {
    summary: "A committee's disbursements (voids included, as negative entries), newest first, with their total",
    query: disbursementsQuerySchema,
    data: disbursementListResponseSchema,
  },
  'POST /api/disbursements': {
    summary: "Record a disbursement: an operating expenditure, a refund of a contribution (lowers the contributor's aggregate) or another disbursement",
    body: disbursementInputSchema,
    status: 201,
    data: disbursementResponseSchema,
  },
  'POST /api/disbursements/import': {
    summary: 'Import disbursements from a file read and mapped in the browser: every row through the ledger in one transaction',
    description:
      'With validOnly false (the default) a row with an error answers 400 naming each row, line and field, and nothing is written; with validOnly true those rows are skipped and listed.',
    body: disbursementImportRequestSchema,
    status: 201,
    data: disbursementImportResponseSchema,
  },
  'GET /api/disbursements/:id': { summary: 'One disbursement, with the id of the void that cancels it if any', data: disbursementResponseSchema },
  'PUT /api/disbursements/:id': {
    summary: 'Correct a disbursement (a voided one or a void entry cannot be edited: 409)',
    body: disbursementInputSchema,
    data: disbursementResponseSchema,
  },
  'POST /api/disbursements/:id/void': {
    summary: 'Void a disbursement: a negative entry dated the day of the void; the original stays as it was reported',
    body: voidInputSchema,
    status: 201,
    data: disbursementResponseSchema,
  },
});
