import { analyticsBatchSchema } from '@caucus/contract';
import { analyticsAcceptedSchema } from '@caucus/contract/analytics.responses';
import { describeRoutes } from '../../openapi/describe';

export const analyticsApi = describeRoutes('Analytics', {
  'POST /api/analytics/events': {
    summary: 'Record a batch of product analytics events',
    description:
      'Signed-in events are attributed to the user and account, up to 50 per call, within per-user and per-account quotas per minute and per day (429 with Retry-After past them). Anonymous calls carry at most 20 events with properties of at most 1 KB each, and are limited per IP per minute and per day.',
    access: 'optionalSession',
    body: analyticsBatchSchema,
    status: 202,
    data: analyticsAcceptedSchema,
  },
});
