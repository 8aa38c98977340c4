import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from '../../http/types';
import { createCampaignsRepository } from './repository';
import { campaignsRoutes } from './routes';
import { createCampaignsService } from './service';

/** Campaigns, wired for the app. */
export function campaignsModuleRoutes(knex: Knex): Router<AppState> {
  return campaignsRoutes(createCampaignsService(createCampaignsRepository(knex)));
}
