import { Router } from '@koa/router';
import { eventsQuerySchema } from '../../contract';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { EventsService } from './service';

export function eventsRoutes(events: EventsService): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/events' });

  router.get('/', async (ctx) => {
    const query = parseOr400(eventsQuerySchema, ctx.query);
    ctx.body = { data: { events: await events.list(ctx.state.auth!.accountId, query) } };
  });

  router.get('/:id', async (ctx) => {
    ctx.body = { data: { event: await events.get(ctx.state.auth!.accountId, ctx.params.id) } };
  });

  return router;
}
