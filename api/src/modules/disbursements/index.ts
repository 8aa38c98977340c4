import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from '../../http/types';
import { createDisbursementsRepository } from './repository';
import { disbursementsRoutes } from './routes';
import { createDisbursementsService } from './service';

export function disbursementsModuleRoutes(knex: Knex): Router<AppState> {
  return disbursementsRoutes(createDisbursementsService(createDisbursementsRepository(knex)));
}
export { isDisbursementImport } from './routes';
