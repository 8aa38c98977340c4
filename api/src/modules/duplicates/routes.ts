import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import type Koa from 'koa';
import { MAX_MERGED, bulkMergeRequestSchema, duplicatesQuerySchema, emailClustersQuerySchema, mergeRequestSchema } from '@caucus/contract';
import { emailClusters, mergeEmailClusters } from './bulk';
import { isId } from '../../lib/ids';
import { mergeContacts, survivorOf, undoMerge } from './merge';
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

  // Bulk: the exact-email clusters with what each merge keeps, then the merge of the ones confirmed.
  router.get('/email-clusters', async (ctx) => {
    const query = parseOr400(emailClustersQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: await emailClusters(duplicates.knex, authOf(ctx).accountId, query, MAX_MERGED + 1) };
  });

  router.post('/email-clusters/merge', async (ctx) => {
    const input = parseOr400(bulkMergeRequestSchema, ctx.request.body);
    const { accountId, userId, sessionId } = authOf(ctx);
    ctx.body = { data: await mergeEmailClusters(duplicates.knex, accountId, { userId, sessionId }, input) };
  });

  router.post('/:id/dismiss', async (ctx) => {
    const { accountId, userId, sessionId } = authOf(ctx);
    await duplicates.dismiss(accountId, { userId, sessionId }, ctx.params.id);
    ctx.body = { data: { dismissed: true } };
  });

  return router;
}

/** POST /api/contacts/merge and POST /api/contacts/merges/:id/undo. */
export function mergeRoutes(knex: Knex): Router<AppState> {
  const router = createRouter({ prefix: '/contacts' });

  router.post('/merge', async (ctx) => {
    const input = parseOr400(mergeRequestSchema, ctx.request.body);
    const { accountId, userId, sessionId } = authOf(ctx);
    ctx.body = { data: { merge: await mergeContacts(knex, accountId, { userId, sessionId }, input) } };
  });

  router.post('/merges/:id/undo', async (ctx) => {
    const { accountId, userId, sessionId } = authOf(ctx);
    ctx.body = { data: { merge: await undoMerge(knex, accountId, { userId, sessionId }, ctx.params.id) } };
  });

  return router;
}

export type ContactReader = {
  get(accountId: string, userId: string, id: string): Promise<unknown>;
  getWithImages(accountId: string, userId: string, id: string): Promise<unknown>;
};

/**
 * Old links keep working: a read of a merged-away contact answers with the record it was merged into
 * (mergedFrom names the old id, the header X-Merged-Into the survivor; the contact page moves to the
 * survivor's URL). Mounted before the contacts' routes; any other contact goes on to them.
 */
export function mergedContactRoutes(knex: Knex, contacts: ContactReader): Router<AppState> {
  const router = createRouter({ prefix: '/contacts' });
  const answer =
    (withImages: boolean): Koa.Middleware<AppState> =>
    async (ctx, next) => {
      const id = String((ctx.params as Record<string, string>).id);
      const { accountId, userId } = authOf(ctx);
      const survivor = isId(id) ? await survivorOf(knex, accountId, id) : null;
      if (!survivor) {
        await next();
        return;
      }
      ctx.set('X-Merged-Into', survivor);
      const contact = withImages ? await contacts.getWithImages(accountId, userId, survivor) : await contacts.get(accountId, userId, survivor);
      ctx.body = { data: { contact, mergedFrom: id } };
    };
  router.get('/:id', answer(false));
  router.get('/:id/with-images', answer(true));
  return router;
}
