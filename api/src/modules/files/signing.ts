import { createHmac, timingSafeEqual } from 'node:crypto';

export const FILE_URL_TTL_MS = 15 * 60 * 1000;

type Payload = { k: string; a: string; e: number };

let activeSecret: string | undefined;

/** Set once by the app so modules can sign URLs without threading the secret through. */
export function useFileUrlSecret(secret: string): void {
  activeSecret = secret;
}

function hmac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function signFileToken(secret: string, accountId: string, key: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ k: key, a: accountId, e: now + FILE_URL_TTL_MS } satisfies Payload)).toString('base64url');
  return `${payload}.${hmac(secret, payload)}`;
}

export type VerifiedToken = { key: string; accountId: string };

/** Undefined for a malformed, tampered or expired token. */
export function verifyFileToken(secret: string, token: string, now = Date.now()): VerifiedToken | undefined {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(hmac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  let parsed: Partial<Payload>;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Payload>;
  } catch {
    return undefined;
  }
  if (typeof parsed.k !== 'string' || typeof parsed.a !== 'string' || typeof parsed.e !== 'number') return undefined;
  if (parsed.e < now) return undefined;
  return { key: parsed.k, accountId: parsed.a };
}

/** A signed URL, valid for 15 minutes, that serves `key` of `accountId`'s files. */
export function signFileUrl(accountId: string, key: string): string {
  if (!activeSecret) throw new Error('File URL secret is not configured');
  return `/api/files/${signFileToken(activeSecret, accountId, key)}`;
}
