import type { Router } from '@koa/router';
import { emailChangeConfirmSchema, emailChangeUndoSchema } from '@caucus/contract';
import { createRouter } from '../../http/router';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { EmailChangeService } from './emailChange';

/** The two links of an email change; open to everyone, like reset-password: the token is the credential. */
export function emailChangeRoutes(service: EmailChangeService): Router<AppState> {
  const router = createRouter({ prefix: '/auth/email-change' });

  router.post('/confirm', async (ctx) => {
    const input = parseOr400(emailChangeConfirmSchema, ctx.request.body ?? {});
    ctx.body = { data: await service.confirm(input, { ip: ctx.ip }) };
  });

  router.post('/undo', async (ctx) => {
    const input = parseOr400(emailChangeUndoSchema, ctx.request.body ?? {});
    ctx.body = { data: await service.undo(input, { ip: ctx.ip }) };
  });

  return router;
}
