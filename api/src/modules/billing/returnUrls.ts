/** Stripe's placeholder, replaced by the session id when the browser comes back. */
export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

const LOCAL_BASE = 'http://caucus.invalid';

/**
 * A return address is either a path of this site or an absolute address on one of `allowedOrigins`.
 * Anything else would make checkout an open redirect. The accepted text is returned unchanged so the
 * placeholder's braces survive.
 */
export function acceptReturnUrl(value: string, allowedOrigins: readonly string[]): string | undefined {
  // Backslashes and control characters are read as "/" or dropped by browsers: "/\evil.example".
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  if (value.startsWith('/')) {
    if (value.startsWith('//')) return undefined;
    try {
      return new URL(value, LOCAL_BASE).origin === LOCAL_BASE ? value : undefined;
    } catch {
      return undefined;
    }
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username !== '' || url.password !== '') return undefined;
  return allowedOrigins.includes(url.origin) ? value : undefined;
}

/** Makes sure the success address tells the success page which session to verify. */
export function withSessionIdPlaceholder(successUrl: string): string {
  if (successUrl.includes(SESSION_ID_PLACEHOLDER)) return successUrl;
  const hashAt = successUrl.indexOf('#');
  const [base, hash] = hashAt === -1 ? [successUrl, ''] : [successUrl.slice(0, hashAt), successUrl.slice(hashAt)];
  return `${base}${base.includes('?') ? '&' : '?'}session_id=${SESSION_ID_PLACEHOLDER}${hash}`;
}

export function fillSessionId(successUrl: string, sessionId: string): string {
  return successUrl.split(SESSION_ID_PLACEHOLDER).join(encodeURIComponent(sessionId));
}

/** Stripe needs absolute addresses; paths are resolved against the site's public address. */
export function absoluteUrl(value: string, base: string): string {
  if (!value.startsWith('/')) return value;
  return `${base.replace(/\/+$/, '')}${value}`;
}

export function originOf(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}
