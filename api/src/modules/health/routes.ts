import { Router } from '@koa/router';
import type { AppState } from '../../http/types';

export function healthRoutes(): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/health', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: { status: 'ok' } };
  });
  return router;
}
