import type { Middleware } from 'koa';
import type { AppState } from './types';

function isJsonValue(body: unknown): boolean {
  if (body === null || typeof body !== 'object') return false;
  if (Array.isArray(body)) return true;
  const prototype = Object.getPrototypeOf(body);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Turns a route's object body into its JSON text once. Koa leaves it an object until it answers,
 * and every reader of `ctx.length` before that (koa-compress's threshold, the access log) ran
 * JSON.stringify over it again: a page of contacts was serialised three times (profiled under load:
 * docs/product/performance.md). The content type stays the JSON one Koa set with the object.
 */
export function serializeJsonOnce(): Middleware<AppState> {
  return async (ctx, next) => {
    await next();
    if (isJsonValue(ctx.body)) ctx.body = JSON.stringify(ctx.body);
  };
}
