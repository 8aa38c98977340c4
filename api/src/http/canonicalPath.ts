import type { Middleware } from 'koa';
import { NotFound } from './errors';
import type { AppState } from './types';

// %XX escapes of characters that never need escaping in a path (RFC 3986 unreserved: letters,
// digits, - . _ ~) or that would act as separators once decoded (/ and \). A path holding one is
// another spelling of a path written without it.
const ALIAS_ESCAPE = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[def]|5[cf]|7e)/i;

function decodedOrRaw(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * A path that is, or could be read as, an /api path in any case or spelling.
 * '/API/contacts', '//api/x', '/%61pi/x' and '/api/' all are.
 */
export function looksLikeApiPath(path: string): boolean {
  return /^\/+api(?:\/|$)/i.test(decodedOrRaw(path));
}

/** A path under /api as the routers match it (exactly, case-sensitive). */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** The one spelling an /api path is served under: lower-case prefix, no empty segment, no alias escape. */
export function isCanonicalApiPath(path: string): boolean {
  if (!isApiPath(path)) return false;
  if (path.endsWith('/') || path.includes('//')) return false;
  return !ALIAS_ESCAPE.test(path);
}

/**
 * Every API path is matched one way (the routers are case-sensitive: src/http/router.ts). Any other spelling of an /api path - another case, a trailing or doubled
 * slash, a percent-encoded letter or slash - is a 404 before anything else runs, so it can never
 * reach a handler past middlewares that compare the path exactly (session check, CORS, CSRF,
 * no-store).
 */
export function canonicalApiPaths(): Middleware<AppState> {
  return async (ctx, next) => {
    if (looksLikeApiPath(ctx.path) && !isCanonicalApiPath(ctx.path)) {
      ctx.req.resume();
      throw new NotFound();
    }
    await next();
  };
}
