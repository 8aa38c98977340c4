import type { Router } from '@koa/router';
import { duplicatesQuerySchema } from '../../contract';
import { createRouter } from '../../http/router';
import { authOf } from '../../http/session';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { DuplicatesService } from './service';

/** Contacts > Duplicates. Mounted before the contacts' routes, whose /:id would take /duplicates. */
export function duplicatesRoutes(duplicates: DuplicatesService): Router<AppState> {
  const router = createRouter({ prefix: '/contacts/duplicates' });

  router.get('/', async (ctx) => {
    const query = parseOr400(duplicatesQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: await duplicates.list(authOf(ctx).accountId, query) };
  });

  router.post('/scan', async (ctx) => {
    ctx.status = 202;
    ctx.body = { data: { scan: await duplicates.startScan(authOf(ctx).accountId) } };
  });

  router.get('/scan', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: { scan: await duplicates.scanStatus(authOf(ctx).accountId) } };
  });

  router.post('/:id/dismiss', async (ctx) => {
    const { accountId, userId, sessionId } = authOf(ctx);
    await duplicates.dismiss(accountId, { userId, sessionId }, ctx.params.id);
    ctx.body = { data: { dismissed: true } };
  });

  return router;
}
