import type { Router } from '@koa/router';
import type { AppConfig } from '../../config';
import { loginSchema, loginTwoFactorSchema } from '@caucus/contract';
import { clearSessionCookie, setSessionCookie } from '../../http/sessionCookie';
import type { AppContext, AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import { optionalSession, requireSession } from './middleware';
import { isChallenge, type AuthService, type LoginResult } from './service';
import { createRouter } from '../../http/router';
import { authOf } from '../../http/session';

export function authRoutes(auth: AuthService, config: Pick<AppConfig, 'cookieSecure'>): Router<AppState> {
  const router = createRouter({ prefix: '/auth' });

  const answerWithSession = (ctx: AppContext, result: LoginResult) => {
    setSessionCookie(ctx, result.token, {
      secure: config.cookieSecure || ctx.secure,
      // Without "Remember me" the cookie ends with the browser; the server-side expiry still applies.
      maxAgeSeconds: result.remember ? (result.expiresAt.getTime() - Date.now()) / 1000 : undefined,
    });
    const enrollment = result.twoFactorEnrollmentRequired ? { twoFactorEnrollmentRequired: true } : {};
    ctx.body = {
      data: { token: result.token, user: result.user, accounts: result.accounts, role: result.role, permissions: result.permissions, ...enrollment },
    };
  };

  router.post('/login', async (ctx) => {
    const input = parseOr400(loginSchema, ctx.request.body ?? {});
    const result = await auth.login(input, { ip: ctx.ip, userAgent: ctx.get('User-Agent') || null });
    // Two-factor sign-in on: no cookie until the code step.
    if (isChallenge(result)) ctx.body = { data: result };
    else answerWithSession(ctx, result);
  });

  router.post('/login/two-factor', async (ctx) => {
    const input = parseOr400(loginTwoFactorSchema, ctx.request.body ?? {});
    answerWithSession(ctx, await auth.loginTwoFactor(input, { ip: ctx.ip, userAgent: ctx.get('User-Agent') || null }));
  });

  // Logout always succeeds and always clears the cookie, even when the session had already ended.
  router.post('/logout', optionalSession(auth), async (ctx) => {
    if (ctx.state.auth) await auth.logout(ctx.state.auth.sessionId);
    clearSessionCookie(ctx, { secure: config.cookieSecure || ctx.secure });
    ctx.body = { data: { loggedOut: true } };
  });

  router.get('/me', requireSession(auth), async (ctx) => {
    ctx.body = { data: await auth.me(authOf(ctx)) };
  });

  return router;
}
