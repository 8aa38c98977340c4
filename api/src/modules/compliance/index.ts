import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from '../../http/types';
import { createComplianceRepository } from './repository';
import { complianceRoutes } from './routes';
import { createComplianceService } from './service';

export { designate, excessKey, recomputeExcessFor, committeeOfCampaign, type Designation, type ExcessKey } from './designation';

/** The compliance module wired for the app: one line to mount in the session-guarded router. */
export function complianceModuleRoutes(knex: Knex): Router<AppState> {
  return complianceRoutes(createComplianceService(createComplianceRepository(knex)));
}
