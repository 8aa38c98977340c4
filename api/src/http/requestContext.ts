import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from './logger';
import type { AppState } from './types';

// A caller-supplied id is kept only when it is short and plain, so it cannot inject into logs.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The path as it may be logged: a route whose path carries its own credential (a signed file URL's
 * token) is logged by its pattern instead.
 */
function loggablePath(ctx: { path: string; _matchedRoute?: string | RegExp }): string {
  const route = ctx._matchedRoute;
  return typeof route === 'string' && /:token\b/.test(route) ? route : ctx.path;
}

/** Assigns a request id and writes one access-log line per request, after the response is decided. */
export function requestContext(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const incoming = ctx.get('X-Request-Id');
    const requestId = SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.logger = logger;
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info('request', {
        requestId,
        method: ctx.method,
        path: loggablePath(ctx),
        status: ctx.status,
        durationMs: Math.round(durationMs * 10) / 10,
        responseBytes: ctx.length,
        ip: ctx.ip,
        userAgent: ctx.get('User-Agent') || undefined,
        userId: ctx.state.auth?.userId,
        accountId: ctx.state.auth?.accountId,
      });
    }
  };
}
