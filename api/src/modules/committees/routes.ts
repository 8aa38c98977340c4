import type { Router } from '@koa/router';
import { committeeInputSchema } from '@caucus/contract';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { CommitteesService } from './service';
import { createRouter } from '../../http/router';
import { authOf } from '../../http/session';

/** FEC committees and their elections (docs/product/compliance.md); every route runs behind the session guard. */
export function committeesRoutes(committees: CommitteesService): Router<AppState> {
  const router = createRouter({ prefix: '/committees' });

  router.get('/', async (ctx) => {
    ctx.body = { data: { committees: await committees.list(authOf(ctx).accountId) } };
  });

  router.post('/', async (ctx) => {
    const values = parseOr400(committeeInputSchema, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { data: { committee: await committees.create(authOf(ctx).accountId, values) } };
  });

  router.get('/:id', async (ctx) => {
    ctx.body = { data: { committee: await committees.get(authOf(ctx).accountId, ctx.params.id) } };
  });

  router.put('/:id', async (ctx) => {
    const values = parseOr400(committeeInputSchema, ctx.request.body ?? {});
    ctx.body = { data: { committee: await committees.update(authOf(ctx).accountId, ctx.params.id, values) } };
  });

  return router;
}
