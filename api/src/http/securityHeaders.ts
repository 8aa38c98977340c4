import type { Middleware } from 'koa';
import type { AppState } from './types';

/**
 * The shell and every remote are served from this origin (ADR 0001 runtime layout), so 'self' covers
 * scripts, chunks, manifests and API calls. Inline styles stay allowed because React style props and
 * the design system's dynamic widths use them; inline scripts do not.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function securityHeaders(options: { forceHttps: boolean }): Middleware<AppState> {
  return async (ctx, next) => {
    ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    // HSTS over plain http would be ignored at best and lock out a local install at worst.
    if (ctx.secure || options.forceHttps) {
      ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    await next();
  };
}
