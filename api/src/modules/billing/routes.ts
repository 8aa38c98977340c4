import { Router } from '@koa/router';
import type { AppState } from '../../http/types';
import type { BillingService } from './service';

/** Public billing routes (the pricing page and the signup funnel run before sign-in). */
export function billingPublicRoutes(billing: BillingService): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/billing' });

  router.get('/plans', async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = { data: { plans: await billing.plans() } };
  });

  return router;
}
