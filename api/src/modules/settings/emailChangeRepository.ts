import type { Knex } from 'knex';
import type { DbTime } from '../../db/rows';
import { newId } from '../../lib/ids';

type Db = Knex | Knex.Transaction;

export type EmailChangeRow = {
  id: string;
  userId: string;
  oldEmail: string;
  newEmail: string;
  confirmExpiresAt: DbTime;
  undoExpiresAt: DbTime | null;
  confirmedAt: DbTime | null;
  undoneAt: DbTime | null;
  cancelledAt: DbTime | null;
  userStatus: string;
  userEmail: string;
  userFirstName: string;
};

export type NewEmailChange = {
  userId: string;
  oldEmail: string;
  newEmail: string;
  confirmTokenHash: string;
  undoTokenHash: string;
  confirmExpiresAt: Date;
  undoExpiresAt: Date;
  ip: string | null;
};

/** Wrong or stale links from one ip (login_attempts, like the password reset's limiter). */
const LINK_KIND = 'email_change_link';
/** A wrong password here counts as a failed sign-in of that address: it guards the same door. */
const LOGIN_KIND = 'login';

const ROW_COLUMNS = [
  'email_changes.id as id',
  'email_changes.userId as userId',
  'email_changes.oldEmail as oldEmail',
  'email_changes.newEmail as newEmail',
  'email_changes.confirmExpiresAt as confirmExpiresAt',
  'email_changes.undoExpiresAt as undoExpiresAt',
  'email_changes.confirmedAt as confirmedAt',
  'email_changes.undoneAt as undoneAt',
  'email_changes.cancelledAt as cancelledAt',
  'users.status as userStatus',
  'users.email as userEmail',
  'users.firstName as userFirstName',
];

export function createEmailChangeRepository(knex: Knex) {
  const withUser = (db: Db) => db('email_changes').join('users', 'users.id', 'email_changes.userId');

  return {
    transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
      return knex.transaction(work);
    },

    async insert(db: Db, change: NewEmailChange, at: Date): Promise<void> {
      await db('email_changes').insert({ id: newId(), ...change, confirmedAt: null, undoneAt: null, cancelledAt: null, createdAt: at });
    },

    /** The confirm links still open die: only the newest request can take effect. */
    async cancelPending(db: Db, userId: string, at: Date): Promise<void> {
      await db('email_changes').where('userId', userId).whereNull('confirmedAt').whereNull('cancelledAt').whereNull('undoneAt').update({ cancelledAt: at });
    },

    async countRequestsSince(userId: string, since: Date): Promise<number> {
      const row = await knex('email_changes')
        .where('userId', userId)
        .andWhere('createdAt', '>', since)
        .count<{ count: number | string }[]>({ count: '*' })
        .first();
      return Number(row?.count ?? 0);
    },

    /** The new address waiting for its confirmation, if a link to it still works. */
    async pendingEmail(userId: string, at: Date): Promise<string | null> {
      const row = await knex('email_changes')
        .where('userId', userId)
        .whereNull('confirmedAt')
        .whereNull('cancelledAt')
        .whereNull('undoneAt')
        .andWhere('confirmExpiresAt', '>', at)
        .orderBy('createdAt', 'desc')
        .first('newEmail');
      return (row?.newEmail as string | undefined) ?? null;
    },

    async findByConfirmHash(trx: Knex.Transaction, tokenHash: string): Promise<EmailChangeRow | undefined> {
      return withUser(trx)
        .where('email_changes.confirmTokenHash', tokenHash)
        .first(...ROW_COLUMNS);
    },

    async findByUndoHash(trx: Knex.Transaction, tokenHash: string): Promise<EmailChangeRow | undefined> {
      return withUser(trx)
        .where('email_changes.undoTokenHash', tokenHash)
        .first(...ROW_COLUMNS);
    },

    /** Claims the confirm link; false when it was used, cancelled or undone first. */
    async markConfirmed(trx: Knex.Transaction, id: string, at: Date): Promise<boolean> {
      const changed = await trx('email_changes')
        .where('id', id)
        .whereNull('confirmedAt')
        .whereNull('cancelledAt')
        .whereNull('undoneAt')
        .update({ confirmedAt: at });
      return Number(changed) === 1;
    },

    /** Claims the undo link; false when another request used it first. */
    async markUndone(trx: Knex.Transaction, id: string, at: Date): Promise<boolean> {
      const changed = await trx('email_changes').where('id', id).whereNull('undoneAt').update({ undoneAt: at });
      return Number(changed) === 1;
    },

    async emailTakenByOther(trx: Knex.Transaction, email: string, userId: string): Promise<boolean> {
      return Boolean(await trx('users').where('email', email).whereNot('id', userId).first('id'));
    },

    async setEmail(trx: Knex.Transaction, userId: string, email: string, at: Date): Promise<void> {
      await trx('users').where('id', userId).update({ email, updatedAt: at });
    },

    /**
     * After an undo, everything whoever changed the email could hold is worthless: the password (a new
     * one replaces it), every session, reset links still open, and the second factor (they either
     * enrolled their own authenticator through the session, or used the owner's code to make the
     * change): its secret, recovery codes and open challenges go.
     */
    async lockOut(trx: Knex.Transaction, userId: string, passwordHash: string, at: Date): Promise<void> {
      await trx('users').where('id', userId).update({
        passwordHash,
        twoFactorSecret: null,
        twoFactorPendingSecret: null,
        twoFactorEnabledAt: null,
        twoFactorLastStep: null,
        updatedAt: at,
      });
      await trx('two_factor_recovery_codes').where('userId', userId).delete();
      await trx('two_factor_challenges').where('userId', userId).delete();
      await trx('sessions').where('userId', userId).whereNull('revokedAt').update({ revokedAt: at });
      await trx('password_resets').where('userId', userId).whereNull('usedAt').update({ usedAt: at });
    },

    /** The new password proves who this is: earlier failed logins no longer lock the address out. */
    async clearFailedLogins(trx: Knex.Transaction, email: string): Promise<void> {
      await trx('login_attempts').where({ email, kind: LOGIN_KIND }).delete();
    },

    async recordFailedPassword(email: string, ip: string, at: Date): Promise<string> {
      const id = newId();
      await knex('login_attempts').insert({ id, email, ip: ip.slice(0, 64), kind: LOGIN_KIND, success: false, attemptedAt: at });
      return id;
    },

    async countFailedPasswords(email: string, ip: string, since: Date): Promise<number> {
      const row = await knex('login_attempts')
        .where({ email, ip: ip.slice(0, 64), kind: LOGIN_KIND, success: false })
        .andWhere('attemptedAt', '>', since)
        .count<{ count: number | string }[]>({ count: '*' })
        .first();
      return Number(row?.count ?? 0);
    },

    async recordFailedLink(ip: string, at: Date): Promise<string> {
      const id = newId();
      await knex('login_attempts').insert({ id, email: null, ip: ip.slice(0, 64), kind: LINK_KIND, success: false, attemptedAt: at });
      return id;
    },

    async countFailedLinks(ip: string, since: Date): Promise<number> {
      const row = await knex('login_attempts')
        .where({ ip: ip.slice(0, 64), kind: LINK_KIND })
        .andWhere('attemptedAt', '>', since)
        .count<{ count: number | string }[]>({ count: '*' })
        .first();
      return Number(row?.count ?? 0);
    },

    async forgetAttempt(id: string): Promise<void> {
      await knex('login_attempts').where({ id }).delete();
    },
  };
}

export type EmailChangeRepository = ReturnType<typeof createEmailChangeRepository>;
