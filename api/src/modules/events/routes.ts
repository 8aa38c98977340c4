import { Router } from '@koa/router';
import { eventInputSchema, eventsQuerySchema } from '../../contract';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { EventsService } from './service';

export function eventsRoutes(events: EventsService): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/events' });

  router.get('/', async (ctx) => {
    const query = parseOr400(eventsQuerySchema, ctx.query);
    ctx.body = { data: { events: await events.list(ctx.state.auth!.accountId, query) } };
  });

  router.post('/', async (ctx) => {
    const { accountId, userId } = ctx.state.auth!;
    const values = parseOr400(eventInputSchema, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { data: { event: await events.create(accountId, userId, values) } };
  });

  router.get('/:id', async (ctx) => {
    ctx.body = { data: { event: await events.get(ctx.state.auth!.accountId, ctx.params.id) } };
  });

  router.put('/:id', async (ctx) => {
    const values = parseOr400(eventInputSchema, ctx.request.body ?? {});
    ctx.body = { data: { event: await events.update(ctx.state.auth!.accountId, ctx.params.id, values) } };
  });

  router.delete('/:id', async (ctx) => {
    await events.remove(ctx.state.auth!.accountId, ctx.params.id);
    ctx.body = { data: { deleted: true } };
  });

  return router;
}
