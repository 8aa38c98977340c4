import { z } from 'zod';
import { describeRoutes } from '../../openapi/describe';

export const healthApi = describeRoutes('Health', {
  'GET /api/health': {
    summary: 'Liveness check',
    access: 'public',
    data: z.object({ status: z.literal('ok') }),
  },
});
