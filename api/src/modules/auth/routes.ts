import { Router } from '@koa/router';
import type { AppConfig } from '../../config';
import { loginSchema } from '../../contract';
import { clearSessionCookie, setSessionCookie } from '../../http/sessionCookie';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import { optionalSession, requireSession } from './middleware';
import type { AuthService } from './service';

export function authRoutes(auth: AuthService, config: Pick<AppConfig, 'cookieSecure'>): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/auth' });

  router.post('/login', async (ctx) => {
    const input = parseOr400(loginSchema, ctx.request.body ?? {});
    const result = await auth.login(input, { ip: ctx.ip, userAgent: ctx.get('User-Agent') || null });
    setSessionCookie(ctx, result.token, {
      secure: config.cookieSecure || ctx.secure,
      // Without "Remember me" the cookie ends with the browser; the server-side expiry still applies.
      maxAgeSeconds: result.remember ? (result.expiresAt.getTime() - Date.now()) / 1000 : undefined,
    });
    ctx.body = { data: { token: result.token, user: result.user, accounts: result.accounts } };
  });

  // Logout always succeeds and always clears the cookie, even when the session had already ended.
  router.post('/logout', optionalSession(auth), async (ctx) => {
    if (ctx.state.auth) await auth.logout(ctx.state.auth.sessionId);
    clearSessionCookie(ctx, { secure: config.cookieSecure || ctx.secure });
    ctx.body = { data: { loggedOut: true } };
  });

  router.get('/me', requireSession(auth), async (ctx) => {
    ctx.body = { data: await auth.me(ctx.state.auth!) };
  });

  return router;
}
