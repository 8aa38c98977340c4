import { z } from 'zod';

/** Query-string integer with a clear message (query values arrive as strings). */
export function queryInt(name: string, min: number, max: number, fallback: number) {
  const message = `${name} must be an integer between ${min} and ${max}`;
  return z
    .union([z.string(), z.number()], { error: message })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const parsed = typeof value === 'number' ? value : Number(value.trim());
      if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return parsed;
    });
}

/** Optional trimmed search text; blank means no search. */
export const searchParam = z
  .string({ error: 'search must be text' })
  .max(200, 'search must be at most 200 characters')
  .optional()
  .transform((value) => {
    const trimmed = value?.trim();
    return trimmed ? trimmed : undefined;
  });

export function queryBoolean(name: string) {
  return z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true'));
}

export const limitOffsetQuery = {
  limit: queryInt('limit', 1, 100, 20),
  offset: queryInt('offset', 0, 1_000_000_000, 0),
};

/** Email shape the product has always used: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Response envelope on success. */
export type ApiSuccess<T> = { data: T };
/** Response envelope on failure. */
export type ApiFailure = { message: string; details?: Record<string, string> };
