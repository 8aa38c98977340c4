import type { Middleware } from 'koa';
import { SESSION_COOKIE } from '../../http/sessionCookie';
import { Unauthorized } from '../../http/errors';
import type { AppState } from '../../http/types';
import type { AuthService } from './service';

/** Bearer header first (programmatic clients), then the browser's cookie. */
export function presentedToken(ctx: { get(name: string): string; cookies: { get(name: string): string | undefined } }): string | undefined {
  const header = ctx.get('Authorization');
  if (header) {
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    return match ? match[1].trim() : '';
  }
  return ctx.cookies.get(SESSION_COOKIE) || undefined;
}

function requestedAccount(ctx: { get(name: string): string }): string | undefined {
  const value = ctx.get('X-Account-Id').trim();
  return value === '' ? undefined : value;
}

/** 401 unless the request carries a live session; sets ctx.state.auth. */
export function requireSession(auth: AuthService): Middleware<AppState> {
  return async (ctx, next) => {
    const token = presentedToken(ctx);
    if (!token) throw new Unauthorized();
    ctx.state.auth = await auth.authenticate(token, requestedAccount(ctx));
    await next();
  };
}

/**
 * For routes open to everyone that record who was signed in (analytics): a missing or stale
 * credential means anonymous, never a 401 that would sign the visitor out.
 */
export function optionalSession(auth: AuthService): Middleware<AppState> {
  return async (ctx, next) => {
    const token = presentedToken(ctx);
    if (token) {
      try {
        ctx.state.auth = await auth.authenticate(token, requestedAccount(ctx));
      } catch (err) {
        if (!(err instanceof Unauthorized)) throw err;
      }
    }
    await next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * After every state-changing request, whatever its route (sign-out, revocations, password, two-factor,
 * billing, membership changes), the cached session lookups are forgotten: a change made in this
 * process holds for the next request without each write path having to know about the cache. Only a
 * route that says it changes none of these (`sessionsUntouched`, analytics events) keeps them.
 */
export function forgetCachedSessionsAfterWrites(auth: Pick<AuthService, 'forgetCachedSessions'>): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      // Awaited: other instances must see the change before this response leaves (sessionGeneration.ts).
      if (!SAFE_METHODS.has(ctx.method) && !ctx.state.sessionsUntouched) await auth.forgetCachedSessions();
    }
  };
}
