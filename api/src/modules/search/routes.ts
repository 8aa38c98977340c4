import type { Router } from '@koa/router';
import { globalSearchQuerySchema } from '@caucus/contract';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { SearchService } from './service';
import { createRouter } from '../../http/router';
import { authOf } from '../../http/session';

export function searchRoutes(search: SearchService): Router<AppState> {
  const router = createRouter({ prefix: '/search' });

  router.get('/', async (ctx) => {
    const { q } = parseOr400(globalSearchQuerySchema, ctx.query);
    ctx.body = { data: await search.search(authOf(ctx).accountId, q) };
  });

  return router;
}
