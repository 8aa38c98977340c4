import type { Router } from '@koa/router';
import { contactInputSchema, contactListQuerySchema } from '@caucus/contract';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { ContactsService } from './service';
import { createRouter } from '../../http/router';
import { authOf } from '../../http/session';

export function contactsRoutes(contacts: ContactsService): Router<AppState> {
  const router = createRouter({ prefix: '/contacts' });

  router.get('/', async (ctx) => {
    const query = parseOr400(contactListQuerySchema, ctx.query);
    ctx.body = { data: await contacts.list(authOf(ctx).accountId, query) };
  });

  router.post('/', async (ctx) => {
    const { accountId, userId, sessionId } = authOf(ctx);
    const values = parseOr400(contactInputSchema, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { data: { contact: await contacts.create(accountId, userId, values, sessionId) } };
  });

  router.get('/:id/with-images', async (ctx) => {
    const { accountId, userId } = authOf(ctx);
    ctx.body = { data: { contact: await contacts.getWithImages(accountId, userId, ctx.params.id) } };
  });

  router.get('/:id', async (ctx) => {
    const { accountId, userId } = authOf(ctx);
    ctx.body = { data: { contact: await contacts.get(accountId, userId, ctx.params.id) } };
  });

  router.put('/:id', async (ctx) => {
    const { accountId, userId, sessionId } = authOf(ctx);
    const values = parseOr400(contactInputSchema, ctx.request.body ?? {});
    ctx.body = { data: { contact: await contacts.update(accountId, userId, ctx.params.id, values, sessionId) } };
  });

  router.delete('/:id', async (ctx) => {
    const { accountId, userId, sessionId } = authOf(ctx);
    ctx.body = { data: await contacts.remove(accountId, ctx.params.id, { userId, sessionId }) };
  });

  return router;
}
