import type { Middleware } from 'koa';
import { isDatabaseUnavailable } from '../db/errors';
import { isRetryableLockError } from '../db/transaction';
import { HttpError, TooManyRequests } from './errors';
import type { AppState } from './types';

type StatusError = Error & { status?: number; statusCode?: number; expose?: boolean };
type DriverError = Error & { code?: unknown; errno?: unknown; sqlState?: unknown; sqlMessage?: unknown; sql?: unknown; fatal?: unknown };

/** Seconds a client should wait before retrying when the database cannot answer now. */
const RETRY_AFTER_SECONDS = 5;

/**
 * The thrown value as an error. Not `instanceof Error`: errors made in another realm (a vm context,
 * a worker, a native driver whose error class came from another module instance) fail that test.
 */
export function asError(caught: unknown): Error & DriverError {
  return (caught !== null && typeof caught === 'object' && typeof (caught as Error).message === 'string' ? caught : new Error(String(caught))) as Error &
    DriverError;
}

/**
 * What of an error may be written to the log. Knex prefixes a failed query's message with the SQL
 * and its bound values (names, emails, note text), and the stack repeats the message: both are cut
 * to the driver's own message, with its code, so logs never carry personal data.
 */
export function loggableError(caught: unknown): Record<string, unknown> {
  const err = asError(caught);
  // A connection lost under a query (mysql2's PROTOCOL_* codes, `fatal`) has no errno or SQL state,
  // but knex has prefixed its message with the query all the same.
  const isDriverError =
    typeof err.errno === 'number' ||
    typeof err.sqlState === 'string' ||
    typeof err.sql === 'string' ||
    err.fatal === true ||
    /^(SQLITE_|PROTOCOL_|ER_)/.test(String(err.code ?? ''));
  if (!isDriverError) return { error: err.message, stack: err.stack };
  const driverMessage = typeof err.sqlMessage === 'string' ? err.sqlMessage : (err.message.split(' - ').pop() ?? '');
  // Values quoted back by the server ("Duplicate entry 'x@y.z' for key ...") are cut as well.
  const message = driverMessage.replace(/'[^']*'/g, "'…'");
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return { error: message, code: err.code, errno: err.errno, stack: [`${err.name}: ${message}`, ...frames].join('\n') };
}

/** The one place errors become `{ message, details? }`. Internals never reach the client. */
export function errorHandler(): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      const err = asError(caught) as StatusError & DriverError;
      if (err instanceof HttpError) {
        ctx.status = err.status;
        if (err instanceof TooManyRequests && err.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(err.retryAfterSeconds));
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
      const unavailable = isDatabaseUnavailable(err);
      // A lock conflict that outlasted its retries (inTransaction) was rolled back whole: the same
      // request may succeed in a moment, as with a database out of reach.
      const contended = !unavailable && isRetryableLockError(err);
      ctx.state.logger?.error(unavailable ? 'database unavailable' : contended ? 'lock conflict not resolved by retries' : 'unhandled error', {
        requestId: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        ...loggableError(err),
      });
      if (unavailable || contended) {
        ctx.status = 503;
        ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
        ctx.body = { message: 'The service is temporarily unavailable; please try again shortly' };
        return;
      }
      ctx.status = 500;
      ctx.body = { message: 'Internal server error' };
    }
  };
}
