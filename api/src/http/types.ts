import type { Role } from '@caucus/contract/permissions';
import type { ParameterizedContext } from 'koa';
import type { Logger } from './logger';

export type AuthState = {
  userId: string;
  /** The account this request acts on (the session's, or the one chosen with X-Account-Id). */
  accountId: string;
  sessionId: string;
  /** The user's role in that account (contract/permissions.ts); always set by the session check. */
  role?: Role;
  /** The account requires two-factor sign-in and this user has not set it up: only enrolment may write. */
  twoFactorEnrollmentRequired?: boolean;
};

export type AppState = {
  requestId: string;
  logger: Logger;
  auth?: AuthState;
  /**
   * Set by a write route that changes no session, user, membership or account (analytics events):
   * the cached session lookups are kept after it (auth/middleware.ts). Every other write drops them.
   */
  sessionsUntouched?: boolean;
};

export type AppContext = ParameterizedContext<AppState>;

/** Context of a route behind `requireSession`. */
export type AuthedState = AppState & { auth: AuthState };

declare module 'koa' {
  interface Request {
    /** Parsed JSON body (set by the body parser); undefined when the request had none. */
    body?: unknown;
  }
}
