import { giftReviewInputSchema } from '@caucus/contract';
import {
  contactArchiveResponseSchema,
  giftReviewResponseSchema,
  giftsToReviewResponseSchema,
  reconcileResponseSchema,
} from '@caucus/contract/ledger.responses';
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
  'GET /api/donations/review': {
    summary: "Gifts entered by Staff users that wait for the treasurer's review, oldest first (the first 200; total counts them all)",
    data: giftsToReviewResponseSchema,
  },
  'POST /api/donations/review': {
    summary:
      'Mark gifts reviewed (one audit entry each); ids already reviewed, never flagged or of another account are passed over, and reviewed lists the ones marked',
    body: giftReviewInputSchema,
    data: giftReviewResponseSchema,
  },
  'GET /api/admin/reconcile': {
    summary: 'Recompute every derived figure of money from its rows and list the differences (account owner only: 403 otherwise)',
    data: reconcileResponseSchema,
  },
});
