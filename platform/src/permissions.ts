import { useAtomValue } from 'jotai';
import { caucusStore } from './store';
import { sessionAtom } from './sessionState';
import type { Session } from './types';

/**
 * Whether the session's role allows a permission of the API's table (contract/permissions.ts), to
 * hide what the role cannot do. The API checks every request itself; this only spares the user a
 * button that would answer 403. What is not known (no profile yet, or one cached before roles
 * existed) shows everything until GET /api/auth/me says otherwise.
 */
export function can(session: Session | null | undefined, permission: string): boolean {
  return !session?.permissions || session.permissions.includes(permission);
}

/** `can` for the signed-in session, re-rendering when it changes. */
export function useCan(permission: string): boolean {
  return can(useAtomValue(sessionAtom, { store: caucusStore }), permission);
}
