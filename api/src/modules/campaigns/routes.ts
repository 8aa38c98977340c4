import { Router } from '@koa/router';
import { campaignsQuerySchema } from '../../contract';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { CampaignsService } from './service';

export function campaignsRoutes(campaigns: CampaignsService): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/campaigns' });

  router.get('/', async (ctx) => {
    const query = parseOr400(campaignsQuerySchema, ctx.query);
    ctx.body = { data: { campaigns: await campaigns.list(ctx.state.auth!.accountId, query) } };
  });

  router.get('/:id', async (ctx) => {
    ctx.body = { data: { campaign: await campaigns.get(ctx.state.auth!.accountId, ctx.params.id) } };
  });

  return router;
}
