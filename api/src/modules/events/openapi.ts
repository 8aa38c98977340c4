import { eventInputSchema, eventsQuerySchema } from '@caucus/contract';
import { deletedSchema } from '@caucus/contract/common.responses';
import { eventDetailResponseSchema, eventsResponseSchema } from '@caucus/contract/events.responses';
import { describeRoutes } from '../../openapi/describe';

export const eventsApi = describeRoutes('Events', {
  'GET /api/events': {
    summary: 'List events',
    query: eventsQuerySchema,
    data: eventsResponseSchema,
  },
  'POST /api/events': {
    summary: 'Create an event',
    body: eventInputSchema,
    status: 201,
    data: eventDetailResponseSchema,
  },
  'GET /api/events/:id': {
    summary: 'An event',
    data: eventDetailResponseSchema,
  },
  'PUT /api/events/:id': {
    summary: 'Replace an event',
    body: eventInputSchema,
    data: eventDetailResponseSchema,
  },
  'DELETE /api/events/:id': {
    summary: 'Delete an event',
    data: deletedSchema,
  },
});
