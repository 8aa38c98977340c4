import { Router } from '@koa/router';
import type { AppConfig } from '../../config';
import { forgotPasswordSchema, resetPasswordSchema } from '../../contract';
import type { AppContext, AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { PasswordResetService } from './passwordReset';

/**
 * Where the reset page lives when PUBLIC_URL is unset: the browser's Origin when it is one of the
 * trusted frontends (the dev shell runs on its own port), else the origin this request came to.
 */
export function requestOrigin(ctx: AppContext, config: Pick<AppConfig, 'corsOrigins'>): string {
  const origin = ctx.get('Origin');
  if (origin && config.corsOrigins.includes(origin)) return origin;
  // Not ctx.origin: since Koa 3 that is the (untrusted) Origin header.
  return `${ctx.protocol}://${ctx.host}`;
}

export function passwordResetRoutes(service: PasswordResetService, config: Pick<AppConfig, 'corsOrigins'>): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/auth' });

  router.post('/forgot-password', async (ctx) => {
    const input = parseOr400(forgotPasswordSchema, ctx.request.body ?? {});
    ctx.body = { data: await service.forgotPassword(input, { ip: ctx.ip, origin: requestOrigin(ctx, config) }) };
  });

  router.post('/reset-password', async (ctx) => {
    const input = parseOr400(resetPasswordSchema, ctx.request.body ?? {});
    ctx.body = { data: await service.resetPassword(input, { ip: ctx.ip }) };
  });

  return router;
}
