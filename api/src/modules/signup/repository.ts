import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import { newId } from '../../lib/ids';

type Db = Knex | Knex.Transaction;

export type PendingSignup = {
  accountId: string;
  userId: string;
  firstName: string;
  lastName: string;
  organizationName: string;
  organizationType: string;
  phone: string;
  email: string;
  planId: string;
  passwordHash: string;
  signupTokenHash: string;
  tokenExpiresAt: Date;
};

export function createSignupRepository(knex: Knex) {
  return {
    transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
      return inTransaction(knex, work);
    },

    async planExists(planId: string): Promise<boolean> {
      return Boolean(await knex('plans').where('id', planId).first('id'));
    },

    /** A user past signup (any status but pending) holds this address: the rule signup itself applies. */
    async emailBelongsToUser(email: string): Promise<boolean> {
      return Boolean(await knex('users').where('email', email).whereNot('status', 'pending').first('id'));
    },

    async findUserByEmail(db: Db, email: string): Promise<{ id: string; status: string } | undefined> {
      return db('users').where('email', email).first('id', 'status');
    },

    /** The signup token of a pending user (its only sessions row): whose browser holds it, and until when. */
    async pendingSignupToken(db: Db, userId: string): Promise<{ tokenHash: string; expiresAt: Date | string | number } | undefined> {
      return db('sessions').where('userId', userId).whereNull('revokedAt').orderBy('expiresAt', 'desc').first('tokenHash', 'expiresAt');
    },

    /**
     * An abandoned signup: the pending user and the pending accounts it owns. Their checkout sessions,
     * memberships and signup token go with them (foreign keys cascade).
     */
    async removePendingSignup(db: Db, userId: string): Promise<void> {
      const accountIds: string[] = await db('memberships')
        .join('accounts', 'accounts.id', 'memberships.accountId')
        .where('memberships.userId', userId)
        .andWhere('accounts.status', 'pending')
        .pluck('accounts.id');
      if (accountIds.length > 0) await db('accounts').whereIn('id', accountIds).andWhere('status', 'pending').delete();
      await db('users').where('id', userId).andWhere('status', 'pending').delete();
    },

    /** Whether a restart link was emailed to the address after `since`. */
    async restartSentSince(db: Db, email: string, since: Date): Promise<boolean> {
      return Boolean(await db('signup_restarts').where('email', email).andWhere('createdAt', '>', since).first('id'));
    },

    async insertRestart(db: Db, restart: { email: string; tokenHash: string; expiresAt: Date }, now: Date): Promise<void> {
      await db('signup_restarts').insert({ id: newId(), ...restart, usedAt: null, createdAt: now });
    },

    /** Spends a live restart token of the address; false when there is none (wrong, used, expired, another address). */
    async useRestart(db: Db, email: string, tokenHash: string, now: Date): Promise<boolean> {
      const used = await db('signup_restarts').where({ email, tokenHash }).whereNull('usedAt').andWhere('expiresAt', '>', now).update({ usedAt: now });
      return Number(used) === 1;
    },

    async insertPendingSignup(db: Db, signup: PendingSignup, now: Date): Promise<void> {
      const stamp = { createdAt: now, updatedAt: now };
      await db('accounts').insert({
        id: signup.accountId,
        name: signup.organizationName,
        organizationType: signup.organizationType,
        status: 'pending',
        planId: signup.planId,
        email: signup.email,
        phone: signup.phone,
        ...stamp,
      });
      await db('users').insert({
        id: signup.userId,
        email: signup.email,
        passwordHash: signup.passwordHash,
        firstName: signup.firstName,
        lastName: signup.lastName,
        phone: signup.phone,
        status: 'pending',
        ...stamp,
      });
      await db('memberships').insert({ id: newId(), accountId: signup.accountId, userId: signup.userId, role: 'owner', ...stamp });
      await db('sessions').insert({
        id: newId(),
        userId: signup.userId,
        accountId: signup.accountId,
        tokenHash: signup.signupTokenHash,
        expiresAt: signup.tokenExpiresAt,
        remember: false,
        createdAt: now,
        lastUsedAt: null,
        revokedAt: null,
        userAgent: null,
        ip: null,
      });
    },
  };
}

export type SignupRepository = ReturnType<typeof createSignupRepository>;
