import helmet from 'koa-helmet';
import type { Middleware } from 'koa';
import type { AppState } from './types';

/**
 * The shell and every remote are served from this origin (ADR 0001 runtime layout), so 'self' covers
 * scripts, chunks, manifests and API calls. Inline styles stay allowed because React style props and
 * the design system's dynamic widths use them; inline scripts do not.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Helmet covers everything but Permissions-Policy, which it leaves to the app. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=()';

export function securityHeaders(options: { forceHttps: boolean }): Middleware<AppState> {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Same site, not same origin: the dev servers of the remotes run on other ports of localhost.
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Sent only when the request arrived over https (below).
    strictTransportSecurity: false,
  });
  const hsts = helmet.strictTransportSecurity({ maxAge: 31536000, includeSubDomains: true });
  const done = async () => {};
  return async (ctx, next) => {
    await headers(ctx, done);
    ctx.set('Permissions-Policy', PERMISSIONS_POLICY);
    // HSTS over plain http would be ignored at best and lock out a local install at worst.
    if (ctx.secure || options.forceHttps) await hsts(ctx, done);
    await next();
  };
}
