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
 * every API instance, like the login limit. A request is recorded first and counted after, with
 * every record of its window (one indexed read on ip, attempted_at): of requests racing in
 * parallel, the last to count sees all the others, so no burst gets past the limit (a count taken
 * before recording lets every parallel request see the same "under the limit"). It errs on the safe
 * side: a burst larger than what is left of the window may be refused whole. A refused request
 * removes its record, so a flood cannot grow the table faster than the limit.
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
      const id = newId();
      await knex('login_attempts').insert({ id, email: null, ip: address, kind: limit.kind, success: true, attemptedAt: at });
      const row = await knex('login_attempts')
        .where({ ip: address, kind: limit.kind })
        .andWhere('attemptedAt', '>', new Date(at.getTime() - limit.windowMs))
        .count<{ count: number | string }[]>({ count: '*' })
        .first();
      // The count includes this request's own record.
      if (Number(row?.count ?? 0) > limit.max) {
        await knex('login_attempts').where({ id }).delete();
        ctx.set('Retry-After', String(Math.ceil(limit.windowMs / 1000)));
        throw new TooManyRequests(limit.message);
      }
      // The table only has to remember the longest window; pruning now and then keeps it small.
      if (random() * PRUNE_ONE_IN < 1) {
        await knex('login_attempts')
          .where({ kind: limit.kind })
          .andWhere('attemptedAt', '<', new Date(at.getTime() - KEEP_MS))
          .delete();
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
