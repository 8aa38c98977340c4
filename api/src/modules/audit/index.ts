import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from '../../http/types';
import { createAuditRepository } from './repository';
import { auditRoutes } from './routes';
import { createAuditService } from './service';

/** Settings > Audit, wired for the app. */
export function auditModuleRoutes(knex: Knex): Router<AppState> {
  return auditRoutes(createAuditService(createAuditRepository(knex)));
}
