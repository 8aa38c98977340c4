import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { caucusStore } from './store';
import { clearToasts } from './toasts/state';
import { api } from './apiClient';
import { clearSession, sessionAtom, setSession, type SetSessionOptions } from './sessionState';
import type { Session } from './types';

export type UseSessionResult = {
  session: Session | null;
  setSession: (session: Session | null, options?: SetSessionOptions) => void;
  /** Ends the server session (best effort) and clears the stored profile in every tab; the caller navigates. */
  signOut: () => Promise<void>;
};

export async function signOut(): Promise<void> {
  try {
    await api.post('/auth/logout', undefined, { skipAuthRedirect: true });
  } catch {
    // Signing out locally must work even when the server is unreachable or the session expired.
  }
  clearSession();
  clearToasts();
}

export function useSession(): UseSessionResult {
  // Always the shared store, so the api client's 401 handling and the UI agree.
  const session = useAtomValue(sessionAtom, { store: caucusStore });
  const update = useCallback((next: Session | null, options?: SetSessionOptions) => setSession(next, options), []);
  return { session, setSession: update, signOut };
}
