import type { Knex } from 'knex';
import type { DbBool, DbTime } from '../../db/rows';
import { newId } from '../../lib/ids';

export type UserRow = {
  id: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  status: string;
};

export type AccountRow = { id: string; name: string; organizationType: string };

export type SessionLookupRow = {
  sessionId: string;
  userId: string;
  accountId: string;
  expiresAt: DbTime;
  revokedAt: DbTime | null;
  lastUsedAt: DbTime | null;
  userStatus: string;
  accountStatus: string;
  userTwoFactorEnabledAt: DbTime | null;
  accountRequiresTwoFactor: DbBool;
  role: string;
};

export type NewSession = {
  userId: string;
  accountId: string;
  tokenHash: string;
  expiresAt: Date;
  remember: boolean;
  userAgent: string | null;
  ip: string | null;
};

const ACTIVE = 'active';
const LOGIN_KIND = 'login';

export function createAuthRepository(knex: Knex) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      return knex<UserRow>('users').select('id', 'email', 'passwordHash', 'firstName', 'lastName', 'status').where('email', email).first();
    },

    async findUserById(id: string): Promise<UserRow | undefined> {
      return knex<UserRow>('users').select('id', 'email', 'passwordHash', 'firstName', 'lastName', 'status').where('id', id).first();
    },

    /** Active accounts the user belongs to, oldest first (ids are time-ordered). */
    async listActiveAccounts(userId: string): Promise<AccountRow[]> {
      return knex('memberships')
        .join('accounts', 'accounts.id', 'memberships.accountId')
        .where('memberships.userId', userId)
        .andWhere('accounts.status', ACTIVE)
        .select('accounts.id as id', 'accounts.name as name', 'accounts.organizationType as organizationType')
        .orderBy('accounts.id', 'asc');
    },

    /** The user's role in an active account, or undefined when they are no member of it. */
    async activeMemberRole(userId: string, accountId: string): Promise<string | undefined> {
      const row = await knex('memberships')
        .join('accounts', 'accounts.id', 'memberships.accountId')
        .where('memberships.userId', userId)
        .andWhere('memberships.accountId', accountId)
        .andWhere('accounts.status', ACTIVE)
        .first('memberships.role as role');
      return row ? String(row.role) : undefined;
    },

    async countFailedLogins(email: string, ip: string, since: Date): Promise<number> {
      const row = await knex('login_attempts')
        .where({ email, ip, kind: LOGIN_KIND, success: false })
        .andWhere('attemptedAt', '>', since)
        .count<{ count: number | string }[]>({ count: '*' })
        .first();
      return Number(row?.count ?? 0);
    },

    /** Failed logins from one IP, whatever the email: one indexed count (ip, attempted_at). */
    async countFailedLoginsFromIp(ip: string, since: Date): Promise<number> {
      const row = await knex('login_attempts')
        .where({ ip, kind: LOGIN_KIND, success: false })
        .andWhere('attemptedAt', '>', since)
        .count<{ count: number | string }[]>({ count: '*' })
        .first();
      return Number(row?.count ?? 0);
    },

    /** Records a login attempt as failed (until its password proves right); returns its id. */
    async recordFailedLogin(email: string, ip: string, at: Date): Promise<string> {
      const id = newId();
      await knex('login_attempts').insert({ id, email, ip, kind: LOGIN_KIND, success: false, attemptedAt: at });
      return id;
    },

    /** Takes back one recorded attempt (refused before any verify, or not a wrong password after all). */
    async forgetLoginAttempt(id: string): Promise<void> {
      await knex('login_attempts').where({ id }).delete();
    },

    async clearFailedLogins(email: string, ip: string): Promise<void> {
      await knex('login_attempts').where({ email, ip, kind: LOGIN_KIND }).delete();
    },

    async markLoggedIn(userId: string, at: Date): Promise<void> {
      await knex('users').where('id', userId).update({ lastLoginAt: at });
    },

    async insertSession(session: NewSession, now: Date): Promise<string> {
      const id = newId();
      await knex('sessions').insert({ id, ...session, createdAt: now, lastUsedAt: now, revokedAt: null });
      return id;
    },

    /** The session with the state of its user and account, in one round trip. */
    async findSessionByTokenHash(tokenHash: string): Promise<SessionLookupRow | undefined> {
      return knex('sessions')
        .join('users', 'users.id', 'sessions.userId')
        .join('memberships', function joinMembership() {
          this.on('memberships.userId', '=', 'sessions.userId').andOn('memberships.accountId', '=', 'sessions.accountId');
        })
        .join('accounts', 'accounts.id', 'sessions.accountId')
        .where('sessions.tokenHash', tokenHash)
        .first(
          'sessions.id as sessionId',
          'sessions.userId as userId',
          'sessions.accountId as accountId',
          'sessions.expiresAt as expiresAt',
          'sessions.revokedAt as revokedAt',
          'sessions.lastUsedAt as lastUsedAt',
          'users.status as userStatus',
          'accounts.status as accountStatus',
          'users.twoFactorEnabledAt as userTwoFactorEnabledAt',
          'accounts.requireTwoFactor as accountRequiresTwoFactor',
          'memberships.role as role',
        );
    },

    async touchSession(sessionId: string, at: Date): Promise<void> {
      await knex('sessions').where('id', sessionId).update({ lastUsedAt: at });
    },

    async revokeSession(sessionId: string, at: Date): Promise<void> {
      await knex('sessions').where('id', sessionId).whereNull('revokedAt').update({ revokedAt: at });
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
