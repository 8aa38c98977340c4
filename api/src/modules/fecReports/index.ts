import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from '../../http/types';
import { createComplianceRepository } from '../compliance/repository';
import { createComplianceService } from '../compliance/service';
import { createAggregateService } from './aggregate';
import { createFecReportsRepository } from './repository';
import { fecReportsRoutes } from './routes';
import { createFecReportsService } from './service';

/** Cash on hand, reconciliation and the FEC reports, wired for the app. */
export function fecReportsModuleRoutes(knex: Knex): Router<AppState> {
  const complianceRepo = createComplianceRepository(knex);
  const service = createFecReportsService(createFecReportsRepository(knex), { repo: complianceRepo, service: createComplianceService(complianceRepo) });
  return fecReportsRoutes(service, createAggregateService(complianceRepo));
}
