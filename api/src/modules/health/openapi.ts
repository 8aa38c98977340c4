import { z } from 'zod';
import { describeRoutes } from '../../openapi/describe';

export const healthApi = describeRoutes('Health', {
  'GET /api/health': {
    summary: 'Readiness check: 503 with Retry-After while the database or a core table is unavailable',
    access: 'public',
    data: z.object({ status: z.literal('ok') }),
  },
});
