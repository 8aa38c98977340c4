import { Router } from '@koa/router';
import { globalSearchQuerySchema } from '../../contract';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { SearchService } from './service';

export function searchRoutes(search: SearchService): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/search' });

  router.get('/', async (ctx) => {
    const { q } = parseOr400(globalSearchQuerySchema, ctx.query);
    ctx.body = { data: await search.search(ctx.state.auth!.accountId, q) };
  });

  return router;
}
