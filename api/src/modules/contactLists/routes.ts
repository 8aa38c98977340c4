import type { Router } from '@koa/router';
import {
  addListMembersSchema,
  availableContactsQuerySchema,
  contactListInputSchema,
  contactListPatchSchema,
  contactListsQuerySchema,
  listMembersQuerySchema,
  listPreviewSchema,
  listSettingsSchema,
  removeListMembersSchema,
} from '@caucus/contract';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { ContactListsService } from './service';
import { createRouter } from '../../http/router';
import { authOf } from '../../http/session';

/** Contact lists (docs/product/api.md, Contact lists) plus the builder's live preview and the "why" of a membership. */
export function contactListsRoutes(lists: ContactListsService): Router<AppState> {
  const router = createRouter({ prefix: '/contact-lists' });

  router.get('/', async (ctx) => {
    const query = parseOr400(contactListsQuerySchema, ctx.query);
    ctx.body = { data: await lists.list(authOf(ctx).accountId, query) };
  });

  router.post('/', async (ctx) => {
    const { accountId, userId } = authOf(ctx);
    const values = parseOr400(contactListInputSchema, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { data: { list: await lists.create(accountId, userId, values) } };
  });

  router.post('/preview', async (ctx) => {
    const { rules } = parseOr400(listPreviewSchema, ctx.request.body ?? {});
    ctx.body = { data: await lists.preview(authOf(ctx).accountId, rules) };
  });

  // Before '/:id', which would read 'settings' as a list id.
  router.get('/settings', async (ctx) => {
    ctx.body = { data: await lists.settings(authOf(ctx).accountId) };
  });

  router.put('/settings', async (ctx) => {
    const settings = parseOr400(listSettingsSchema, ctx.request.body ?? {});
    ctx.body = { data: await lists.updateSettings(authOf(ctx).accountId, settings) };
  });

  router.get('/:id', async (ctx) => {
    ctx.body = { data: { list: await lists.get(authOf(ctx).accountId, ctx.params.id) } };
  });

  router.patch('/:id', async (ctx) => {
    const { accountId, userId } = authOf(ctx);
    const patch = parseOr400(contactListPatchSchema, ctx.request.body ?? {});
    ctx.body = { data: { list: await lists.update(accountId, userId, ctx.params.id, patch) } };
  });

  router.delete('/:id', async (ctx) => {
    ctx.body = { data: await lists.remove(authOf(ctx).accountId, ctx.params.id) };
  });

  router.get('/:id/contacts', async (ctx) => {
    const query = parseOr400(listMembersQuerySchema, ctx.query);
    ctx.body = { data: await lists.members(authOf(ctx).accountId, ctx.params.id, query) };
  });

  router.post('/:id/contacts', async (ctx) => {
    const { accountId, userId } = authOf(ctx);
    const body = parseOr400(addListMembersSchema, ctx.request.body ?? {});
    ctx.body = { data: await lists.addMembers(accountId, userId, ctx.params.id, body) };
  });

  router.delete('/:id/contacts', async (ctx) => {
    const body = parseOr400(removeListMembersSchema, ctx.request.body ?? {});
    ctx.body = { data: await lists.removeMembers(authOf(ctx).accountId, ctx.params.id, body) };
  });

  router.get('/:id/contacts/:contactId/why', async (ctx) => {
    ctx.body = { data: await lists.why(authOf(ctx).accountId, ctx.params.id, ctx.params.contactId) };
  });

  router.get('/:id/stats', async (ctx) => {
    ctx.body = { data: await lists.stats(authOf(ctx).accountId, ctx.params.id) };
  });

  router.get('/:id/available-contacts', async (ctx) => {
    const query = parseOr400(availableContactsQuerySchema, ctx.query);
    ctx.body = { data: await lists.availableContacts(authOf(ctx).accountId, ctx.params.id, query) };
  });

  router.post('/:id/apply-rules', async (ctx) => {
    const { accountId, userId } = authOf(ctx);
    ctx.body = { data: await lists.applyRules(accountId, userId, ctx.params.id) };
  });

  return router;
}
