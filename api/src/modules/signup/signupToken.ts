import { createHash } from 'node:crypto';
import type { Context } from 'koa';

/**
 * Proves that this browser made the pending signup: it opens checkout, and once payment is verified
 * it signs this browser (and no other holder of the checkout session id) in, once.
 */
export const SIGNUP_COOKIE = 'caucus_signup';
export const SIGNUP_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * The digest lives in the sessions table (the pending user's only row there). It is prefixed so it
 * can never equal the digest of a presented session token: a signup cookie is not a login.
 */
export function signupTokenHash(token: string): string {
  return createHash('sha256').update(`signup:${token}`, 'utf8').digest('hex');
}

/**
 * The emailed "start over in this browser" link (service.ts): its token works once, for its address,
 * for this long. Stored as a digest with its own prefix, so it is never a signup or session token.
 */
export const SIGNUP_RESTART_TTL_MS = 30 * 60 * 1000;
/** At most one such email per address in this time: a stranger's retries cannot flood the inbox. */
export const SIGNUP_RESTART_EMAIL_INTERVAL_MS = 5 * 60 * 1000;

export function signupRestartHash(token: string): string {
  return createHash('sha256').update(`signup-restart:${token}`, 'utf8').digest('hex');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function readSignupToken(ctx: { cookies: { get(name: string): string | undefined } }): string | undefined {
  const value = ctx.cookies.get(SIGNUP_COOKIE);
  return value && TOKEN_SHAPE.test(value) ? value : undefined;
}

export function setSignupCookie(ctx: Context, token: string, options: { secure: boolean }): void {
  // Only the API reads it; Strict because checkout is always created from this site's own pages.
  const parts = [`${SIGNUP_COOKIE}=${token}`, 'Path=/api', 'HttpOnly', 'SameSite=Strict', `Max-Age=${SIGNUP_TOKEN_TTL_MS / 1000}`];
  if (options.secure) parts.push('Secure');
  ctx.append('Set-Cookie', parts.join('; '));
}

/** Once it has signed its user in, the cookie has done its job (its row is revoked too). */
export function clearSignupCookie(ctx: Context, options: { secure: boolean }): void {
  const parts = [`${SIGNUP_COOKIE}=`, 'Path=/api', 'HttpOnly', 'SameSite=Strict', 'Max-Age=0'];
  if (options.secure) parts.push('Secure');
  ctx.append('Set-Cookie', parts.join('; '));
}
