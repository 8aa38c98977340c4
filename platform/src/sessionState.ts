import { atom } from 'jotai';
import { caucusStore } from './store';
import type { Session } from './types';

/**
 * The signed-in state belongs to the browser, not to a tab (docs/adr/0001-platform-contracts.md).
 * The credential is the API's httpOnly `caucus_session` cookie, which every tab sends; this module
 * only caches who it belongs to, in localStorage, which every tab of the browser shares, so a tab
 * opened with target="_blank" / rel="noopener" or a URL typed into a new tab is signed in too.
 * A tab that finds nothing cached asks the server (confirmSession, GET /api/auth/me) before
 * sending anyone to /login; a sign-out in one tab reaches the others through the `storage` event.
 */

/** Storage key of the signed-in profile (docs/product/data.md, Session). Never holds a token. */
export const SESSION_STORAGE_KEY = 'user';

/**
 * A cookie without Max-Age/Expires that the browser drops when it closes, like the session cookie
 * of a sign-in without "Remember me". A profile cached without "Remember me" counts only while it
 * exists, so the cache never outlives the sign-in it describes. It holds no credential ("1").
 */
export const BROWSER_SESSION_COOKIE = 'caucus_browser_session';

export type SetSessionOptions = {
  /**
   * true: the cached profile lasts as long as the "Remember me" cookie (until sign-out or expiry);
   * false: it ends with the browser session, like a cookie without "Remember me".
   * Omitted: keeps what the cached profile already says, so a profile edit does not
   * silently change how long the sign-in is cached.
   */
  remember?: boolean;
};

/**
 * signed-in: a profile is known (cached or just confirmed). signed-out: a sign-out, a 401 or the
 * server said so. unknown: nothing cached and the server not asked yet (a new tab's first moment).
 */
export type SessionStatus = 'signed-in' | 'signed-out' | 'unknown';

type StoredProfile = Session & { remember: boolean };

function localStore(): Storage | null {
  if (typeof window === 'undefined') return null;
  // Storage access throws in some privacy modes; the session then lives in memory only.
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function hasBrowserSessionMarker(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((part) => part.trim() === `${BROWSER_SESSION_COOKIE}=1`);
}

function writeBrowserSessionMarker(present: boolean): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = present
    ? `${BROWSER_SESSION_COOKIE}=1; Path=/; SameSite=Strict${secure}`
    : `${BROWSER_SESSION_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict${secure}`;
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

function readStoredProfile(): StoredProfile | null {
  const storage = localStore();
  if (!storage) return null;
  try {
    const raw = storage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!isSession(parsed)) return null;
    const remember = (parsed as Partial<StoredProfile>).remember === true;
    // Cached without "Remember me" in a browser session that has since ended: the sign-in it
    // describes ended with it. Forget it rather than show a stale name until the server says 401.
    if (!remember && !hasBrowserSessionMarker()) {
      storage.removeItem(SESSION_STORAGE_KEY);
      return null;
    }
    return { ...parsed, remember };
  } catch {
    return null;
  }
}

function profileOf(session: Session): Session {
  return {
    user: session.user,
    accounts: session.accounts,
    accountId: session.accountId,
    accountName: session.accountName,
    organizationType: session.organizationType,
  };
}

/** The cached profile, shared by every tab of the browser; null when there is none (or it is stale). */
export function readStoredSession(): Session | null {
  const stored = readStoredProfile();
  return stored ? profileOf(stored) : null;
}

function writeStoredSession(next: Session | null, options: SetSessionOptions = {}): void {
  const storage = localStore();
  try {
    if (!next) {
      storage?.removeItem(SESSION_STORAGE_KEY);
      writeBrowserSessionMarker(false);
      return;
    }
    const remember = options.remember ?? readStoredProfile()?.remember ?? false;
    // The marker first: another tab reading the profile must find it valid.
    if (!remember) writeBrowserSessionMarker(true);
    // Only the profile is stored; the credential is the httpOnly cookie.
    const stored: StoredProfile = { ...profileOf(next), remember };
    storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // A full or blocked storage must not break sign-in; the atom still holds the session.
  }
}

type SessionState = { session: Session | null; known: boolean };

// `undefined` = the cache not read yet in this store; read lazily so tests and harnesses that
// prepare storage before first use see it.
const stateAtom = atom<SessionState | undefined>(undefined);

function initialState(): SessionState {
  const cached = readStoredSession();
  return { session: cached, known: cached !== null };
}

/**
 * Bumped by every change of the state; lets an answer of the server that was asked before a
 * sign-in, sign-out or another tab's change be ignored instead of undoing it.
 */
let generation = 0;

export function sessionGeneration(): number {
  return generation;
}

export const sessionAtom = atom(
  (get): Session | null => (get(stateAtom) ?? initialState()).session,
  (_get, set, next: Session | null, options?: SetSessionOptions) => {
    generation += 1;
    writeStoredSession(next, options);
    set(stateAtom, { session: next, known: true });
  },
);

export const sessionStatusAtom = atom((get): SessionStatus => {
  const state = get(stateAtom) ?? initialState();
  if (state.session) return 'signed-in';
  return state.known ? 'signed-out' : 'unknown';
});

/** Stores the session (or clears it with null) in the shared store and in browser storage. */
export function setSession(next: Session | null, options?: SetSessionOptions): void {
  caucusStore.set(sessionAtom, next, options);
}

export function getSession(): Session | null {
  return caucusStore.get(sessionAtom);
}

export function getSessionStatus(): SessionStatus {
  return caucusStore.get(sessionStatusAtom);
}

/** Clears the atom, the cached profile and its marker (401, sign-out); other tabs follow. */
export function clearSession(): void {
  setSession(null);
}

/**
 * Another tab signed in, out, or edited the profile: take over what it cached, without writing
 * (that would echo back to it). A profile gone from the cache means the sign-in ended.
 */
function followOtherTab(event: StorageEvent): void {
  // key null: the whole storage was cleared.
  if (event.key !== null && event.key !== SESSION_STORAGE_KEY) return;
  generation += 1;
  caucusStore.set(stateAtom, { session: readStoredSession(), known: true });
}

if (typeof window !== 'undefined') window.addEventListener('storage', followOtherTab);

/**
 * Forgets what this page knows, as a fresh page load would. Tests only (re-exported by
 * `@caucus/platform/testing`), to look at the first moment of a new tab.
 */
export function forgetSessionState(): void {
  generation += 1;
  caucusStore.set(stateAtom, undefined);
}
