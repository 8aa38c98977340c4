import { meetingInputSchema, meetingsQuerySchema } from '@caucus/contract';
import { meetingResponseSchema, meetingsResponseSchema } from '@caucus/contract/callTime.responses';
import { describeRoutes } from '../../openapi/describe';

export const meetingsApi = describeRoutes('Meetings', {
  'GET /api/meetings': {
    summary: 'Meetings with contacts, latest first (one contact with contactId)',
    query: meetingsQuerySchema,
    data: meetingsResponseSchema,
  },
  'POST /api/meetings': {
    summary: 'Log a meeting with a contact',
    body: meetingInputSchema,
    status: 201,
    data: meetingResponseSchema,
  },
  'GET /api/contacts/:id/meetings': {
    summary: "A contact's meetings, latest first",
    data: meetingsResponseSchema,
  },
});
