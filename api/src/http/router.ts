import { Router, type RouterOptions } from '@koa/router';
import type { AppState } from './types';

/**
 * How every router of the API matches paths. Case-sensitive: a path spelled /API/contacts must not
 * reach a handler while the guards in front of it (the secured router's session check, the /api
 * middlewares in app.ts) compare paths exactly. Trailing slashes, doubled slashes and
 * percent-encoded aliases are refused before routing (canonicalPath.ts), which the router's own
 * `strict` option cannot do here: it would turn a prefixed router's '/' route into '/prefix/'.
 */
export const ROUTER_MATCHING = { sensitive: true } as const;

/** A router of the API; modules build theirs with this, never with `new Router()` directly. */
export function createRouter(options: Omit<RouterOptions, keyof typeof ROUTER_MATCHING> = {}): Router<AppState> {
  return new Router<AppState>({ ...options, ...ROUTER_MATCHING });
}
