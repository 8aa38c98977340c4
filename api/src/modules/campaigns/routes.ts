import type { Router } from '@koa/router';
import { campaignInputSchema, campaignPageQuerySchema, campaignsQuerySchema, campaignTotalsQuerySchema, donationAccountsQuerySchema } from '@caucus/contract';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { CampaignsService } from './service';
import { createRouter } from '../../http/router';
import { authOf } from '../../http/session';

export function campaignsRoutes(campaigns: CampaignsService): Router<AppState> {
  const router = createRouter({ prefix: '/campaigns' });

  router.get('/', async (ctx) => {
    const query = parseOr400(campaignsQuerySchema, ctx.query);
    ctx.body = { data: { campaigns: await campaigns.list(authOf(ctx).accountId, query) } };
  });

  router.post('/', async (ctx) => {
    const { accountId, userId } = authOf(ctx);
    const values = parseOr400(campaignInputSchema, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { data: { campaign: await campaigns.create(accountId, userId, values) } };
  });

  // Fixed paths before '/:id', which would otherwise take them as ids.
  router.get('/committees', async (ctx) => {
    ctx.body = { data: { committees: await campaigns.committees(authOf(ctx).accountId) } };
  });

  router.get('/donation-accounts', async (ctx) => {
    const { campaignId } = parseOr400(donationAccountsQuerySchema, ctx.query);
    ctx.body = { data: { donationAccounts: await campaigns.donationAccounts(authOf(ctx).accountId, campaignId || undefined) } };
  });

  router.post('/refresh-all-totals', async (ctx) => {
    ctx.body = { data: { campaigns: await campaigns.refreshAllTotals(authOf(ctx).accountId) } };
  });

  router.get('/:id', async (ctx) => {
    ctx.body = { data: { campaign: await campaigns.get(authOf(ctx).accountId, ctx.params.id) } };
  });

  router.get('/:id/totals', async (ctx) => {
    const { interval } = parseOr400(campaignTotalsQuerySchema, ctx.query);
    ctx.body = { data: await campaigns.totals(authOf(ctx).accountId, ctx.params.id, interval) };
  });

  router.get('/:id/donors', async (ctx) => {
    const page = parseOr400(campaignPageQuerySchema, ctx.query);
    ctx.body = { data: await campaigns.donors(authOf(ctx).accountId, ctx.params.id, page) };
  });

  router.get('/:id/donations', async (ctx) => {
    const page = parseOr400(campaignPageQuerySchema, ctx.query);
    ctx.body = { data: await campaigns.donations(authOf(ctx).accountId, ctx.params.id, page) };
  });

  router.put('/:id', async (ctx) => {
    const values = parseOr400(campaignInputSchema, ctx.request.body ?? {});
    ctx.body = { data: { campaign: await campaigns.update(authOf(ctx).accountId, ctx.params.id, values) } };
  });

  router.post('/:id/archive', async (ctx) => {
    const { accountId, userId, sessionId } = authOf(ctx);
    ctx.body = { data: { campaign: await campaigns.archive(accountId, { userId, sessionId }, ctx.params.id) } };
  });

  router.post('/:id/unarchive', async (ctx) => {
    const { accountId, userId, sessionId } = authOf(ctx);
    ctx.body = { data: { campaign: await campaigns.unarchive(accountId, { userId, sessionId }, ctx.params.id) } };
  });

  router.delete('/:id', async (ctx) => {
    await campaigns.remove(authOf(ctx).accountId, ctx.params.id);
    ctx.body = { data: { deleted: true } };
  });

  return router;
}
