import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { newId } from '../lib/ids';
import { TooManyRequests } from './errors';
import type { AppContext, AppState } from './types';

export type Limit = {
  /** The limiter's name in login_attempts.kind. */
  kind: string;
  max: number;
  windowMs: number;
  message: string;
};

/**
 * Per-IP request limits counted in the database (login_attempts, by kind), so they hold across
 * every API instance, like the login limit. The count is one indexed read (ip, attempted_at); only
 * requests under the limit are recorded, so a flood cannot grow the table faster than the limit.
 */
/** Rows older than this count against no window; about one request in PRUNE_ONE_IN removes them. */
const KEEP_MS = 24 * 60 * 60 * 1000;
const PRUNE_ONE_IN = 200;

export function createRateLimiter(knex: Knex, now: () => Date = () => new Date(), random: () => number = Math.random) {
  return {
    /** Counts one request of `ip` against `limit`; 429 (with Retry-After) once the window is full. */
    async hit(ctx: Pick<AppContext, 'set'>, limit: Limit, ip: string): Promise<void> {
      const at = now();
      const address = ip.slice(0, 64);
      const row = await knex('login_attempts')
        .where({ ip: address, kind: limit.kind })
        .andWhere('attemptedAt', '>', new Date(at.getTime() - limit.windowMs))
        .count<{ count: number | string }[]>({ count: '*' })
        .first();
      if (Number(row?.count ?? 0) >= limit.max) {
        ctx.set('Retry-After', String(Math.ceil(limit.windowMs / 1000)));
        throw new TooManyRequests(limit.message);
      }
      await knex('login_attempts').insert({ id: newId(), email: null, ip: address, kind: limit.kind, success: true, attemptedAt: at });
      // The table only has to remember the longest window; pruning now and then keeps it small.
      if (random() * PRUNE_ONE_IN < 1) {
        await knex('login_attempts').where({ kind: limit.kind }).andWhere('attemptedAt', '<', new Date(at.getTime() - KEEP_MS)).delete();
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Middleware form; `applies` picks the requests that count (e.g. anonymous ones only). */
export function rateLimit(limiter: RateLimiter, limit: Limit, applies: (ctx: AppContext) => boolean = () => true): Middleware<AppState> {
  return async (ctx, next) => {
    if (applies(ctx)) await limiter.hit(ctx, limit, ctx.ip);
    await next();
  };
}
