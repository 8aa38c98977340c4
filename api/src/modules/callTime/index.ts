import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from '../../http/types';
import type { DonationListener } from '../ledger';
import { createCallTimeRepository } from './repository';
import { callTimeRoutes } from './routes';
import { createCallTimeService } from './service';

/** The call-time module wired for the app; gifts recorded on a call tell `onDonationRecorded` (the notice emails). */
export function callTimeModuleRoutes(knex: Knex, onDonationRecorded?: DonationListener): Router<AppState> {
  return callTimeRoutes(createCallTimeService(createCallTimeRepository(knex), onDonationRecorded));
}
