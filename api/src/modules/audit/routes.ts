import type { Router } from '@koa/router';
import { auditQuerySchema } from '@caucus/contract';
import { createRouter } from '../../http/router';
import { authOf } from '../../http/session';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { AuditService } from './service';

/** GET only: the audit trail is append-only, and no route edits or deletes it. */
export function auditRoutes(service: AuditService): Router<AppState> {
  const router = createRouter();
  router.get('/audit', async (ctx) => {
    const query = parseOr400(auditQuerySchema, ctx.query);
    const { accountId } = authOf(ctx);
    if (query.format === 'csv') {
      ctx.type = 'text/csv; charset=utf-8';
      ctx.attachment(`audit-trail_${query.from ?? 'start'}_${query.to ?? 'today'}.csv`);
      ctx.body = await service.csv(accountId, query);
      return;
    }
    ctx.body = { data: await service.page(accountId, query) };
  });
  return router;
}
