import type { Router } from '@koa/router';
import type { AppConfig } from '../../config';
import { signupEmailCheckSchema, signupSchema } from '@caucus/contract';
import { rateLimit, type RateLimiter } from '../../http/rateLimit';
import { siteUrlFor } from '../../http/siteUrl';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { SignupService } from './service';
import { readSignupToken, setSignupCookie } from './signupToken';
import { createRouter } from '../../http/router';

export function signupRoutes(
  signup: SignupService,
  config: Pick<AppConfig, 'cookieSecure' | 'rateLimits' | 'publicUrl' | 'corsOrigins'>,
  limiter: RateLimiter,
): Router<AppState> {
  const router = createRouter({ prefix: '/auth' });
  // Each signup costs an argon2 hash and a pending account: a cheap per-IP count comes first.
  const limit = {
    kind: 'signup',
    max: config.rateLimits.signupsPerIpPerHour,
    windowMs: 60 * 60 * 1000,
    message: 'Too many signups from this network. Please try again later.',
  };

  // The address check is cheap, but it tells whether an address has an account: counted per IP in its
  // own window (a person may correct the address a few times per signup), and always the same shape.
  const checkLimit = {
    kind: 'signup-email-check',
    max: config.rateLimits.signupsPerIpPerHour * 3,
    windowMs: 60 * 60 * 1000,
    message: 'Too many email checks from this network. Please try again later.',
  };

  router.post('/signup/check-email', rateLimit(limiter, checkLimit), async (ctx) => {
    const { email } = parseOr400(signupEmailCheckSchema, ctx.request.body ?? {});
    ctx.body = { data: await signup.checkEmail(email) };
  });

  router.post('/signup', rateLimit(limiter, limit), async (ctx) => {
    const input = parseOr400(signupSchema, ctx.request.body ?? {});
    const { signupToken, ...result } = await signup.signup(input, { siteUrl: siteUrlFor(config, ctx.get('Origin') || undefined) }, readSignupToken(ctx));
    setSignupCookie(ctx, signupToken, { secure: config.cookieSecure || ctx.secure });
    ctx.status = 201;
    ctx.body = { data: result };
  });

  return router;
}
