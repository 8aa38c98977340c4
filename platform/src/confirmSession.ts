import { api, ApiError } from './apiClient';
import { sessionFromLogin } from './sessionFromLogin';
import { clearSession, getSession, sessionGeneration, setSession } from './sessionState';
import type { MeData, Session } from './types';

export type ConfirmedSession = {
  /** Who is signed in according to the server, or null. */
  session: Session | null;
  /** The organization requires two-factor sign-in and this user has not set it up. */
  twoFactorEnrollmentRequired: boolean;
};

let inFlight: Promise<ConfirmedSession> | null = null;

/**
 * The fresh profile. An API that answers the role names the account the session acts in first
 * (switching is the server's: POST /api/accounts/:id/switch), so that one is taken; an answer
 * without a role keeps the account the user works in when it is still one of theirs.
 */
function keepCurrentAccount(fresh: Session, previous: Session | null): Session {
  if (fresh.role) return fresh;
  const current = previous ? fresh.accounts.find((account) => account.id === previous.accountId) : undefined;
  return current ? { ...fresh, accountId: current.id, accountName: current.name, organizationType: current.organizationType } : fresh;
}

async function askServer(): Promise<ConfirmedSession> {
  const asked = sessionGeneration();
  // A sign-in or sign-out while the question was on its way is newer than the answer.
  const overtaken = () => sessionGeneration() !== asked;
  try {
    const me = await api.get<MeData>('/auth/me', { skipAuthRedirect: true });
    if (overtaken()) return { session: getSession(), twoFactorEnrollmentRequired: false };
    const session = keepCurrentAccount(sessionFromLogin(me), getSession());
    setSession(session);
    return { session, twoFactorEnrollmentRequired: me.twoFactorEnrollmentRequired === true };
  } catch (error) {
    // Unreachable server or 5xx: nothing is known; the caller decides (keep the cache, offer Retry).
    if (!(error instanceof ApiError && error.status === 401)) throw error;
    if (!overtaken()) clearSession();
    return { session: getSession(), twoFactorEnrollmentRequired: false };
  }
}

/**
 * Asks the server whose session the httpOnly cookie is (GET /api/auth/me) and makes the cached
 * profile say so: refreshed on 200, cleared on 401 (every tab follows). Any other failure rejects
 * and changes nothing. One request at a time per tab: callers share the answer.
 */
export function confirmSession(): Promise<ConfirmedSession> {
  inFlight ??= askServer().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
