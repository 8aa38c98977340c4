import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from '../../http/types';
import { createBillingRepository } from './repository';
import { billingPublicRoutes } from './routes';
import { createBillingService } from './service';

export { checkoutModuleRoutes } from './module';
export { exceptLocalCheckoutForms, isLocalCheckoutFormPost } from './routes';

/** The plans anyone may read, wired for the app. */
export function billingPublicModuleRoutes(knex: Knex): Router<AppState> {
  return billingPublicRoutes(createBillingService(createBillingRepository(knex)));
}
