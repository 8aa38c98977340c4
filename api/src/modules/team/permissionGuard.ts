import type { Middleware } from 'koa';
import { permissionDeniedMessage, permissionOfRoute, roleAllows } from '@caucus/contract/permissions';
import { Forbidden } from '../../http/errors';
import type { AppState } from '../../http/types';

type RouteLayer = { path: string; methods: string[] };
type MatchingRouter = { match(path: string, method: string): { pathAndMethod: RouteLayer[] } };

/**
 * 'METHOD /api/path/:param' of the route that will answer this request: the first route layer the
 * router matched for the path and method (the one koa-router runs first), whatever router it came
 * from. HEAD is served by the GET route.
 */
export function matchedRouteKey(ctx: { method: string; path: string; router?: unknown }): string | undefined {
  const router = ctx.router as MatchingRouter | undefined;
  if (!router) return undefined;
  const layer = router.match(ctx.path, ctx.method).pathAndMethod.find((candidate) => candidate.methods.length > 0);
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
