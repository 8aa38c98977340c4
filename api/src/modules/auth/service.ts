import type { AppConfig } from '../../config';
import { toBool, toIsoDateTime } from '../../db/values';
import { isId } from '../../lib/ids';
import { Forbidden, TooManyRequests, Unauthorized } from '../../http/errors';
import type { AuthState } from '../../http/types';
import {
  RECOVERY_CODE_WRONG,
  TWO_FACTOR_CHALLENGE_EXPIRED,
  TWO_FACTOR_CODE_REUSED,
  TWO_FACTOR_CODE_WRONG,
  type AuthAccount,
  type AuthUser,
  type LoginResponse,
  type MeResponse,
  type TwoFactorChallenge,
} from '@caucus/contract';
import { isRole, permissionsOf, type Role } from '@caucus/contract/permissions';
import type { PasswordHasher } from './passwords';
import type { AuthRepository, SessionLookupRow, UserRow } from './repository';
import { createSessionCache, SESSION_CACHE_TTL_MS } from './sessionCache';
import { LOCAL_SESSION_GENERATION, type SessionGeneration } from './sessionGeneration';
import { hashToken, looksLikeSessionToken, newSessionToken } from './tokens';
import { CHALLENGE_TTL_MS, newChallengeToken } from './twoFactor';
import type { CodeChecker } from './twoFactorCodes';
import { isEnabled, type TwoFactorRepository } from './twoFactorRepository';

export const INVALID_LOGIN = 'Invalid email or password';
export const TOO_MANY_LOGINS = 'Too many login attempts. Please try again later.';
export const MAX_FAILED_LOGINS = 10;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;
// lastUsedAt is informational (the settings "active sessions" list); one write per few minutes is enough.
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export type ClientInfo = { ip: string; userAgent: string | null };

export type LoginResult = LoginResponse & { expiresAt: Date; remember: boolean };
/** The password step's answer: a session, or (two-factor sign-in on) the challenge the code must answer. */
export type PasswordStepResult = LoginResult | TwoFactorChallenge;

export function isChallenge(result: PasswordStepResult): result is TwoFactorChallenge {
  return 'twoFactorRequired' in result;
}

/**
 * A membership's role as the permission table knows it. Rows written before roles existed say
 * 'member' (a full colleague, now Admin); anything unknown allows nothing.
 */
export function roleOf(stored: string): Role {
  if (stored === 'member') return 'admin';
  return isRole(stored) ? stored : 'read_only';
}

function toAuthUser(user: UserRow): AuthUser {
  return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName };
}

export function createAuthService(deps: {
  repo: AuthRepository;
  hasher: PasswordHasher;
  twoFactor: { repo: TwoFactorRepository; codes: CodeChecker };
  config: Pick<AppConfig, 'sessionTtlDays' | 'sessionShortTtlHours' | 'rateLimits'>;
  now?: () => Date;
  /** Shared by every API instance (Redis) so a change made on one holds on all; one process alone needs none. */
  generation?: SessionGeneration;
}) {
  const { repo, hasher, config, twoFactor } = deps;
  const generation = deps.generation ?? LOCAL_SESSION_GENERATION;
  let seenGeneration: string | null = null;
  const now = deps.now ?? (() => new Date());
  const cacheOptions = { ttlMs: SESSION_CACHE_TTL_MS, now: () => now().getTime() };
  const sessions = createSessionCache<SessionLookupRow>(cacheOptions);
  // A member acting in another of their accounts (X-Account-Id): whether two-factor enrolment is due there.
  const otherAccounts = createSessionCache<{ twoFactorEnrollmentRequired: boolean; role: Role }>(cacheOptions);

  /** Forgets the cache when another instance changed something since this one last looked (sessionGeneration.ts). */
  async function followOtherInstances(): Promise<void> {
    const current = await generation.current();
    if (current === null || current !== seenGeneration) {
      sessions.forget();
      otherAccounts.forget();
      seenGeneration = current;
    }
  }

  async function startSession(user: UserRow, accounts: AuthAccount[], rememberMe: boolean, client: ClientInfo): Promise<LoginResult> {
    await repo.markLoggedIn(user.id, now());
    const token = newSessionToken();
    const ttlMs = rememberMe ? config.sessionTtlDays * 24 * 3600 * 1000 : config.sessionShortTtlHours * 3600 * 1000;
    const issued = now();
    const expiresAt = new Date(issued.getTime() + ttlMs);
    await repo.insertSession(
      {
        userId: user.id,
        accountId: accounts[0].id,
        tokenHash: hashToken(token),
        expiresAt,
        remember: rememberMe,
        userAgent: client.userAgent ? client.userAgent.slice(0, 255) : null,
        ip: client.ip ? client.ip.slice(0, 64) : null,
      },
      issued,
    );
    const required = await enrollmentRequired(user.id, accounts[0].id);
    const role = roleOf((await repo.activeMemberRole(user.id, accounts[0].id)) ?? '');
    return {
      token,
      user: toAuthUser(user),
      accounts,
      role,
      permissions: [...permissionsOf(role)],
      ...(required ? { twoFactorEnrollmentRequired: true as const } : {}),
      expiresAt,
      remember: rememberMe,
    };
  }

  /** The account requires two-factor sign-in and this user has not set it up. */
  async function enrollmentRequired(userId: string, accountId: string): Promise<boolean> {
    if (!(await twoFactor.repo.accountRequiresTwoFactor(accountId))) return false;
    const user = await twoFactor.repo.findUser(userId);
    return !user || !isEnabled(user);
  }

  return {
    async login(input: { email: string; password: string; rememberMe: boolean }, client: ClientInfo): Promise<PasswordStepResult> {
      const email = input.email.trim().toLowerCase();
      const started = now();
      // Counted in the database so the limits hold across every API instance, and checked before the
      // argon2 verify: per email+IP (guessing one password), and per IP across emails (spraying many
      // accounts, or just burning the server's CPU on hashes). The attempt is recorded as a failure
      // before it is counted, so parallel attempts count each other: counting first would let a
      // burst all see the same "under the limit" and all reach the verify. A right password takes
      // its record back below.
      const attemptId = await repo.recordFailedLogin(email, client.ip, started);
      const since = new Date(started.getTime() - FAILED_LOGIN_WINDOW_MS);
      const [failures, failuresFromIp] = await Promise.all([repo.countFailedLogins(email, client.ip, since), repo.countFailedLoginsFromIp(client.ip, since)]);
      // Both counts include this attempt's own record.
      if (failures > MAX_FAILED_LOGINS || failuresFromIp > config.rateLimits.loginFailuresPerIp) {
        await repo.forgetLoginAttempt(attemptId);
        throw new TooManyRequests(TOO_MANY_LOGINS);
      }

      const user = await repo.findUserByEmail(email);
      if (!user) {
        await hasher.verifyDummy(input.password);
        throw new Unauthorized(INVALID_LOGIN);
      }
      if (!(await hasher.verify(user.passwordHash, input.password))) throw new Unauthorized(INVALID_LOGIN);
      // The password was right: whatever follows, this was no guess.
      await repo.forgetLoginAttempt(attemptId);
      // Same answer as a wrong password: a pending signup or a suspended user must not learn more.
      if (user.status !== 'active') throw new Unauthorized(INVALID_LOGIN);
      const accounts: AuthAccount[] = await repo.listActiveAccounts(user.id);
      if (accounts.length === 0) throw new Unauthorized(INVALID_LOGIN);

      await repo.clearFailedLogins(email, client.ip);
      const factors = await twoFactor.repo.findUser(user.id);
      if (factors && isEnabled(factors)) {
        // No session yet: the code step gets a short-lived, single-use challenge (only its digest is kept).
        const challengeToken = newChallengeToken();
        const at = now();
        await twoFactor.repo.insertChallenge(user.id, hashToken(challengeToken), input.rememberMe, new Date(at.getTime() + CHALLENGE_TTL_MS), at);
        return { twoFactorRequired: true, challengeToken };
      }
      return startSession(user, accounts, input.rememberMe, client);
    },

    /** The code step: the challenge of the password step and an authenticator or recovery code. */
    async loginTwoFactor(input: { challengeToken: string; code?: string; recoveryCode?: string }, client: ClientInfo): Promise<LoginResult> {
      const challenge = looksLikeSessionToken(input.challengeToken) ? await twoFactor.repo.findChallenge(hashToken(input.challengeToken)) : undefined;
      const expiresAt = challenge ? toIsoDateTime(challenge.expiresAt) : null;
      const live = challenge && !challenge.usedAt && expiresAt !== null && Date.parse(expiresAt) > now().getTime();
      if (!challenge || !live) throw new Unauthorized(TWO_FACTOR_CHALLENGE_EXPIRED);
      const [user, factors] = await Promise.all([repo.findUserById(challenge.userId), twoFactor.repo.findUser(challenge.userId)]);
      if (!user || user.status !== 'active' || !factors || !isEnabled(factors)) throw new Unauthorized(TWO_FACTOR_CHALLENGE_EXPIRED);

      const presented =
        input.recoveryCode !== undefined ? { kind: 'recovery' as const, code: input.recoveryCode } : { kind: 'totp' as const, code: input.code ?? '' };
      const result = await twoFactor.codes.check(factors, client.ip, presented);
      if (result !== 'ok') {
        throw new Unauthorized(presented.kind === 'recovery' ? RECOVERY_CODE_WRONG : result === 'replayed' ? TWO_FACTOR_CODE_REUSED : TWO_FACTOR_CODE_WRONG);
      }
      // Single use: of two requests answering the same challenge, only one gets a session.
      if (!(await twoFactor.repo.spendChallenge(challenge.id, now()))) throw new Unauthorized(TWO_FACTOR_CHALLENGE_EXPIRED);
      const accounts = await repo.listActiveAccounts(user.id);
      if (accounts.length === 0) throw new Unauthorized(TWO_FACTOR_CHALLENGE_EXPIRED);
      return startSession(user, accounts, toBool(challenge.remember), client);
    },

    /**
     * Resolves a presented token to the acting user and account. Anything else - including a
     * forgeable "userId:accountId" bearer - is a plain 401 with no hint why.
     */
    async authenticate(token: string, requestedAccountId: string | undefined): Promise<AuthState> {
      if (!looksLikeSessionToken(token)) throw new Unauthorized();
      const tokenHash = hashToken(token);
      await followOtherInstances();
      const row = await sessions.lookup(tokenHash, () => repo.findSessionByTokenHash(tokenHash));
      if (!row || (row.revokedAt !== null && row.revokedAt !== undefined)) throw new Unauthorized();
      const expiresAt = toIsoDateTime(row.expiresAt);
      const at = now();
      if (!expiresAt || Date.parse(expiresAt) <= at.getTime()) throw new Unauthorized();
      if (row.userStatus !== 'active' || row.accountStatus !== 'active') throw new Unauthorized();

      let other: { twoFactorEnrollmentRequired: boolean; role: Role } | undefined;
      if (requestedAccountId !== undefined && requestedAccountId !== row.accountId) {
        if (isId(requestedAccountId)) {
          other = await otherAccounts.lookup(`${row.userId} ${requestedAccountId}`, async () => {
            const role = await repo.activeMemberRole(row.userId, requestedAccountId);
            return role === undefined
              ? undefined
              : { twoFactorEnrollmentRequired: await enrollmentRequired(row.userId, requestedAccountId), role: roleOf(role) };
          });
        }
        if (!other) throw new Forbidden('You are not a member of this account');
      }

      const lastUsed = toIsoDateTime(row.lastUsedAt);
      if (!lastUsed || at.getTime() - Date.parse(lastUsed) > TOUCH_INTERVAL_MS) {
        // Marked on the (possibly cached) row first, so the requests that share it touch once.
        row.lastUsedAt = at;
        await repo.touchSession(row.sessionId, at);
      }
      const accountId = other ? requestedAccountId! : row.accountId;
      const required = other ? other.twoFactorEnrollmentRequired : toBool(row.accountRequiresTwoFactor) && !row.userTwoFactorEnabledAt;
      const role = other ? other.role : roleOf(row.role);
      return { userId: row.userId, accountId, sessionId: row.sessionId, role, twoFactorEnrollmentRequired: required };
    },

    /**
     * Forgets every cached session lookup: the app calls it after each state-changing request, so a
     * sign-out, revocation, password, two-factor, membership or status change made in this process
     * holds for the very next request (sessionCache.ts).
     */
    async forgetCachedSessions(): Promise<void> {
      sessions.forget();
      otherAccounts.forget();
      await generation.bump();
    },

    async me(auth: AuthState): Promise<MeResponse> {
      const user = await repo.findUserById(auth.userId);
      if (!user) throw new Unauthorized();
      const accounts = await repo.listActiveAccounts(user.id);
      const current = accounts.find((account) => account.id === auth.accountId);
      // The acting account first: the frontends treat the first account as the one they work in.
      const ordered = current ? [current, ...accounts.filter((account) => account !== current)] : accounts;
      return {
        user: toAuthUser(user),
        accounts: ordered,
        role: auth.role ?? 'read_only',
        permissions: [...permissionsOf(auth.role ?? '')],
        ...(auth.twoFactorEnrollmentRequired ? { twoFactorEnrollmentRequired: true as const } : {}),
      };
    },

    /**
     * A session in one account for a user who just proved who they are another way (accepting an
     * invitation with their password). Undefined when two-factor sign-in is on: the code step must
     * not be skipped, so they sign in as usual instead.
     */
    async signInTo(userId: string, accountId: string, client: ClientInfo): Promise<LoginResult | undefined> {
      const user = await repo.findUserById(userId);
      if (!user || user.status !== 'active') return undefined;
      const factors = await twoFactor.repo.findUser(user.id);
      if (factors && isEnabled(factors)) return undefined;
      const accounts = await repo.listActiveAccounts(user.id);
      const chosen = accounts.find((account) => account.id === accountId);
      if (!chosen) return undefined;
      return startSession(user, [chosen, ...accounts.filter((account) => account !== chosen)], false, client);
    },

    async logout(sessionId: string): Promise<void> {
      await repo.revokeSession(sessionId, now());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
