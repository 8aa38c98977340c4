import type { Router } from '@koa/router';
import type { AppConfig } from '../../config';
import {
  accountUpdateSchema,
  billingPortalSchema,
  notificationPreferencesSchema,
  organizationSettingsSchema,
  passwordChangeSchema,
  planCheckoutSchema,
  twoFactorCodeSchema,
  twoFactorDisableSchema,
  twoFactorRequirementSchema,
  twoFactorSetupInputSchema,
} from '@caucus/contract';
import type { AppContext, AppState } from '../../http/types';
import { siteUrlFor } from '../../http/siteUrl';
import { parseOr400 } from '../../http/validate';
import type { SettingsService } from './service';
import type { TwoFactorSettingsService } from './twoFactor';
import { createRouter } from '../../http/router';
import { authOf } from '../../http/session';

/** /api/settings: every route runs behind requireSession (mounted on the secured router). */
export function settingsRoutes(
  settings: SettingsService,
  twoFactor: TwoFactorSettingsService,
  config: Pick<AppConfig, 'publicUrl' | 'corsOrigins'>,
): Router<AppState> {
  const router = createRouter({ prefix: '/settings' });
  const siteUrl = (ctx: AppContext) => siteUrlFor(config, ctx.get('Origin') || undefined);

  router.get('/workspace', async (ctx) => {
    ctx.body = { data: await settings.workspace(authOf(ctx)) };
  });

  router.get('/account', async (ctx) => {
    ctx.body = { data: await settings.account(authOf(ctx)) };
  });

  router.put('/account', async (ctx) => {
    const input = parseOr400(accountUpdateSchema, ctx.request.body ?? {});
    ctx.body = { data: await settings.updateAccount(authOf(ctx), input, { ip: ctx.ip, siteUrl: siteUrl(ctx) }) };
  });

  router.get('/organization', async (ctx) => {
    ctx.body = { data: await settings.organization(authOf(ctx)) };
  });

  router.put('/organization', async (ctx) => {
    const input = parseOr400(organizationSettingsSchema, ctx.request.body ?? {});
    ctx.body = { data: await settings.updateOrganization(authOf(ctx), input) };
  });

  router.post('/password', async (ctx) => {
    const input = parseOr400(passwordChangeSchema, ctx.request.body ?? {});
    ctx.body = { data: await settings.changePassword(authOf(ctx), input, ctx.ip) };
  });

  router.get('/sessions', async (ctx) => {
    ctx.body = { data: await settings.sessions(authOf(ctx)) };
  });

  router.post('/sessions/sign-out-others', async (ctx) => {
    ctx.body = { data: await settings.signOutOthers(authOf(ctx)) };
  });

  router.delete('/sessions/:sessionId', async (ctx) => {
    ctx.body = { data: await settings.signOutSession(authOf(ctx), ctx.params.sessionId) };
  });

  router.get('/two-factor', async (ctx) => {
    ctx.body = { data: await twoFactor.status(authOf(ctx)) };
  });

  router.post('/two-factor/setup', async (ctx) => {
    const input = parseOr400(twoFactorSetupInputSchema, ctx.request.body ?? {});
    ctx.body = { data: await twoFactor.setup(authOf(ctx), input, ctx.ip) };
  });

  router.post('/two-factor/confirm', async (ctx) => {
    const { code } = parseOr400(twoFactorCodeSchema, ctx.request.body ?? {});
    ctx.body = { data: await twoFactor.confirm(authOf(ctx), code, ctx.ip) };
  });

  router.post('/two-factor/disable', async (ctx) => {
    const input = parseOr400(twoFactorDisableSchema, ctx.request.body ?? {});
    ctx.body = { data: await twoFactor.disable(authOf(ctx), input, ctx.ip) };
  });

  router.put('/two-factor/requirement', async (ctx) => {
    const { required } = parseOr400(twoFactorRequirementSchema, ctx.request.body ?? {});
    ctx.body = { data: await twoFactor.setRequirement(authOf(ctx), required) };
  });

  router.get('/notifications', async (ctx) => {
    ctx.body = { data: await settings.notifications(authOf(ctx)) };
  });

  router.put('/notifications', async (ctx) => {
    const input = parseOr400(notificationPreferencesSchema, ctx.request.body ?? {});
    ctx.body = { data: await settings.updateNotifications(authOf(ctx), input) };
  });

  router.get('/billing', async (ctx) => {
    ctx.body = { data: await settings.billing(authOf(ctx)) };
  });

  router.post('/billing/portal', async (ctx) => {
    parseOr400(billingPortalSchema, ctx.request.body ?? {});
    ctx.body = { data: await settings.billingPortal(authOf(ctx), siteUrl(ctx)) };
  });

  router.post('/billing/checkout', async (ctx) => {
    const { planId } = parseOr400(planCheckoutSchema, ctx.request.body ?? {});
    ctx.body = { data: await settings.planCheckout(authOf(ctx), planId, siteUrl(ctx)) };
  });

  return router;
}
