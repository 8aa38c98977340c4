import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: 256 bits, safe in a cookie and a header. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored: a leaked sessions table does not hand out live sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function looksLikeSessionToken(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}
