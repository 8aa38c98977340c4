import { Router } from '@koa/router';
import { analyticsBatchSchema } from '../../contract';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import { optionalSession } from '../auth/middleware';
import type { AuthService } from '../auth/service';
import type { AnalyticsService } from './service';

export function analyticsRoutes(analytics: AnalyticsService, auth: AuthService): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/analytics' });

  router.post('/events', optionalSession(auth), async (ctx) => {
    const batch = parseOr400(analyticsBatchSchema, ctx.request.body ?? {});
    const accepted = await analytics.record(batch, ctx.state.auth);
    ctx.status = 202;
    ctx.body = { data: { accepted } };
  });

  return router;
}
