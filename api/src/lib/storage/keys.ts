import { randomBytes } from 'node:crypto';

// A short server-chosen prefix and 32 hex characters of randomness: safe as a file name and in a URL.
const KEY_PATTERN = /^[a-z]{1,16}-[0-9a-f]{32}$/;

export function newStorageKey(prefix: string): string {
  return `${prefix}-${randomBytes(16).toString('hex')}`;
}

/** The only keys storage accepts: no dots or separators a path could be walked with. */
export function isStorageKey(value: unknown): value is string {
  return typeof value === 'string' && KEY_PATTERN.test(value);
}
