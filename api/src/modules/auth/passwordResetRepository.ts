import type { Knex } from 'knex';
import type { DbTime } from '../../db/rows';
import { newId } from '../../lib/ids';

export type ResetRow = {
  id: string;
  userId: string;
  expiresAt: DbTime;
  usedAt: DbTime | null;
  userStatus: string;
};

export const FORGOT_KIND = 'forgot_password';
export const RESET_KIND = 'reset_password';

export function createPasswordResetRepository(knex: Knex) {
  return {
    async findUserByEmail(email: string): Promise<{ id: string; email: string; firstName: string; status: string } | undefined> {
      return knex('users').select('id', 'email', 'firstName', 'status').where('email', email).first();
    },

    /** Counts recent attempts of one limiter; `email` null counts every email from that ip. */
    async countAttempts(kind: string, where: { email?: string; ip: string }, since: Date): Promise<number> {
      const query = knex('login_attempts').where({ kind, ip: where.ip }).andWhere('attemptedAt', '>', since);
      if (where.email !== undefined) query.andWhere('email', where.email);
      const row = await query.count<{ count: number | string }[]>({ count: '*' }).first();
      return Number(row?.count ?? 0);
    },

    /** Records one attempt of a limiter; returns its id (forgetAttempt takes it back). */
    async recordAttempt(kind: string, email: string | null, ip: string, at: Date): Promise<string> {
      const id = newId();
      await knex('login_attempts').insert({ id, email, ip, kind, success: false, attemptedAt: at });
      return id;
    },

    async forgetAttempt(id: string): Promise<void> {
      await knex('login_attempts').where({ id }).delete();
    },

    async insertReset(db: Knex | Knex.Transaction, reset: { userId: string; tokenHash: string; expiresAt: Date; ip: string | null }, at: Date): Promise<void> {
      await db('password_resets').insert({ id: newId(), ...reset, usedAt: null, createdAt: at });
    },

    async findReset(trx: Knex.Transaction, tokenHash: string): Promise<ResetRow | undefined> {
      return trx('password_resets')
        .join('users', 'users.id', 'password_resets.userId')
        .where('password_resets.tokenHash', tokenHash)
        .first(
          'password_resets.id as id',
          'password_resets.userId as userId',
          'password_resets.expiresAt as expiresAt',
          'password_resets.usedAt as usedAt',
          'users.status as userStatus',
        );
    },

    /** Claims the token; false when another request used it first. */
    async markUsed(trx: Knex.Transaction, resetId: string, at: Date): Promise<boolean> {
      const changed = await trx('password_resets').where('id', resetId).whereNull('usedAt').update({ usedAt: at });
      return Number(changed) === 1;
    },

    /** Older links still in someone's inbox die with the reset. */
    async retireOtherResets(trx: Knex.Transaction, userId: string, at: Date): Promise<void> {
      await trx('password_resets').where('userId', userId).whereNull('usedAt').update({ usedAt: at });
    },

    async setPassword(trx: Knex.Transaction, userId: string, passwordHash: string, at: Date): Promise<string> {
      await trx('users').where('id', userId).update({ passwordHash, updatedAt: at });
      const user = await trx('users').where('id', userId).first('email');
      return String(user?.email ?? '');
    },

    async revokeAllSessions(trx: Knex.Transaction, userId: string, at: Date): Promise<number> {
      return Number(await trx('sessions').where('userId', userId).whereNull('revokedAt').update({ revokedAt: at }));
    },

    /** The new password proves who this is: earlier failed logins no longer lock the address out. */
    async clearFailedLogins(trx: Knex.Transaction, email: string): Promise<void> {
      await trx('login_attempts').where({ email, kind: 'login' }).delete();
    },
  };
}

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
