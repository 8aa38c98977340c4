import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import { giftReviewInputSchema, type ContactArchiveResponse, type GiftReviewResponse } from '@caucus/contract';
import { parseOr400 } from '../../http/validate';
import { Forbidden } from '../../http/errors';
import { createRouter } from '../../http/router';
import { authOf } from '../../http/session';
import type { AppState } from '../../http/types';
import { archiveContact, unarchiveContact } from './archive';
import { reconcileAccount } from './reconcile';
import { giftsToReview, reviewGifts } from './review';

export const OWNER_ONLY = 'Only the account owner can reconcile the ledger';

/** The ledger's own routes: a contact's archive, and reconciliation for the account owner. */
export function ledgerRoutes(knex: Knex): Router<AppState> {
  const router = createRouter();

  router.post('/contacts/:id/archive', async (ctx) => {
    const { accountId, userId, sessionId } = authOf(ctx);
    const archivedAt = await archiveContact(knex, { accountId, actor: { userId, sessionId }, id: ctx.params.id });
    ctx.body = { data: { contactId: ctx.params.id, archivedAt } satisfies ContactArchiveResponse };
  });

  router.post('/contacts/:id/unarchive', async (ctx) => {
    const { accountId, userId, sessionId } = authOf(ctx);
    await unarchiveContact(knex, { accountId, actor: { userId, sessionId }, id: ctx.params.id });
    ctx.body = { data: { contactId: ctx.params.id, archivedAt: null } satisfies ContactArchiveResponse };
  });

  // Gifts entered by Staff, waiting for the treasurer's review (review.ts).
  router.get('/donations/review', async (ctx) => {
    ctx.body = { data: await giftsToReview(knex, authOf(ctx).accountId) };
  });

  router.post('/donations/review', async (ctx) => {
    const { accountId, userId, sessionId } = authOf(ctx);
    const { donationIds } = parseOr400(giftReviewInputSchema, ctx.request.body ?? {});
    const reviewed = await reviewGifts(knex, { accountId, actor: { userId, sessionId }, donationIds });
    ctx.body = { data: { reviewed } satisfies GiftReviewResponse };
  });

  router.get('/admin/reconcile', async (ctx) => {
    const { accountId, userId } = authOf(ctx);
    const owner = await knex('memberships').where({ accountId, userId, role: 'owner' }).first('id');
    if (!owner) throw new Forbidden(OWNER_ONLY);
    ctx.body = { data: await reconcileAccount(knex, accountId) };
  });

  return router;
}
