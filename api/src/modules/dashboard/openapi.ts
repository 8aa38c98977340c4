import { dashboardOverviewQuerySchema, upcomingEventsQuerySchema } from '@caucus/contract';
import { dashboardOverviewSchema, gettingStartedSchema } from '@caucus/contract/dashboard.responses';
import { eventsResponseSchema } from '@caucus/contract/events.responses';
import { describeRoutes } from '../../openapi/describe';

export const dashboardApi = describeRoutes('Dashboard', {
  'GET /api/dashboard/overview': {
    summary: "Totals for the dashboard home: the whole account, or one campaign's",
    query: dashboardOverviewQuerySchema,
    data: dashboardOverviewSchema,
  },
  'GET /api/dashboard/getting-started': {
    summary: "A new account's getting-started checklist, each step read from what the account holds",
    data: gettingStartedSchema,
  },
  'GET /api/dashboard/events/upcoming': {
    summary: 'The next events',
    query: upcomingEventsQuerySchema,
    data: eventsResponseSchema,
  },
});
