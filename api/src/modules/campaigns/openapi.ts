import { campaignInputSchema, campaignPageQuerySchema, campaignsQuerySchema, campaignTotalsQuerySchema, donationAccountsQuerySchema } from '@caucus/contract';
import {
  campaignDetailResponseSchema,
  campaignDonationsResponseSchema,
  campaignDonorsResponseSchema,
  campaignTotalsResponseSchema,
  campaignsResponseSchema,
  committeesResponseSchema,
  donationAccountsResponseSchema,
} from '@caucus/contract/campaigns.responses';
import { deletedSchema } from '@caucus/contract/common.responses';
import { describeRoutes } from '../../openapi/describe';

export const campaignsApi = describeRoutes('Campaigns', {
  'GET /api/campaigns': {
    summary: "List campaigns (archived ones only with status 'archived' or 'all')",
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
  'GET /api/campaigns/:id/totals': {
    summary: "A campaign's completed donations by month or week, with the running total",
    query: campaignTotalsQuerySchema,
    data: campaignTotalsResponseSchema,
  },
  'GET /api/campaigns/:id/donors': {
    summary: 'The contacts who gave to a campaign, largest total first',
    query: campaignPageQuerySchema,
    data: campaignDonorsResponseSchema,
  },
  'GET /api/campaigns/:id/donations': {
    summary: "A campaign's donations of every status, newest first",
    query: campaignPageQuerySchema,
    data: campaignDonationsResponseSchema,
  },
  'PUT /api/campaigns/:id': {
    summary: 'Replace a campaign',
    body: campaignInputSchema,
    data: campaignDetailResponseSchema,
  },
  'POST /api/campaigns/:id/archive': {
    summary: 'Archive a campaign: its money, reports and flags stay; it leaves the pickers (409 when already archived)',
    data: campaignDetailResponseSchema,
  },
  'POST /api/campaigns/:id/unarchive': {
    summary: 'Give an archived campaign back the status it had (409 when not archived)',
    data: campaignDetailResponseSchema,
  },
  'DELETE /api/campaigns/:id': {
    summary: 'Delete a campaign without donations or pledges (409 naming them otherwise, with Archive offered)',
    data: deletedSchema,
  },
});
