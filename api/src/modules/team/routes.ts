import type { Router } from '@koa/router';
import type { AppConfig } from '../../config';
import { acceptInvitationSchema, invitationSchema, roleChangeSchema } from '@caucus/contract';
import { setSessionCookie } from '../../http/sessionCookie';
import { siteUrlFor } from '../../http/siteUrl';
import { createRouter } from '../../http/router';
import { authOf } from '../../http/session';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { TeamService } from './service';

type RouteConfig = Pick<AppConfig, 'cookieSecure' | 'publicUrl' | 'corsOrigins'>;

/** The team of the acting account and the caller's accounts; behind the session and permission guards. */
export function teamRoutes(service: TeamService, config: RouteConfig): Router<AppState> {
  const router = createRouter();
  const siteUrl = (origin: string) => siteUrlFor(config, origin);

  router.get('/team', async (ctx) => {
    ctx.body = { data: await service.team(authOf(ctx)) };
  });

  router.post('/team/invitations', async (ctx) => {
    const input = parseOr400(invitationSchema, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { data: await service.invite(authOf(ctx), input, siteUrl(ctx.get('Origin'))) };
  });

  router.post('/team/invitations/:id/resend', async (ctx) => {
    ctx.body = { data: await service.resend(authOf(ctx), ctx.params.id, siteUrl(ctx.get('Origin'))) };
  });

  router.delete('/team/invitations/:id', async (ctx) => {
    await service.revoke(authOf(ctx), ctx.params.id);
    ctx.body = { data: { revoked: true } };
  });

  router.put('/team/users/:id', async (ctx) => {
    const { role } = parseOr400(roleChangeSchema, ctx.request.body ?? {});
    ctx.body = { data: await service.changeRole(authOf(ctx), ctx.params.id, role) };
  });

  router.delete('/team/users/:id', async (ctx) => {
    await service.remove(authOf(ctx), ctx.params.id);
    ctx.body = { data: { removed: true } };
  });

  router.get('/accounts', async (ctx) => {
    ctx.body = { data: { accounts: await service.accounts(authOf(ctx)) } };
  });

  router.post('/accounts/:id/switch', async (ctx) => {
    ctx.body = { data: await service.switchTo(authOf(ctx), ctx.params.id) };
  });

  return router;
}

/** Accepting an invitation: open to everyone, the link's token is the credential. */
export function invitationAcceptRoutes(service: TeamService, config: RouteConfig): Router<AppState> {
  const router = createRouter();
  router.post('/team/invitations/accept', async (ctx) => {
    const input = parseOr400(acceptInvitationSchema, ctx.request.body ?? {});
    const result = await service.accept(input, { ip: ctx.ip, userAgent: ctx.get('User-Agent') || null });
    if (!result.signedIn) {
      ctx.body = { data: { signedIn: false, accountId: result.accountId, accountName: result.accountName } };
      return;
    }
    setSessionCookie(ctx, result.token, { secure: config.cookieSecure || ctx.secure, maxAgeSeconds: undefined });
    ctx.body = {
      data: {
        signedIn: true,
        accountId: result.accountId,
        accountName: result.accountName,
        token: result.token,
        user: result.user,
        accounts: result.accounts,
        role: result.role,
        permissions: result.permissions,
        ...(result.twoFactorEnrollmentRequired ? { twoFactorEnrollmentRequired: true } : {}),
      },
    };
  });
  return router;
}
