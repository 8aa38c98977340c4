import { globalSearchQuerySchema } from '@caucus/contract';
import { globalSearchResponseSchema } from '@caucus/contract/search.responses';
import { describeRoutes } from '../../openapi/describe';

export const searchApi = describeRoutes('Search', {
  'GET /api/search': {
    summary: 'Search contacts, campaigns, events and lists',
    description: "Up to five of each kind whose words all match, names starting with the search first; only the session's account.",
    query: globalSearchQuerySchema,
    data: globalSearchResponseSchema,
  },
});
