import type { Knex } from 'knex';
import { migrateLatest, whileDatabaseUnavailable } from './db';
import { loggableError } from './http/errorHandler';
import type { Logger } from './http/logger';

/**
 * Brings the schema up to date as a process (an API instance, a worker) starts. One started while
 * its database is out of reach or between views (a Galera node lost a moment ago) waits for it
 * instead of exiting (docs/adr/0013-capacity-and-scale-out.md).
 */
export function migrateAtStart(knex: Knex, logger: Logger): Promise<void> {
  return whileDatabaseUnavailable(() => migrateLatest(knex), {
    onWait: (error, attempt) => logger.warn('database unavailable at start; trying again', { attempt, ...loggableError(error) }),
  });
}
