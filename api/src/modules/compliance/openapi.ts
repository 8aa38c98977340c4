import {
  committeeQuerySchema,
  contributorTypeInputSchema,
  limitSettingsInputSchema,
  limitsQuerySchema,
  remedyInputSchema,
  scheduleAQuerySchema,
} from '@caucus/contract';
import {
  contributorTypeResponseSchema,
  excessiveResponseSchema,
  fortyEightHourNoticesResponseSchema,
  limitSettingsResponseSchema,
  limitsResponseSchema,
  remedyResponseSchema,
  scheduleAResponseSchema,
} from '@caucus/contract/compliance.responses';
import { describeRoutes } from '../../openapi/describe';

export const complianceApi = describeRoutes('Compliance', {
  'GET /api/compliance/limit-settings': {
    summary: 'Contribution limits per election by cycle and contributor type (FEC defaults, and the rows the account set)',
    data: limitSettingsResponseSchema,
  },
  'PUT /api/compliance/limit-settings': {
    summary: 'Set limits by cycle and contributor type; every designated gift is re-flagged under them',
    body: limitSettingsInputSchema,
    data: limitSettingsResponseSchema,
  },
  'PUT /api/compliance/contributors/:contactId': {
    summary: "Set a contact's contributor type (individual, multicandidate_pac, pac, party); their gifts are re-flagged",
    body: contributorTypeInputSchema,
    data: contributorTypeResponseSchema,
  },
  'GET /api/compliance/limits': {
    summary: "A contributor's aggregate, limit and room per election of a committee",
    query: limitsQuerySchema,
    data: limitsResponseSchema,
  },
  'GET /api/compliance/excessive': {
    summary: 'Gifts that took a contributor past an election limit, earliest remedy deadline first',
    query: committeeQuerySchema,
    data: excessiveResponseSchema,
  },
  'POST /api/compliance/excessive/:donationId/remedy': {
    summary: 'Refund, redesignate (to a later election with room, else 409) or reattribute (to a joint account holder) the excess',
    body: remedyInputSchema,
    data: remedyResponseSchema,
  },
  'GET /api/compliance/schedule-a': {
    summary: 'Schedule A itemized receipts from individuals (INDIVIDUAL_RECEIPT field names); format=csv or format=fec downloads a file',
    query: scheduleAQuerySchema,
    data: scheduleAResponseSchema,
  },
  'GET /api/compliance/48-hour-notices': {
    summary: 'Receipts of $1,000 or more 3 to 19 days before an election of the committee, due 48 hours after receipt',
    query: committeeQuerySchema,
    data: fortyEightHourNoticesResponseSchema,
  },
});
