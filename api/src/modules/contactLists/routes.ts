import { Router } from '@koa/router';
import { contactListsQuerySchema } from '../../contract';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { ContactListsService } from './service';

export function contactListsRoutes(lists: ContactListsService): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/contact-lists' });

  router.get('/', async (ctx) => {
    const query = parseOr400(contactListsQuerySchema, ctx.query);
    ctx.body = { data: await lists.list(ctx.state.auth!.accountId, query) };
  });

  router.get('/:id', async (ctx) => {
    ctx.body = { data: { list: await lists.get(ctx.state.auth!.accountId, ctx.params.id) } };
  });

  return router;
}
