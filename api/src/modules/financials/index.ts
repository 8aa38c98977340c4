import type { Knex } from 'knex';
import type { Router } from '@koa/router';
import type { AppState } from '../../http/types';
import { createFinancialsRepository } from './repository';
import { financialsRoutes } from './routes';
import { createFinancialsService, type DonationListener } from './service';

/** The financials module wired for the app: one line to mount in the session-guarded router. */
export function financialsModuleRoutes(knex: Knex, onDonationRecorded?: DonationListener): Router<AppState> {
  return financialsRoutes(createFinancialsService(createFinancialsRepository(knex), undefined, onDonationRecorded));
}
