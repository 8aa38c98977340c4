import { donationContributorInputSchema, donationInputSchema, duplicateConfirmSchema, pledgeInputSchema } from '@caucus/contract';
import {
  donationResponseSchema,
  donationsResponseSchema,
  financialSummarySchema,
  pledgeResponseSchema,
  pledgesResponseSchema,
} from '@caucus/contract/financials.responses';
import { moneyHistoryResponseSchema } from '@caucus/contract/ledger.responses';
import { describeRoutes } from '../../openapi/describe';

export const financialsApi = describeRoutes('Financials', {
  'GET /api/contacts/:id/financials/summary': {
    summary: "A contact's pledge and completed-donation totals",
    data: financialSummarySchema,
  },
  'GET /api/contacts/:id/financial-history': {
    summary: "Every change to the contact's donations and pledges (who, when, session, before and after), newest first",
    data: moneyHistoryResponseSchema,
  },
  'PUT /api/contacts/donations/:donationId/contributor': {
    summary: "Move a donation to the contact who gave it: both contacts' figures and election limits follow (another account's contact: 404)",
    body: donationContributorInputSchema,
    data: donationResponseSchema,
  },
  'GET /api/contacts/donations/:donationId/history': {
    summary: "One donation's history (a removed one keeps it), newest first",
    data: moneyHistoryResponseSchema,
  },
  'GET /api/contacts/:id/pledges': {
    summary: "A contact's pledges",
    data: pledgesResponseSchema,
  },
  'POST /api/contacts/:id/pledges': {
    summary: 'Record a pledge',
    body: pledgeInputSchema,
    status: 201,
    data: pledgeResponseSchema,
  },
  'PUT /api/contacts/pledges/:pledgeId': {
    summary: 'Replace a pledge',
    body: pledgeInputSchema,
    data: pledgeResponseSchema,
  },
  'GET /api/contacts/:id/donations': {
    summary: "A contact's donations",
    data: donationsResponseSchema,
  },
  'POST /api/contacts/:id/donations': {
    summary: 'Record a donation (campaign totals move in the same transaction)',
    description:
      '409 when the gift matches one recorded for the contact in the last 7 days (same amount and date, and the same check number or, without one, the same method; not when the transaction ids differ): details name the gift (duplicateId, duplicateAmount, duplicateDate, duplicateMethod, duplicateCheckNumber) and nothing is saved. confirmDuplicate: true saves it anyway.',
    body: donationInputSchema.extend(duplicateConfirmSchema.shape),
    status: 201,
    data: donationResponseSchema,
  },
  'PUT /api/contacts/donations/:donationId': {
    summary: 'Replace a donation',
    body: donationInputSchema,
    data: donationResponseSchema,
  },
});
