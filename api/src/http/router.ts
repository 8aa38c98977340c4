import { Router, type MatchResult, type RouterOptions } from '@koa/router';
import type { AppState } from './types';

/**
 * How every router of the API matches paths. Case-sensitive: a path spelled /API/contacts must not
 * reach a handler while the guards in front of it (the secured router's session check, the /api
 * middlewares in app.ts) compare paths exactly. Trailing slashes, doubled slashes and
 * percent-encoded aliases are refused before routing (canonicalPath.ts), which the router's own
 * `strict` option cannot do here: it would turn a prefixed router's '/' route into '/prefix/'.
 */
export const ROUTER_MATCHING = { sensitive: true } as const;

/** Paths a router remembers its match of; past this it forgets them all (paths with ids are many). */
const REMEMBERED_MATCHES = 2_000;

/**
 * Makes a router remember which of its layers a method and path match. The router tests every layer's
 * pattern in turn for each request (the secured router has about 190), a few percent of the API's
 * CPU on its most requested reads (profiled under load: docs/benchmarks.md); what matches depends only
 * on the method, the path and the layers. A new layer forgets what was remembered. Each request gets
 * its own copy of the lists, which the router extends in place (`ctx.matched`).
 */
function rememberMatches(router: Router<AppState>): Router<AppState> {
  const matchAnew = router.match.bind(router);
  const matches = new Map<string, MatchResult<AppState>>();
  let layers = 0;
  router.match = (path, method) => {
    if (router.stack.length !== layers || matches.size >= REMEMBERED_MATCHES) {
      matches.clear();
      layers = router.stack.length;
    }
    const key = `${method} ${path}`;
    let found = matches.get(key);
    if (found === undefined) {
      found = matchAnew(path, method);
      matches.set(key, found);
    }
    return { path: [...found.path], pathAndMethod: [...found.pathAndMethod], route: found.route };
  };
  return router;
}

/** A router of the API; modules build theirs with this, never with `new Router()` directly. */
export function createRouter(options: Omit<RouterOptions, keyof typeof ROUTER_MATCHING> = {}): Router<AppState> {
  return rememberMatches(new Router<AppState>({ ...options, ...ROUTER_MATCHING }));
}
