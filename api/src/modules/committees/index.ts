import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from '../../http/types';
import { createCommitteesRepository } from './repository';
import { committeesRoutes } from './routes';
import { createCommitteesService } from './service';

/** The committees module wired for the app: one line to mount in the session-guarded router. */
export function committeesModuleRoutes(knex: Knex): Router<AppState> {
  return committeesRoutes(createCommitteesService(createCommitteesRepository(knex)));
}
