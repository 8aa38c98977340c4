import { committeeInputSchema } from '@caucus/contract';
import { committeeListResponseSchema, committeeResponseSchema } from '@caucus/contract/compliance.responses';
import { describeRoutes } from '../../openapi/describe';

export const committeesApi = describeRoutes('Committees', {
  'GET /api/committees': {
    summary: "The account's committees with their FEC ids, filing forms and elections",
    data: committeeListResponseSchema,
  },
  'POST /api/committees': {
    summary: 'Create a committee (FEC id C + 8 digits, filing form F3 or F3X, elections such as P2026 with their dates)',
    body: committeeInputSchema,
    status: 201,
    data: committeeResponseSchema,
  },
  'GET /api/committees/:id': {
    summary: 'A committee and its elections',
    data: committeeResponseSchema,
  },
  'PUT /api/committees/:id': {
    summary: 'Replace a committee and its elections (an election donations are designated to cannot be removed: 409)',
    body: committeeInputSchema,
    data: committeeResponseSchema,
  },
});
