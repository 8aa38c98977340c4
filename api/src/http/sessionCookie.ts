import type { Context } from 'koa';

export const SESSION_COOKIE = 'caucus_session';

type CookieOptions = { secure: boolean; maxAgeSeconds?: number };

/**
 * Written by hand rather than through ctx.cookies: we need Max-Age (the cookies library only writes
 * Expires) and a Secure flag decided by configuration even behind a TLS-terminating proxy.
 */
export function setSessionCookie(ctx: Context, token: string, options: CookieOptions): void {
  const parts = [`${SESSION_COOKIE}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (options.secure) parts.push('Secure');
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${Math.floor(options.maxAgeSeconds)}`);
  ctx.append('Set-Cookie', parts.join('; '));
}

export function clearSessionCookie(ctx: Context, options: { secure: boolean }): void {
  const parts = [`${SESSION_COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0'];
  if (options.secure) parts.push('Secure');
  ctx.append('Set-Cookie', parts.join('; '));
}
