import type { Router } from '@koa/router';
import {
  fingerprintQuerySchema,
  importDuplicatesRequestSchema,
  importLimitsRequestSchema,
  importFixSkippedRequestSchema,
  importHistoryQuerySchema,
  importRequestSchema,
  importRowsRequestSchema,
  importSkippedQuerySchema,
} from '@caucus/contract';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { DataImportService } from './service';
import { createRouter } from '../../http/router';
import { authOf } from '../../http/session';

export const IMPORT_PATH = '/api/data-import/import';
/** Paths that take a big JSON body (up to 200,000 rows); everything else keeps the small limit. */
export const isImportUpload = (ctx: { method: string; path: string }): boolean =>
  ctx.method === 'POST' && (ctx.path === IMPORT_PATH || /^\/api\/data-import\/[^/]+\/rows$/.test(ctx.path));

export function dataImportRoutes(imports: DataImportService): Router<AppState> {
  const router = createRouter({ prefix: '/data-import' });

  router.post('/import', async (ctx) => {
    const input = parseOr400(importRequestSchema, ctx.request.body);
    const auth = authOf(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 202;
    ctx.body = { data: await imports.start(auth.accountId, auth.userId, input) };
  });

  router.get('/history', async (ctx) => {
    const query = parseOr400(importHistoryQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: await imports.history(authOf(ctx).accountId, query) };
  });

  router.get('/fingerprint', async (ctx) => {
    const query = parseOr400(fingerprintQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: await imports.byFingerprint(authOf(ctx).accountId, query.fingerprint) };
  });

  router.post('/duplicates', async (ctx) => {
    const input = parseOr400(importDuplicatesRequestSchema, ctx.request.body);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: await imports.duplicates(authOf(ctx).accountId, input) };
  });

  router.post('/limits', async (ctx) => {
    const input = parseOr400(importLimitsRequestSchema, ctx.request.body);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: await imports.limits(authOf(ctx).accountId, input) };
  });

  router.get('/:id', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: { import: await imports.get(authOf(ctx).accountId, ctx.params.id) } };
  });

  router.post('/:id/rows', async (ctx) => {
    const input = parseOr400(importRowsRequestSchema, ctx.request.body);
    ctx.status = 202;
    ctx.body = { data: await imports.appendRows(authOf(ctx).accountId, ctx.params.id, input) };
  });

  router.get('/:id/report', async (ctx) => {
    const { fileName, csv } = await imports.report(authOf(ctx).accountId, ctx.params.id);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = csv;
  });

  router.get('/:id/skipped', async (ctx) => {
    const query = parseOr400(importSkippedQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: await imports.skipped(authOf(ctx).accountId, ctx.params.id, query) };
  });

  router.post('/:id/skipped', async (ctx) => {
    const input = parseOr400(importFixSkippedRequestSchema, ctx.request.body);
    ctx.status = 202;
    ctx.body = { data: { import: await imports.fixSkipped(authOf(ctx).accountId, ctx.params.id, input) } };
  });

  router.post('/:id/retry', async (ctx) => {
    ctx.body = { data: { import: await imports.retry(authOf(ctx).accountId, ctx.params.id) } };
  });

  router.post('/:id/cancel', async (ctx) => {
    ctx.body = { data: { import: await imports.cancel(authOf(ctx).accountId, ctx.params.id) } };
  });

  router.post('/:id/undo', async (ctx) => {
    ctx.status = 202;
    const { accountId, userId, sessionId } = authOf(ctx);
    ctx.body = { data: await imports.undo(accountId, ctx.params.id, { userId, sessionId }) };
  });

  return router;
}
