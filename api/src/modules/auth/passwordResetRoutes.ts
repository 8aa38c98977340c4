import type { Router } from '@koa/router';
import { forgotPasswordSchema, resetPasswordSchema } from '@caucus/contract';
import { siteUrlFor, type SiteConfig } from '../../http/siteUrl';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { PasswordResetService } from './passwordReset';
import { createRouter } from '../../http/router';

export function passwordResetRoutes(service: PasswordResetService, config: SiteConfig): Router<AppState> {
  const router = createRouter({ prefix: '/auth' });

  router.post('/forgot-password', async (ctx) => {
    const input = parseOr400(forgotPasswordSchema, ctx.request.body ?? {});
    ctx.body = { data: await service.forgotPassword(input, { ip: ctx.ip, siteUrl: siteUrlFor(config, ctx.get('Origin')) }) };
  });

  router.post('/reset-password', async (ctx) => {
    const input = parseOr400(resetPasswordSchema, ctx.request.body ?? {});
    ctx.body = { data: await service.resetPassword(input, { ip: ctx.ip }) };
  });

  return router;
}
