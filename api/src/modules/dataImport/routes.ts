import { Router } from '@koa/router';
import { importHistoryQuerySchema } from '../../contract';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { DataImportService } from './service';

export function dataImportRoutes(imports: DataImportService): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/data-import' });

  router.get('/history', async (ctx) => {
    const query = parseOr400(importHistoryQuerySchema, ctx.query);
    ctx.body = { data: await imports.history(ctx.state.auth!.accountId, query) };
  });

  return router;
}
