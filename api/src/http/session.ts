import { Unauthorized } from './errors';
import type { AuthState } from './types';

/**
 * The session of the request, for route handlers. Throws 401 when there is none, so a handler that
 * some day runs without requireSession in front of it (a router mounted in the wrong place, a path
 * spelling the guards did not see) refuses the request instead of crashing or serving it.
 */
export function authOf(ctx: { state: { auth?: AuthState } }): AuthState {
  const auth = ctx.state.auth;
  if (!auth) throw new Unauthorized();
  return auth;
}
