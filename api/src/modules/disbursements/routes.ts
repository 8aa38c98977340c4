import type { Router } from '@koa/router';
import { disbursementImportRequestSchema, disbursementInputSchema, disbursementsQuerySchema, voidInputSchema } from '@caucus/contract';
import { createRouter } from '../../http/router';
import { authOf } from '../../http/session';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { AuditActor } from '../../lib/audit';
import type { DisbursementsService } from './service';

/** An import carries up to MAX_DISBURSEMENT_IMPORT_ROWS mapped rows: more than the small body limit, so it reads with the imports' one. */
export const isDisbursementImport = (ctx: { method: string; path: string }): boolean => ctx.method === 'POST' && ctx.path === '/api/disbursements/import';

export const actorOf = (ctx: { state: AppState }): AuditActor => {
  const auth = authOf(ctx);
  return { userId: auth.userId, sessionId: auth.sessionId };
};

/** Money going out of a committee: operating expenditures, refunds of contributions, voids. */
export function disbursementsRoutes(disbursements: DisbursementsService): Router<AppState> {
  const router = createRouter({ prefix: '/disbursements' });

  router.get('/', async (ctx) => {
    const { committeeId, from, to } = parseOr400(disbursementsQuerySchema, ctx.query);
    ctx.body = { data: await disbursements.list(authOf(ctx).accountId, committeeId, from, to) };
  });

  router.post('/', async (ctx) => {
    const values = parseOr400(disbursementInputSchema, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { data: { disbursement: await disbursements.create(authOf(ctx).accountId, actorOf(ctx), values) } };
  });

  router.post('/import', async (ctx) => {
    const { committeeId, rows, validOnly } = parseOr400(disbursementImportRequestSchema, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { data: await disbursements.importRows(authOf(ctx).accountId, actorOf(ctx), committeeId, rows, validOnly) };
  });

  router.get('/:id', async (ctx) => {
    ctx.body = { data: { disbursement: await disbursements.get(authOf(ctx).accountId, ctx.params.id) } };
  });

  router.put('/:id', async (ctx) => {
    const values = parseOr400(disbursementInputSchema, ctx.request.body ?? {});
    ctx.body = { data: { disbursement: await disbursements.update(authOf(ctx).accountId, actorOf(ctx), ctx.params.id, values) } };
  });

  router.post('/:id/void', async (ctx) => {
    const { voidDate, memo } = parseOr400(voidInputSchema, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { data: { disbursement: await disbursements.void(authOf(ctx).accountId, actorOf(ctx), ctx.params.id, voidDate, memo) } };
  });

  return router;
}
