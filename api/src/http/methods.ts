import type { Router } from '@koa/router';
import type { Middleware } from 'koa';
import { HttpError } from './errors';
import type { AppState } from './types';

/** The methods the API serves; anything else (PROPFIND, TRACE, CONNECT...) is refused up front. */
export const SERVED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

type Layer = { methods: string[] };

function allowHeader(layers: Layer[]): string {
  const methods = new Set(layers.flatMap((layer) => layer.methods));
  if (methods.size > 0) methods.add('OPTIONS');
  return [...methods].join(', ');
}

const methodNotAllowed = () => new HttpError(405, 'Method not allowed');

/**
 * 405 with Allow for a method a path does not serve (RFC 9110 15.5.6), and 405 for methods the API
 * serves nowhere, before any middleware reads their body. OPTIONS on a known path answers its Allow.
 * Placed before the routers: it reads what they matched on the way back.
 */
export function allowedMethods(routers: Router<AppState>[]): Middleware<AppState> {
  return async (ctx, next) => {
    if (!SERVED_METHODS.has(ctx.method)) {
      const allow = allowHeader(routers.flatMap((router) => router.match(ctx.path, ctx.method).path));
      if (allow) ctx.set('Allow', allow);
      ctx.req.resume();
      throw methodNotAllowed();
    }
    await next();
    if (ctx.status !== 404) return;
    const matched = ((ctx as { matched?: Layer[] }).matched ?? []).filter((layer) => layer.methods.length > 0);
    if (matched.length === 0 || matched.some((layer) => layer.methods.includes(ctx.method))) return;
    const allow = allowHeader(matched);
    ctx.set('Allow', allow);
    if (ctx.method === 'OPTIONS') {
      ctx.status = 200;
      ctx.body = '';
      return;
    }
    throw methodNotAllowed();
  };
}
