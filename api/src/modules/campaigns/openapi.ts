import { campaignInputSchema, campaignsQuerySchema, donationAccountsQuerySchema } from '../../contract';
import {
  campaignDetailResponseSchema,
  campaignsResponseSchema,
  committeesResponseSchema,
  deletedSchema,
  donationAccountsResponseSchema,
} from '../../contract/responses';
import { describeRoutes } from '../../openapi/describe';

export const campaignsApi = describeRoutes('Campaigns', {
  'GET /api/campaigns': {
    summary: 'List campaigns',
    query: campaignsQuerySchema,
    data: campaignsResponseSchema,
  },
  'POST /api/campaigns': {
    summary: 'Create a campaign',
    body: campaignInputSchema,
    status: 201,
    data: campaignDetailResponseSchema,
  },
  'GET /api/campaigns/committees': {
    summary: "The account's committees, for the campaign form",
    data: committeesResponseSchema,
  },
  'GET /api/campaigns/donation-accounts': {
    summary: "The account's donation accounts, for the campaign form",
    query: donationAccountsQuerySchema,
    data: donationAccountsResponseSchema,
  },
  'POST /api/campaigns/refresh-all-totals': {
    summary: "Recount every campaign's totals from its donations",
    data: campaignsResponseSchema,
  },
  'GET /api/campaigns/:id': {
    summary: 'A campaign',
    data: campaignDetailResponseSchema,
  },
  'PUT /api/campaigns/:id': {
    summary: 'Replace a campaign',
    body: campaignInputSchema,
    data: campaignDetailResponseSchema,
  },
  'DELETE /api/campaigns/:id': {
    summary: 'Delete a campaign',
    data: deletedSchema,
  },
});
