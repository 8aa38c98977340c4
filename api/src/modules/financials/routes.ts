import type { Router } from '@koa/router';
import { donationContributorInputSchema, donationInputSchema, duplicateConfirmSchema, pledgeInputSchema } from '@caucus/contract';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { FinancialsService } from './service';
import { createRouter } from '../../http/router';
import { authOf } from '../../http/session';

/** Who makes a change to money: the signed-in user, from this session (the audit trail's actor). */
function actorOf(ctx: Parameters<typeof authOf>[0]) {
  const { userId, sessionId } = authOf(ctx);
  return { userId, sessionId };
}

/** Pledges and donations of a contact (docs/product/api.md); every route runs behind the session guard. */
export function financialsRoutes(financials: FinancialsService): Router<AppState> {
  const router = createRouter({ prefix: '/contacts' });

  router.get('/:id/financials/summary', async (ctx) => {
    ctx.body = { data: await financials.summary(authOf(ctx).accountId, ctx.params.id) };
  });

  router.get('/:id/financial-history', async (ctx) => {
    ctx.body = { data: { entries: await financials.history(authOf(ctx).accountId, ctx.params.id) } };
  });

  router.get('/:id/pledges', async (ctx) => {
    ctx.body = { data: { pledges: await financials.listPledges(authOf(ctx).accountId, ctx.params.id) } };
  });

  router.post('/:id/pledges', async (ctx) => {
    const values = parseOr400(pledgeInputSchema, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { data: { pledge: await financials.createPledge(authOf(ctx).accountId, actorOf(ctx), ctx.params.id, values) } };
  });

  router.put('/pledges/:pledgeId', async (ctx) => {
    const values = parseOr400(pledgeInputSchema, ctx.request.body ?? {});
    ctx.body = { data: { pledge: await financials.updatePledge(authOf(ctx).accountId, actorOf(ctx), ctx.params.pledgeId, values) } };
  });

  router.get('/:id/donations', async (ctx) => {
    ctx.body = { data: { donations: await financials.listDonations(authOf(ctx).accountId, ctx.params.id) } };
  });

  router.post('/:id/donations', async (ctx) => {
    const values = parseOr400(donationInputSchema, ctx.request.body ?? {});
    const { confirmDuplicate } = parseOr400(duplicateConfirmSchema, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { data: { donation: await financials.createDonation(authOf(ctx).accountId, actorOf(ctx), ctx.params.id, values, { confirmDuplicate }) } };
  });

  router.put('/donations/:donationId', async (ctx) => {
    const values = parseOr400(donationInputSchema, ctx.request.body ?? {});
    ctx.body = { data: { donation: await financials.updateDonation(authOf(ctx).accountId, actorOf(ctx), ctx.params.donationId, values) } };
  });

  router.put('/donations/:donationId/contributor', async (ctx) => {
    const { contactId } = parseOr400(donationContributorInputSchema, ctx.request.body ?? {});
    ctx.body = { data: { donation: await financials.moveDonation(authOf(ctx).accountId, actorOf(ctx), ctx.params.donationId, contactId) } };
  });

  router.get('/donations/:donationId/history', async (ctx) => {
    ctx.body = { data: { entries: await financials.donationHistory(authOf(ctx).accountId, ctx.params.donationId) } };
  });

  return router;
}
