import type { Router } from '@koa/router';
import { analyticsBatchSchema } from '../../contract';
import type { AppConfig } from '../../config';
import { rateLimit, type RateLimiter } from '../../http/rateLimit';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import { optionalSession } from '../auth/middleware';
import type { AuthService } from '../auth/service';
import type { AnalyticsService } from './service';
import { createRouter } from '../../http/router';

export function analyticsRoutes(
  analytics: AnalyticsService,
  auth: AuthService,
  limiter: RateLimiter,
  config: Pick<AppConfig, 'rateLimits'>,
): Router<AppState> {
  const router = createRouter({ prefix: '/analytics' });
  // Anyone may send events; anonymous senders are limited per IP so nobody can fill the table.
  const anonymousLimit = {
    kind: 'analytics',
    max: config.rateLimits.anonymousAnalyticsPerIpPerMinute,
    windowMs: 60 * 1000,
    message: 'Too many analytics events. Please slow down.',
  };

  router.post('/events', optionalSession(auth), rateLimit(limiter, anonymousLimit, (ctx) => !ctx.state.auth), async (ctx) => {
    // Page views are posted on every navigation: they must not empty the session cache each time.
    ctx.state.sessionsUntouched = true;
    const batch = parseOr400(analyticsBatchSchema, ctx.request.body ?? {});
    const accepted = await analytics.record(batch, ctx.state.auth);
    ctx.status = 202;
    ctx.body = { data: { accepted } };
  });

  return router;
}
