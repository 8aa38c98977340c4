import { Router } from '@koa/router';
import { contactListQuerySchema } from '../../contract';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { ContactsService } from './service';

export function contactsRoutes(contacts: ContactsService): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/contacts' });

  router.get('/', async (ctx) => {
    const query = parseOr400(contactListQuerySchema, ctx.query);
    ctx.body = { data: await contacts.list(ctx.state.auth!.accountId, query) };
  });

  router.get('/:id', async (ctx) => {
    const { accountId, userId } = ctx.state.auth!;
    ctx.body = { data: { contact: await contacts.get(accountId, userId, ctx.params.id) } };
  });

  return router;
}
