import type { Knex } from 'knex';
import type { DbBool, DbTime } from '../../db/rows';
import { toBool, toIsoDateTime } from '../../db/values';
import { newId } from '../../lib/ids';
import { createSecretBox, type SecretBox } from './secretBox';

export type TwoFactorUserRow = {
  id: string;
  email: string;
  twoFactorSecret: string | null;
  twoFactorPendingSecret: string | null;
  twoFactorEnabledAt: DbTime | null;
  twoFactorLastStep: number | string | null;
};

export type ChallengeRow = { id: string; userId: string; remember: DbBool; expiresAt: DbTime; usedAt: DbTime | null };

const CODE_KIND = 'two_factor';

type SecretColumn = 'twoFactorSecret' | 'twoFactorPendingSecret';

/**
 * Everything two-factor sign-in stores: the user's secret, recovery codes, login challenges. The
 * secrets are sealed (AES-256-GCM, secretBox) on the way in and opened on the way out: the rest of
 * the code sees plain secrets, the database never holds one.
 */
export function createTwoFactorRepository(knex: Knex, box: SecretBox = createSecretBox(undefined)) {
  /** Opens a stored secret; one written before encryption (or under the development key) is sealed again now. */
  async function opened(db: Knex, userId: string, column: SecretColumn, stored: string | null): Promise<string | null> {
    if (!stored) return null;
    const { plain, reseal } = box.open(stored);
    // Only if the row still holds what was read: a concurrent change of the secret wins.
    if (reseal)
      await db('users')
        .where({ id: userId, [column]: stored })
        .update({ [column]: box.seal(plain) });
    return plain;
  }

  return {
    transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
      return knex.transaction(work);
    },

    async findUser(userId: string, db: Knex = knex): Promise<TwoFactorUserRow | undefined> {
      const row = await db<TwoFactorUserRow>('users')
        .select('id', 'email', 'twoFactorSecret', 'twoFactorPendingSecret', 'twoFactorEnabledAt', 'twoFactorLastStep')
        .where('id', userId)
        .first();
      if (!row) return undefined;
      return {
        ...row,
        twoFactorSecret: await opened(db, userId, 'twoFactorSecret', row.twoFactorSecret),
        twoFactorPendingSecret: await opened(db, userId, 'twoFactorPendingSecret', row.twoFactorPendingSecret),
      };
    },

    async setPendingSecret(userId: string, secret: string, at: Date): Promise<void> {
      await knex('users')
        .where('id', userId)
        .update({ twoFactorPendingSecret: box.seal(secret), updatedAt: at });
    },

    async enable(trx: Knex, userId: string, secret: string, timeStep: number, codeHashes: string[], at: Date): Promise<number> {
      const row = await trx('users').where('id', userId).first('twoFactorPendingSecret');
      const pending = (row?.twoFactorPendingSecret as string | null | undefined) ?? null;
      if (!pending || box.open(pending).plain !== secret) return 0;
      // Only the pending secret this request verified (the sealed value read above, IVs differ per
      // seal): a second confirm racing this one changes nothing.
      const updated = await trx('users')
        .where({ id: userId, twoFactorPendingSecret: pending })
        .whereNull('twoFactorEnabledAt')
        .update({ twoFactorSecret: box.seal(secret), twoFactorPendingSecret: null, twoFactorEnabledAt: at, twoFactorLastStep: timeStep, updatedAt: at });
      if (updated === 0) return 0;
      await trx('two_factor_recovery_codes').where('userId', userId).delete();
      await trx('two_factor_recovery_codes').insert(codeHashes.map((codeHash) => ({ id: newId(), userId, codeHash, usedAt: null, createdAt: at })));
      return updated;
    },

    async disable(trx: Knex, userId: string, at: Date): Promise<void> {
      await trx('users')
        .where('id', userId)
        .update({ twoFactorSecret: null, twoFactorPendingSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null, updatedAt: at });
      await trx('two_factor_recovery_codes').where('userId', userId).delete();
      await trx('two_factor_challenges').where('userId', userId).delete();
    },

    /**
     * Moves the last accepted time-step forward, only if it is still behind: of two requests with
     * the same code, one wins. Returns whether this one did.
     */
    async advanceLastStep(userId: string, timeStep: number, db: Knex = knex): Promise<boolean> {
      const updated = await db('users')
        .where('id', userId)
        .whereNotNull('twoFactorEnabledAt')
        .andWhere((q) => q.whereNull('twoFactorLastStep').orWhere('twoFactorLastStep', '<', timeStep))
        .update({ twoFactorLastStep: timeStep });
      return updated === 1;
    },

    /** Marks one unused recovery code used; false when there is none with this digest. */
    async spendRecoveryCode(userId: string, codeHash: string, at: Date, db: Knex = knex): Promise<boolean> {
      const updated = await db('two_factor_recovery_codes').where({ userId, codeHash }).whereNull('usedAt').update({ usedAt: at });
      return updated > 0;
    },

    async countUnusedRecoveryCodes(userId: string): Promise<number> {
      const row = await knex('two_factor_recovery_codes')
        .where('userId', userId)
        .whereNull('usedAt')
        .count<{ count: number | string }[]>({ count: '*' })
        .first();
      return Number(row?.count ?? 0);
    },

    async insertChallenge(userId: string, tokenHash: string, remember: boolean, expiresAt: Date, at: Date): Promise<void> {
      await knex('two_factor_challenges').insert({ id: newId(), userId, tokenHash, remember, expiresAt, usedAt: null, createdAt: at });
    },

    async findChallenge(tokenHash: string): Promise<ChallengeRow | undefined> {
      return knex<ChallengeRow>('two_factor_challenges').select('id', 'userId', 'remember', 'expiresAt', 'usedAt').where('tokenHash', tokenHash).first();
    },

    /** Single use: only the first request to spend the challenge gets true. */
    async spendChallenge(id: string, at: Date): Promise<boolean> {
      const updated = await knex('two_factor_challenges').where('id', id).whereNull('usedAt').update({ usedAt: at });
      return updated === 1;
    },

    async recordFailedCode(userId: string, ip: string, at: Date): Promise<string> {
      const id = newId();
      // The user id stands in the email column: wrong codes are counted per user, whatever the IP.
      await knex('login_attempts').insert({ id, email: userId, ip: ip.slice(0, 64), kind: CODE_KIND, success: false, attemptedAt: at });
      return id;
    },

    async countFailedCodes(userId: string, since: Date): Promise<number> {
      const row = await knex('login_attempts')
        .where({ email: userId, kind: CODE_KIND, success: false })
        .andWhere('attemptedAt', '>', since)
        .count<{ count: number | string }[]>({ count: '*' })
        .first();
      return Number(row?.count ?? 0);
    },

    /** When each wrong code since `since` was entered, oldest first. */
    async failedCodeTimes(userId: string, since: Date): Promise<Date[]> {
      const rows: { attemptedAt: DbTime }[] = await knex('login_attempts')
        .where({ email: userId, kind: CODE_KIND, success: false })
        .andWhere('attemptedAt', '>', since)
        .orderBy('attemptedAt', 'asc')
        .select('attemptedAt');
      return rows.map((row) => new Date(toIsoDateTime(row.attemptedAt) ?? 0));
    },

    /**
     * Claims the "too many wrong codes" notice: the user, when none was claimed since `since`, else
     * nothing. One conditional update, so of requests racing into the lock only one emails.
     */
    async claimLockNotice(trx: Knex, userId: string, at: Date, since: Date): Promise<{ email: string; firstName: string } | undefined> {
      const claimed = await trx('users')
        .where('id', userId)
        .andWhere((q) => q.whereNull('twoFactorLockNotifiedAt').orWhere('twoFactorLockNotifiedAt', '<=', since))
        .update({ twoFactorLockNotifiedAt: at });
      if (claimed !== 1) return undefined;
      return trx('users').where('id', userId).first('email', 'firstName');
    },

    async forgetAttempt(id: string): Promise<void> {
      await knex('login_attempts').where({ id }).delete();
    },

    async isOwner(userId: string, accountId: string): Promise<boolean> {
      const row = await knex('memberships').where({ userId, accountId, role: 'owner' }).first('id');
      return Boolean(row);
    },

    async accountRequiresTwoFactor(accountId: string): Promise<boolean> {
      const row = await knex('accounts').where('id', accountId).first('requireTwoFactor');
      return Boolean(row) && toBool(row.requireTwoFactor);
    },

    async setAccountRequirement(accountId: string, required: boolean, at: Date, db: Knex = knex): Promise<void> {
      await db('accounts').where('id', accountId).update({ requireTwoFactor: required, updatedAt: at });
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;

export const isEnabled = (user: Pick<TwoFactorUserRow, 'twoFactorEnabledAt' | 'twoFactorSecret'>): boolean =>
  Boolean(user.twoFactorSecret) && Boolean(toIsoDateTime(user.twoFactorEnabledAt));
