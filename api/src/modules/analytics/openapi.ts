import { analyticsBatchSchema } from '../../contract';
import { analyticsAcceptedSchema } from '../../contract/responses';
import { describeRoutes } from '../../openapi/describe';

export const analyticsApi = describeRoutes('Analytics', {
  'POST /api/analytics/events': {
    summary: 'Record a batch of product analytics events',
    description: 'Signed-in events are attributed to the user and account.',
    access: 'optionalSession',
    body: analyticsBatchSchema,
    status: 202,
    data: analyticsAcceptedSchema,
  },
});
