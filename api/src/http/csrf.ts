import type { Middleware } from 'koa';
import { SESSION_COOKIE } from './sessionCookie';
import { Forbidden } from './errors';
import type { AppState } from './types';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * ADR 0001: a state-changing request that rides on the session cookie must carry a JSON content type
 * or X-Requested-With. A cross-site form can send neither without a CORS preflight, which we refuse
 * for foreign origins. Bearer requests are not ambient credentials, so they are exempt.
 */
export function csrfGuard(): Middleware<AppState> {
  return async (ctx, next) => {
    if (!SAFE_METHODS.has(ctx.method) && ctx.cookies.get(SESSION_COOKIE) && !/^bearer\s/i.test(ctx.get('Authorization'))) {
      const json = Boolean(ctx.is('application/json', '+json'));
      const customHeader = ctx.get('X-Requested-With') !== '';
      if (!json && !customHeader) {
        throw new Forbidden('Cross-site request refused: send JSON or the X-Requested-With header');
      }
    }
    await next();
  };
}
