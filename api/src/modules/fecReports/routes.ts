import type { Router } from '@koa/router';
import {
  aggregateQuerySchema,
  cashQuerySchema,
  fecReportInputSchema,
  fecReportsQuerySchema,
  fecReportUpdateSchema,
  fileStatusInputSchema,
  MONTH_MESSAGE,
  MONTH_PATTERN,
  noticeFiledInputSchema,
  reconciliationInputSchema,
  reconciliationQuerySchema,
} from '@caucus/contract';
import { BadRequest } from '../../http/errors';
import { createRouter } from '../../http/router';
import { authOf } from '../../http/session';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import { actorOf } from '../disbursements/routes';
import type { AggregateService } from './aggregate';
import type { FecReportsService } from './service';

function monthOr400(month: string): string {
  if (!MONTH_PATTERN.test(month)) throw new BadRequest(MONTH_MESSAGE, { month: MONTH_MESSAGE });
  return month;
}

/** Cash on hand, bank reconciliation, the FEC reports (Form 3 / 3X) and the aggregate a gift would reach. */
export function fecReportsRoutes(reports: FecReportsService, aggregate: AggregateService): Router<AppState> {
  const router = createRouter();

  router.get('/committees/:id/cash', async (ctx) => {
    const { through } = parseOr400(cashQuerySchema, ctx.query);
    ctx.body = { data: await reports.cash(authOf(ctx).accountId, ctx.params.id, through) };
  });

  router.get('/committees/:id/reconciliations/:month', async (ctx) => {
    const month = monthOr400(ctx.params.month);
    const { donationAccountId } = parseOr400(reconciliationQuerySchema, ctx.query);
    ctx.body = { data: await reports.reconciliation(authOf(ctx).accountId, ctx.params.id, month, donationAccountId) };
  });

  router.put('/committees/:id/reconciliations/:month', async (ctx) => {
    const month = monthOr400(ctx.params.month);
    const { donationAccountId } = parseOr400(reconciliationQuerySchema, ctx.query);
    const { statementBalance } = parseOr400(reconciliationInputSchema, ctx.request.body ?? {});
    ctx.body = { data: await reports.saveReconciliation(authOf(ctx).accountId, actorOf(ctx), ctx.params.id, month, statementBalance, donationAccountId) };
  });

  router.get('/reports/fec', async (ctx) => {
    const { committeeId } = parseOr400(fecReportsQuerySchema, ctx.query);
    ctx.body = { data: await reports.list(authOf(ctx).accountId, committeeId) };
  });

  router.post('/reports/fec', async (ctx) => {
    const values = parseOr400(fecReportInputSchema, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { data: { report: await reports.create(authOf(ctx).accountId, actorOf(ctx), values) } };
  });

  router.get('/reports/fec/:id', async (ctx) => {
    ctx.body = { data: await reports.get(authOf(ctx).accountId, ctx.params.id) };
  });

  router.put('/reports/fec/:id', async (ctx) => {
    const values = parseOr400(fecReportUpdateSchema, ctx.request.body ?? {});
    ctx.body = { data: await reports.update(authOf(ctx).accountId, actorOf(ctx), ctx.params.id, values) };
  });

  router.get('/reports/fec/:id/lines/:field', async (ctx) => {
    ctx.body = { data: await reports.lineEntries(authOf(ctx).accountId, ctx.params.id, ctx.params.field) };
  });

  router.get('/reports/fec/:id/file', async (ctx) => {
    const file = await reports.file(authOf(ctx).accountId, ctx.params.id);
    ctx.set('Content-Disposition', `attachment; filename="${file.filename}"`);
    ctx.type = 'text/plain; charset=us-ascii';
    ctx.body = file.body;
  });

  router.post('/reports/fec/:id/file-status', async (ctx) => {
    const values = parseOr400(fileStatusInputSchema, ctx.request.body ?? {});
    ctx.body = { data: { report: await reports.setFileStatus(authOf(ctx).accountId, actorOf(ctx), ctx.params.id, values) } };
  });

  router.post('/reports/fec/:id/amend', async (ctx) => {
    ctx.status = 201;
    ctx.body = { data: { report: await reports.amend(authOf(ctx).accountId, actorOf(ctx), ctx.params.id) } };
  });

  router.post('/compliance/48-hour-notices/:donationId/filed', async (ctx) => {
    const { filed, filedOn } = parseOr400(noticeFiledInputSchema, ctx.request.body ?? {});
    ctx.body = { data: await reports.setNoticeFiled(authOf(ctx).accountId, actorOf(ctx), ctx.params.donationId, filed, filedOn) };
  });

  router.get('/compliance/aggregate', async (ctx) => {
    const values = parseOr400(aggregateQuerySchema, ctx.query);
    ctx.body = { data: await aggregate.forGift(authOf(ctx).accountId, values) };
  });

  return router;
}
