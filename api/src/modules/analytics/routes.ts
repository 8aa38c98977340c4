import type { Router } from '@koa/router';
import { analyticsBatchSchema, anonymousAnalyticsBatchSchema } from '@caucus/contract';
import type { AppConfig } from '../../config';
import { rateLimit, type RateLimiter } from '../../http/rateLimit';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import { optionalSession } from '../auth/middleware';
import type { AuthService } from '../auth/service';
import { ANALYTICS_QUOTA_MESSAGE, type AnalyticsService } from './service';
import { createRouter } from '../../http/router';

export function analyticsRoutes(analytics: AnalyticsService, auth: AuthService, limiter: RateLimiter, config: Pick<AppConfig, 'rateLimits'>): Router<AppState> {
  const router = createRouter({ prefix: '/analytics' });
  // Anyone may send events. A visitor is limited per IP (calls per minute and per day) and to small
  // batches; a signed-in member by the events stored per user and per account (service.ts).
  const message = ANALYTICS_QUOTA_MESSAGE;
  const perMinute = { kind: 'analytics', max: config.rateLimits.anonymousAnalyticsPerIpPerMinute, windowMs: 60 * 1000, message };
  const perDay = { kind: 'analytics-day', max: config.rateLimits.anonymousAnalyticsPerIpPerDay, windowMs: 24 * 60 * 60 * 1000, message };
  const anonymous = (ctx: { state: AppState }) => !ctx.state.auth;

  router.post('/events', optionalSession(auth), rateLimit(limiter, perMinute, anonymous), rateLimit(limiter, perDay, anonymous), async (ctx) => {
    // Page views are posted on every navigation: they must not empty the session cache each time.
    ctx.state.sessionsUntouched = true;
    const batch = parseOr400(ctx.state.auth ? analyticsBatchSchema : anonymousAnalyticsBatchSchema, ctx.request.body ?? {});
    const accepted = await analytics.record(batch, ctx.state.auth, config.rateLimits);
    ctx.status = 202;
    ctx.body = { data: { accepted } };
  });

  return router;
}
