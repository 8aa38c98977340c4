import type { Middleware } from 'koa';
import { permissionDeniedMessage, permissionOfRoute, roleAllows } from '@caucus/contract/permissions';
import { Forbidden } from '../../http/errors';
import type { AppState } from '../../http/types';

type RouteLayer = { path: string; methods: string[] };
type MatchingRouter = { stack: RouteLayer[]; match(path: string, method: string): { pathAndMethod: RouteLayer[] } };

// The layers of each router, to tell its own among the layers a request matched.
const layersOf = new WeakMap<MatchingRouter, { size: number; layers: Set<RouteLayer> }>();

function ownLayers(router: MatchingRouter): Set<RouteLayer> {
  let known = layersOf.get(router);
  if (!known || known.size !== router.stack.length) {
    known = { size: router.stack.length, layers: new Set(router.stack) };
    layersOf.set(router, known);
  }
  return known.layers;
}

/**
 * 'METHOD /api/path/:param' of the route that will answer this request: the first route layer the
 * router matched for the path and method (the one koa-router runs first), whatever router it came
 * from. HEAD is served by the GET route. The router already matched the path against its every layer
 * before running this guard (`ctx.matched`, in the order of its stack): that match is read again
 * rather than run a second time over the ~190 layers of the secured router.
 */
export function matchedRouteKey(ctx: { method: string; path: string; router?: unknown; matched?: RouteLayer[] }): string | undefined {
  const router = ctx.router as MatchingRouter | undefined;
  if (!router) return undefined;
  const layer = ctx.matched
    ? ctx.matched.find((candidate) => candidate.methods.length > 0 && candidate.methods.includes(ctx.method) && ownLayers(router).has(candidate))
    : router.match(ctx.path, ctx.method).pathAndMethod.find((candidate) => candidate.methods.length > 0);
  if (!layer) return undefined;
  return `${ctx.method === 'HEAD' ? 'GET' : ctx.method} ${layer.path}`;
}

/**
 * The one check of the permission table (contract/permissions.ts) on the secured router: the matched
 * route's permission against the role of the session's membership. A route the table does not know
 * is refused, so a new route cannot slip through unguarded. Routes need not know about it
 * (docs/adr/0016-roles-and-one-permission-table.md).
 */
export function requirePermission(): Middleware<AppState> {
  return async (ctx, next) => {
    const key = matchedRouteKey(ctx);
    // No route matched (404 or 405 follow): nothing to guard.
    if (key === undefined) return next();
    const permission = permissionOfRoute(key);
    if (permission === undefined) throw new Forbidden(`No permission is defined for ${key}`);
    if (permission !== 'public' && !roleAllows(ctx.state.auth?.role ?? '', permission)) {
      throw new Forbidden(permissionDeniedMessage(permission));
    }
    await next();
  };
}
