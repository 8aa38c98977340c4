import { Router } from '@koa/router';
import type { AppConfig } from '../../config';
import { signupSchema } from '../../contract';
import { rateLimit, type RateLimiter } from '../../http/rateLimit';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { SignupService } from './service';
import { readSignupToken, setSignupCookie } from './signupToken';

export function signupRoutes(signup: SignupService, config: Pick<AppConfig, 'cookieSecure' | 'rateLimits'>, limiter: RateLimiter): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/auth' });
  // Each signup costs an argon2 hash and a pending account: a cheap per-IP count comes first.
  const limit = {
    kind: 'signup',
    max: config.rateLimits.signupsPerIpPerHour,
    windowMs: 60 * 60 * 1000,
    message: 'Too many signups from this network. Please try again later.',
  };

  router.post('/signup', rateLimit(limiter, limit), async (ctx) => {
    const input = parseOr400(signupSchema, ctx.request.body ?? {});
    const { signupToken, ...result } = await signup.signup(input, readSignupToken(ctx));
    setSignupCookie(ctx, signupToken, { secure: config.cookieSecure || ctx.secure });
    ctx.status = 201;
    ctx.body = { data: result };
  });

  return router;
}
