import type { Middleware } from 'koa';
import { HttpError } from './errors';
import type { AppState } from './types';

type StatusError = Error & { status?: number; statusCode?: number; expose?: boolean };

/** The one place errors become `{ message, details? }`. Internals never reach the client. */
export function errorHandler(): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      const err = caught instanceof Error ? (caught as StatusError) : new Error(String(caught));
      if (err instanceof HttpError) {
        ctx.status = err.status;
        ctx.body = err.details ? { message: err.message, details: err.details } : { message: err.message };
        return;
      }
      // Errors raised by Koa itself or its libraries (ctx.throw, http-errors) carry a status and say
      // whether their message is safe to show.
      const { status: ownStatus, statusCode, expose } = err as StatusError;
      const status = ownStatus ?? statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500 && expose) {
        ctx.status = status;
        ctx.body = { message: err.message };
        return;
      }
      ctx.state.logger?.error('unhandled error', {
        requestId: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        error: err.message,
        stack: err.stack,
      });
      ctx.status = 500;
      ctx.body = { message: 'Internal server error' };
    }
  };
}
