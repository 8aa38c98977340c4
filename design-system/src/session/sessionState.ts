import { atom } from 'jotai';
import { caucusStore } from '../store';
import type { Session } from './types';

/** Storage key of the signed-in profile (the spec's locally stored `user`). Never holds a token. */
export const SESSION_STORAGE_KEY = 'user';

export type SetSessionOptions = {
  /**
   * true: localStorage (survives the browser closing, like the "Remember me" cookie);
   * false: sessionStorage (ends with the browser session).
   * Omitted: stays where the current profile is stored, so a profile edit does not
   * silently change how long the sign-in lasts.
   */
  remember?: boolean;
};

function storages(): { local: Storage | null; session: Storage | null } {
  if (typeof window === 'undefined') return { local: null, session: null };
  // Storage access throws in some privacy modes; the session then lives in memory only.
  const pick = (get: () => Storage): Storage | null => {
    try {
      return get();
    } catch {
      return null;
    }
  };
  return { local: pick(() => window.localStorage), session: pick(() => window.sessionStorage) };
}

function isSession(value: unknown): value is Session {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Partial<Session>;
  return (
    typeof candidate.user === 'object' &&
    candidate.user !== null &&
    typeof candidate.user.id === 'string' &&
    typeof candidate.accountId === 'string' &&
    Array.isArray(candidate.accounts)
  );
}

function readFrom(storage: Storage | null): Session | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Reads the stored profile: localStorage ("Remember me") first, then sessionStorage. */
export function readStoredSession(): Session | null {
  const { local, session } = storages();
  return readFrom(local) ?? readFrom(session);
}

function isRemembered(): boolean {
  const { local } = storages();
  return readFrom(local) !== null;
}

function writeStoredSession(next: Session | null, options: SetSessionOptions = {}): void {
  const { local, session } = storages();
  const remember = options.remember ?? isRemembered();
  try {
    local?.removeItem(SESSION_STORAGE_KEY);
    session?.removeItem(SESSION_STORAGE_KEY);
    if (next) {
      // Only the profile is stored; the credential is the httpOnly cookie.
      const profile: Session = {
        user: next.user,
        accounts: next.accounts,
        accountId: next.accountId,
        accountName: next.accountName,
        organizationType: next.organizationType,
      };
      (remember ? local : session)?.setItem(SESSION_STORAGE_KEY, JSON.stringify(profile));
    }
  } catch {
    // A full or blocked storage must not break sign-in; the atom still holds the session.
  }
}

// `undefined` = storage not read yet in this store; read lazily so tests and SSR-free
// harnesses that prepare storage before first use see it.
const storedSessionAtom = atom<Session | null | undefined>(undefined);

export const sessionAtom = atom(
  (get): Session | null => {
    const value = get(storedSessionAtom);
    return value === undefined ? readStoredSession() : value;
  },
  (_get, set, next: Session | null, options?: SetSessionOptions) => {
    writeStoredSession(next, options);
    set(storedSessionAtom, next);
  },
);

/** Stores the session (or clears it with null) in the shared store and in browser storage. */
export function setSession(next: Session | null, options?: SetSessionOptions): void {
  caucusStore.set(sessionAtom, next, options);
}

export function getSession(): Session | null {
  return caucusStore.get(sessionAtom);
}

/** Clears the atom and both storages (401, sign-out). */
export function clearSession(): void {
  setSession(null);
}
