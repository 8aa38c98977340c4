import { Router } from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from '../../http/types';

/** How long readiness waits for the database before calling it unreachable. */
export const HEALTH_DB_TIMEOUT_MS = 2000;
/** Seconds a client (or load balancer) should wait before asking again. */
export const RETRY_AFTER_SECONDS = 5;

/** Resolves true when the database answers a trivial query within the timeout. */
async function databaseAnswers(knex: Knex, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = knex
    .raw('select 1')
    .then(() => true)
    .catch(() => false);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Readiness: ok only when the database answers, so a load balancer stops sending traffic to an
 * instance that would fail every request; otherwise 503 with Retry-After.
 */
export function healthRoutes(knex: Knex, timeoutMs = HEALTH_DB_TIMEOUT_MS): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/health', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    if (await databaseAnswers(knex, timeoutMs)) {
      ctx.body = { data: { status: 'ok' } };
      return;
    }
    ctx.status = 503;
    ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
    ctx.body = { message: 'The database is unreachable; try again shortly' };
  });
  return router;
}
