import type { Router } from '@koa/router';
import { eventInputSchema, eventsQuerySchema } from '@caucus/contract';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { EventsService } from './service';
import { createRouter } from '../../http/router';
import { authOf } from '../../http/session';

export function eventsRoutes(events: EventsService): Router<AppState> {
  const router = createRouter({ prefix: '/events' });

  router.get('/', async (ctx) => {
    const query = parseOr400(eventsQuerySchema, ctx.query);
    ctx.body = { data: { events: await events.list(authOf(ctx).accountId, query) } };
  });

  router.post('/', async (ctx) => {
    const { accountId, userId } = authOf(ctx);
    const values = parseOr400(eventInputSchema, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { data: { event: await events.create(accountId, userId, values) } };
  });

  router.get('/:id', async (ctx) => {
    ctx.body = { data: { event: await events.get(authOf(ctx).accountId, ctx.params.id) } };
  });

  router.put('/:id', async (ctx) => {
    const values = parseOr400(eventInputSchema, ctx.request.body ?? {});
    ctx.body = { data: { event: await events.update(authOf(ctx).accountId, ctx.params.id, values) } };
  });

  router.delete('/:id', async (ctx) => {
    await events.remove(authOf(ctx).accountId, ctx.params.id);
    ctx.body = { data: { deleted: true } };
  });

  return router;
}
