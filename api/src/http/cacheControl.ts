import type { Middleware } from 'koa';
import type { AppState } from './types';

/**
 * API answers carry account data, sessions and tokens: no browser or shared cache may keep them
 * unless a route says otherwise (the public plans list does). Set after the route ran, so errors
 * thrown on the way get it too.
 */
export function noStoreByDefault(): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      if (!ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-store');
    }
  };
}
