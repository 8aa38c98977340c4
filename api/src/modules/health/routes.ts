import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from '../../http/types';
import { createRouter } from '../../http/router';

/** How long readiness waits for the database before calling it unreachable. */
export const HEALTH_DB_TIMEOUT_MS = 2000;
/** Seconds a client (or load balancer) should wait before asking again. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Tables every request depends on: sign-in and the session check read sessions and users, every
 * workspace route its account. `select 1` alone answers while these are gone (a dropped or
 * half-restored database), and then every request but this one would fail.
 */
export const READINESS_TABLES = ['accounts', 'users', 'sessions'] as const;

/**
 * Resolves true when the database answers, within the timeout, a cheap read of each core table: an
 * indexed lookup that matches no row, so its cost does not grow with the data.
 */
async function databaseAnswers(knex: Knex, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = Promise.all(READINESS_TABLES.map((table) => knex(table).select('id').where('id', '').limit(1)))
    .then(() => true)
    .catch(() => false);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Readiness: ok only when the database answers and holds the tables the app needs, so a load
 * balancer stops sending traffic to an instance that would fail every request; otherwise 503 with
 * Retry-After.
 */
export function healthRoutes(knex: Knex, timeoutMs = HEALTH_DB_TIMEOUT_MS): Router<AppState> {
  const router = createRouter();
  router.get('/health', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    if (await databaseAnswers(knex, timeoutMs)) {
      ctx.body = { data: { status: 'ok' } };
      return;
    }
    ctx.status = 503;
    ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
    ctx.body = { message: 'The database is unreachable or incomplete; try again shortly' };
  });
  return router;
}
