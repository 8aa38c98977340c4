import { contactArchiveResponseSchema, reconcileResponseSchema } from '../../contract/ledgerResponses';
import { describeRoutes } from '../../openapi/describe';

export const ledgerApi = describeRoutes('Ledger', {
  'POST /api/contacts/:id/archive': {
    summary: 'Archive a contact (what a contact with donations gets instead of a delete: its gifts, totals and reports stay); 409 when already archived',
    data: contactArchiveResponseSchema,
  },
  'POST /api/contacts/:id/unarchive': {
    summary: 'Unarchive a contact; 409 when it is not archived',
    data: contactArchiveResponseSchema,
  },
  'GET /api/admin/reconcile': {
    summary: 'Recompute every derived figure of money from its rows and list the differences (account owner only: 403 otherwise)',
    data: reconcileResponseSchema,
  },
});
