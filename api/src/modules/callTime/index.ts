import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from '../../http/types';
import type { FinancialsService } from '../financials/service';
import { createCallTimeRepository } from './repository';
import { callTimeRoutes } from './routes';
import { createCallTimeService } from './service';

/** The call-time module wired for the app; pledges and gifts go through the given financials service. */
export function callTimeModuleRoutes(knex: Knex, financials: FinancialsService): Router<AppState> {
  return callTimeRoutes(createCallTimeService(createCallTimeRepository(knex), financials));
}
