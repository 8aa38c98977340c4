import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import { analyticsQuerySchema, REPORT_KINDS, reportQuerySchema, type ReportKind } from '@caucus/contract';
import { NotFound } from '../../http/errors';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import { csvStream } from './csv';
import { createAnalyticsReportsRepository } from './repository';
import { createAnalyticsReportsService, type AnalyticsReportsService } from './service';
import { createRouter } from '../../http/router';
import { authOf } from '../../http/session';

const isReportKind = (value: string): value is ReportKind => (REPORT_KINDS as readonly string[]).includes(value);

/** e.g. donation-report_2026-01-01_2026-03-31.csv; the range ends say which period the file holds. */
function fileName(title: string, from?: string, to?: string): string {
  const base = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return `${[base, from ?? 'start', to ?? 'today'].join('_')}.csv`;
}

export function analyticsReportsRoutes(service: AnalyticsReportsService): Router<AppState> {
  const router = createRouter();

  router.get('/analytics/summary', async (ctx) => {
    const filter = parseOr400(analyticsQuerySchema, ctx.query);
    ctx.body = { data: await service.summary(authOf(ctx).accountId, filter) };
  });

  router.get('/reports/:kind', async (ctx) => {
    const kind = ctx.params.kind;
    if (!isReportKind(kind)) throw new NotFound('Report not found');
    const { format, ...scope } = parseOr400(reportQuerySchema, ctx.query);
    if (format === 'csv') {
      const source = await service.reportSource(authOf(ctx).accountId, kind, scope);
      ctx.type = 'text/csv; charset=utf-8';
      ctx.attachment(fileName(source.title, scope.from, scope.to));
      ctx.body = csvStream(source.columns, source.pages);
      return;
    }
    ctx.body = { data: await service.report(authOf(ctx).accountId, kind, scope) };
  });

  return router;
}

/** Analytics figures and report downloads wired to their repository; mounted behind the session guard. */
export function analyticsReportsModuleRoutes(knex: Knex): Router<AppState> {
  return analyticsReportsRoutes(createAnalyticsReportsService(createAnalyticsReportsRepository(knex)));
}
