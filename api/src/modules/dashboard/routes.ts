import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import { dashboardOverviewQuerySchema, upcomingEventsQuerySchema } from '@caucus/contract';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import { createEventsRepository } from '../events/repository';
import { createEventsService } from '../events/service';
import { createDashboardRepository } from './repository';
import { createDashboardService, type DashboardService } from './service';
import { createRouter } from '../../http/router';
import { authOf } from '../../http/session';

export function dashboardRoutes(dashboard: DashboardService): Router<AppState> {
  const router = createRouter({ prefix: '/dashboard' });

  router.get('/overview', async (ctx) => {
    const { campaignId } = parseOr400(dashboardOverviewQuerySchema, ctx.query);
    ctx.body = { data: await dashboard.overview(authOf(ctx).accountId, campaignId) };
  });

  router.get('/getting-started', async (ctx) => {
    ctx.body = { data: await dashboard.gettingStarted(authOf(ctx).accountId, authOf(ctx).userId) };
  });

  router.get('/events/upcoming', async (ctx) => {
    const query = parseOr400(upcomingEventsQuerySchema, ctx.query);
    ctx.body = { data: { events: await dashboard.upcomingEvents(authOf(ctx).accountId, query) } };
  });

  return router;
}

/** The dashboard's routes wired to their repositories; mounted behind the session guard. */
export function dashboardModuleRoutes(knex: Knex): Router<AppState> {
  return dashboardRoutes(createDashboardService(createDashboardRepository(knex), createEventsService(createEventsRepository(knex))));
}
