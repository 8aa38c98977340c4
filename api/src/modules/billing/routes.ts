import type { Router } from '@koa/router';
import type { Middleware } from 'koa';
import type { AppConfig } from '../../config';
import { createCheckoutSessionSchema } from '@caucus/contract';
import { BadRequest } from '../../http/errors';
import { setSessionCookie } from '../../http/sessionCookie';
import type { AppContext, AppState } from '../../http/types';
import { siteOrigins } from '../../http/siteUrl';
import { parseOr400 } from '../../http/validate';
import { clearSignupCookie, readSignupToken } from '../signup/signupToken';
import type { CheckoutService } from './checkoutService';
import { renderLocalCheckout, renderLocalCheckoutMessage } from './localCheckoutPage';
import { acceptReturnUrl, originOf } from './returnUrls';
import type { BillingService } from './service';
import type { WebhookService } from './webhooks';
import { createRouter } from '../../http/router';

type RouteConfig = Pick<AppConfig, 'publicUrl' | 'corsOrigins' | 'cookieSecure'>;

/** Public billing routes (the pricing page and the signup funnel run before sign-in). */
export function billingPublicRoutes(billing: BillingService): Router<AppState> {
  const router = createRouter({ prefix: '/billing' });

  router.get('/plans', async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = { data: { plans: await billing.plans() } };
  });

  return router;
}

const LOCAL_FORM_ROUTE = /^\/api\/billing\/local-checkout\/[^/]+\/(?:pay|cancel)$/;

/** The two routes the local checkout page's buttons post to as plain HTML forms. */
export function isLocalCheckoutFormPost(ctx: { method: string; path: string }): boolean {
  return ctx.method === 'POST' && LOCAL_FORM_ROUTE.test(ctx.path);
}

/**
 * Runs `guard` for everything except the local checkout's form posts. A plain form cannot carry the
 * JSON type or header the CSRF guard asks for; those routes check the Origin themselves instead.
 */
export function exceptLocalCheckoutForms(guard: Middleware<AppState>): Middleware<AppState> {
  return async (ctx, next) => (isLocalCheckoutFormPost(ctx) ? next() : guard(ctx, next));
}

/** Form posts must come from a page of this site (the browser always sends Origin on a POST). */
function isSameOriginPost(ctx: AppContext, config: RouteConfig): boolean {
  const origin = ctx.get('Origin');
  if (origin === '') return ctx.get('Sec-Fetch-Site') === '' || ctx.get('Sec-Fetch-Site') === 'same-origin';
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  return host === ctx.host || siteOrigins(config).includes(origin);
}

function sendHtml(ctx: AppContext, status: number, html: string, formTargets: string[] = []): void {
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  // Tighter than the site's policy: no scripts at all, and the forms may only lead to this site or
  // to the return addresses the session was created with.
  const formAction = ["'self'", ...new Set(formTargets)].join(' ');
  ctx.set('Content-Security-Policy', `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; base-uri 'none'; frame-ancestors 'none'`);
  ctx.body = html;
}

function redirect303(ctx: AppContext, location: string): void {
  ctx.redirect(location);
  ctx.status = 303;
}

const NOT_FOUND_PAGE = renderLocalCheckoutMessage('Checkout not found', 'This checkout session does not exist.');

export function checkoutRoutes(checkout: CheckoutService, webhooks: WebhookService, config: RouteConfig): Router<AppState> {
  const router = createRouter({ prefix: '/billing' });

  router.post('/create-checkout-session', async (ctx) => {
    const input = parseOr400(createCheckoutSessionSchema, ctx.request.body ?? {});
    // Only this site's configured origins: a foreign Origin header must not widen the list.
    const allowed = siteOrigins(config);
    const successUrl = acceptReturnUrl(input.successUrl, allowed);
    if (!successUrl) throw new BadRequest('Success address must be an address on this site', { successUrl: 'Not an address on this site' });
    const cancelUrl = acceptReturnUrl(input.cancelUrl, allowed);
    if (!cancelUrl) throw new BadRequest('Cancel address must be an address on this site', { cancelUrl: 'Not an address on this site' });
    ctx.body = {
      data: await checkout.create(input, { successUrl, cancelUrl, siteUrl: config.publicUrl }, readSignupToken(ctx)),
    };
  });

  router.get('/checkout-session/:sessionId', async (ctx) => {
    const result = await checkout.verify(
      ctx.params.sessionId,
      { ip: ctx.ip, userAgent: ctx.get('User-Agent') || null },
      config.publicUrl,
      readSignupToken(ctx),
    );
    ctx.set('Cache-Control', 'no-store');
    if (!result.signedIn) {
      ctx.body = { data: result };
      return;
    }
    const secure = config.cookieSecure || ctx.secure;
    // Like a sign-in without "Remember me": the cookie ends with the browser session.
    setSessionCookie(ctx, result.token, { secure });
    clearSignupCookie(ctx, { secure });
    const { expiresAt: _expiresAt, ...data } = result;
    ctx.body = { data };
  });

  router.get('/local-checkout/:sessionId', async (ctx) => {
    const view = await checkout.localPage(ctx.params.sessionId);
    if (!view) {
      sendHtml(ctx, 404, NOT_FOUND_PAGE);
      return;
    }
    const targets = [view.successUrl, view.cancelUrl].map(originOf).filter((o): o is string => o !== undefined);
    sendHtml(ctx, 200, renderLocalCheckout(view), targets);
  });

  router.post('/local-checkout/:sessionId/pay', async (ctx) => {
    if (!isSameOriginPost(ctx, config)) {
      sendHtml(ctx, 403, renderLocalCheckoutMessage('Request refused', 'Please use the checkout page of this site.'));
      return;
    }
    const view = await checkout.localPage(ctx.params.sessionId);
    if (!view) {
      sendHtml(ctx, 404, NOT_FOUND_PAGE);
      return;
    }
    const location = await checkout.payLocal(view.sessionId);
    if (!location) {
      sendHtml(ctx, 410, renderLocalCheckout(view));
      return;
    }
    redirect303(ctx, location);
  });

  router.post('/local-checkout/:sessionId/cancel', async (ctx) => {
    if (!isSameOriginPost(ctx, config)) {
      sendHtml(ctx, 403, renderLocalCheckoutMessage('Request refused', 'Please use the checkout page of this site.'));
      return;
    }
    const view = await checkout.localPage(ctx.params.sessionId);
    if (!view) {
      sendHtml(ctx, 404, NOT_FOUND_PAGE);
      return;
    }
    redirect303(ctx, view.cancelUrl);
  });

  router.post('/webhook', async (ctx) => {
    const signature = ctx.get('Stripe-Signature') || undefined;
    ctx.body = { data: await webhooks.receive(ctx.request.rawBody, signature, config.publicUrl) };
  });

  return router;
}
