import { Router } from '@koa/router';
import {
  campaignInputSchema,
  campaignPageQuerySchema,
  campaignsQuerySchema,
  campaignTotalsQuerySchema,
  donationAccountsQuerySchema,
} from '../../contract';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { CampaignsService } from './service';

export function campaignsRoutes(campaigns: CampaignsService): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/campaigns' });

  router.get('/', async (ctx) => {
    const query = parseOr400(campaignsQuerySchema, ctx.query);
    ctx.body = { data: { campaigns: await campaigns.list(ctx.state.auth!.accountId, query) } };
  });

  router.post('/', async (ctx) => {
    const { accountId, userId } = ctx.state.auth!;
    const values = parseOr400(campaignInputSchema, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { data: { campaign: await campaigns.create(accountId, userId, values) } };
  });

  // Fixed paths before '/:id', which would otherwise take them as ids.
  router.get('/committees', async (ctx) => {
    ctx.body = { data: { committees: await campaigns.committees(ctx.state.auth!.accountId) } };
  });

  router.get('/donation-accounts', async (ctx) => {
    const { campaignId } = parseOr400(donationAccountsQuerySchema, ctx.query);
    ctx.body = { data: { donationAccounts: await campaigns.donationAccounts(ctx.state.auth!.accountId, campaignId || undefined) } };
  });

  router.post('/refresh-all-totals', async (ctx) => {
    ctx.body = { data: { campaigns: await campaigns.refreshAllTotals(ctx.state.auth!.accountId) } };
  });

  router.get('/:id', async (ctx) => {
    ctx.body = { data: { campaign: await campaigns.get(ctx.state.auth!.accountId, ctx.params.id) } };
  });

  router.get('/:id/totals', async (ctx) => {
    const { interval } = parseOr400(campaignTotalsQuerySchema, ctx.query);
    ctx.body = { data: await campaigns.totals(ctx.state.auth!.accountId, ctx.params.id, interval) };
  });

  router.get('/:id/donors', async (ctx) => {
    const page = parseOr400(campaignPageQuerySchema, ctx.query);
    ctx.body = { data: await campaigns.donors(ctx.state.auth!.accountId, ctx.params.id, page) };
  });

  router.get('/:id/donations', async (ctx) => {
    const page = parseOr400(campaignPageQuerySchema, ctx.query);
    ctx.body = { data: await campaigns.donations(ctx.state.auth!.accountId, ctx.params.id, page) };
  });

  router.put('/:id', async (ctx) => {
    const values = parseOr400(campaignInputSchema, ctx.request.body ?? {});
    ctx.body = { data: { campaign: await campaigns.update(ctx.state.auth!.accountId, ctx.params.id, values) } };
  });

  router.delete('/:id', async (ctx) => {
    await campaigns.remove(ctx.state.auth!.accountId, ctx.params.id);
    ctx.body = { data: { deleted: true } };
  });

  return router;
}
