import type { Knex } from 'knex';
import type { DbBool, DbTime } from '../../db/rows';
import { inTransaction } from '../../db/transaction';

type Db = Knex | Knex.Transaction;

export type ProfileRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  preferences: string | null;
};

export type OrganizationRow = {
  name: string;
  organizationType: string;
  website: string | null;
  description: string | null;
  addressLine1: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
  taxId: string | null;
  primaryColor: string | null;
  secondaryColor: string | null;
  logoDataUrl: string | null;
  faviconDataUrl: string | null;
  timezone: string | null;
  language: string | null;
  dateFormat: string | null;
};

export type SessionRow = {
  id: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: DbTime;
  lastUsedAt: DbTime | null;
};

export type SubscriptionRow = {
  id: string;
  planId: string;
  planName: string;
  priceMonthly: number;
  currency: string;
  provider: string;
  providerCustomerId: string | null;
  providerSubscriptionId: string | null;
  status: string;
  currentPeriodEnd: DbTime | null;
  cancelAtPeriodEnd: DbBool;
  createdAt: DbTime;
};

export type PaymentRow = { id: string; completedAt: DbTime | null; planName: string; amount: number; currency: string };

const ORGANIZATION_COLUMNS = [
  'name',
  'organizationType',
  'website',
  'description',
  'addressLine1',
  'city',
  'state',
  'zipCode',
  'country',
  'taxId',
  'primaryColor',
  'secondaryColor',
  'logoDataUrl',
  'faviconDataUrl',
  'timezone',
  'language',
  'dateFormat',
] as const;

/** Only settings' tables and columns; every query names the user or account it is scoped to. */
export function createSettingsRepository(knex: Knex) {
  return {
    transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
      return inTransaction(knex, work);
    },

    async findProfile(userId: string, db: Db = knex): Promise<ProfileRow | undefined> {
      return db('users').where('id', userId).first('id', 'email', 'firstName', 'lastName', 'phone', 'preferences');
    },

    async emailTakenByOther(email: string, userId: string, db: Db = knex): Promise<boolean> {
      return Boolean(await db('users').where('email', email).whereNot('id', userId).first('id'));
    },

    /** Name and phone; the email changes only through a confirmed email change (emailChange.ts). */
    async updateProfile(db: Db, userId: string, changes: { firstName: string; lastName: string; phone: string | null }, now: Date) {
      await db('users')
        .where('id', userId)
        .update({ ...changes, updatedAt: now });
    },

    async updatePreferences(db: Db, userId: string, preferences: string, now: Date): Promise<void> {
      await db('users').where('id', userId).update({ preferences, updatedAt: now });
    },

    /** The account's users, and its invitations still open (each holds a seat of the plan). */
    async seatsInUse(accountId: string, at: Date): Promise<{ members: number; invitations: number }> {
      const [members, invitations] = await Promise.all([
        knex('memberships').where({ accountId }).count<{ count: number | string }[]>({ count: '*' }).first(),
        knex('team_invitations')
          .where({ accountId })
          .whereNull('acceptedAt')
          .whereNull('revokedAt')
          .andWhere('expiresAt', '>', at)
          .count<{ count: number | string }[]>({ count: '*' })
          .first(),
      ]);
      return { members: Number(members?.count ?? 0), invitations: Number(invitations?.count ?? 0) };
    },

    async findOrganization(accountId: string, db: Db = knex): Promise<OrganizationRow | undefined> {
      return db('accounts')
        .where('id', accountId)
        .first(...ORGANIZATION_COLUMNS);
    },

    async updateAccount(db: Db, accountId: string, changes: Partial<OrganizationRow>, now: Date): Promise<void> {
      await db('accounts')
        .where('id', accountId)
        .update({ ...changes, updatedAt: now });
    },

    async findPasswordHash(userId: string): Promise<string | null> {
      const row = await knex('users').where('id', userId).first('passwordHash');
      return (row?.passwordHash as string | null | undefined) ?? null;
    },

    async updatePasswordHash(db: Db, userId: string, passwordHash: string, now: Date): Promise<void> {
      await db('users').where('id', userId).update({ passwordHash, updatedAt: now });
    },

    /** The user's live sessions (not revoked, not expired), newest activity first. */
    async listLiveSessions(userId: string, now: Date): Promise<SessionRow[]> {
      return knex('sessions')
        .where('userId', userId)
        .whereNull('revokedAt')
        .andWhere('expiresAt', '>', now)
        .select('id', 'userAgent', 'ip', 'createdAt', 'lastUsedAt')
        .orderBy([
          { column: 'lastUsedAt', order: 'desc' },
          { column: 'id', order: 'desc' },
        ]);
    },

    /** Revokes one of the user's live sessions; 0 when it is not theirs or already ended. */
    async revokeSession(db: Db, userId: string, sessionId: string, now: Date): Promise<number> {
      return Number(await db('sessions').where({ id: sessionId, userId }).whereNull('revokedAt').andWhere('expiresAt', '>', now).update({ revokedAt: now }));
    },

    async revokeOtherSessions(db: Db, userId: string, keepSessionId: string, now: Date): Promise<number> {
      return Number(await db('sessions').where('userId', userId).whereNot('id', keepSessionId).whereNull('revokedAt').update({ revokedAt: now }));
    },

    /** User agents of the user's earlier sign-ins (login alerts compare the new one with these). */
    async earlierUserAgents(userId: string, exceptTokenHash: string): Promise<Array<string | null>> {
      const rows = await knex('sessions').where('userId', userId).whereNot('tokenHash', exceptTokenHash).distinct('userAgent');
      return rows.map((row: { userAgent: string | null }) => row.userAgent);
    },

    /** The account's newest subscription with its plan: the one that decides access and billing. */
    async currentSubscription(accountId: string): Promise<SubscriptionRow | undefined> {
      return knex('subscriptions')
        .join('plans', 'plans.id', 'subscriptions.planId')
        .where('subscriptions.accountId', accountId)
        .orderBy([
          { column: 'subscriptions.createdAt', order: 'desc' },
          { column: 'subscriptions.id', order: 'desc' },
        ])
        .first(
          'subscriptions.id as id',
          'subscriptions.planId as planId',
          'plans.name as planName',
          'plans.priceMonthly as priceMonthly',
          'plans.currency as currency',
          'subscriptions.provider as provider',
          'subscriptions.providerCustomerId as providerCustomerId',
          'subscriptions.providerSubscriptionId as providerSubscriptionId',
          'subscriptions.status as status',
          'subscriptions.currentPeriodEnd as currentPeriodEnd',
          'subscriptions.cancelAtPeriodEnd as cancelAtPeriodEnd',
          'subscriptions.createdAt as createdAt',
        );
    },

    /** What the account has paid: its completed checkouts, newest first. */
    async payments(accountId: string): Promise<PaymentRow[]> {
      return knex('checkout_sessions')
        .join('plans', 'plans.id', 'checkout_sessions.planId')
        .where('checkout_sessions.accountId', accountId)
        .andWhere('checkout_sessions.status', 'complete')
        .select(
          'checkout_sessions.id as id',
          'checkout_sessions.completedAt as completedAt',
          'plans.name as planName',
          'checkout_sessions.amount as amount',
          'checkout_sessions.currency as currency',
        )
        .orderBy('checkout_sessions.completedAt', 'desc');
    },

    async findPlan(planId: string): Promise<{ id: string; name: string; priceMonthly: unknown; currency: string; stripePriceId: string | null } | undefined> {
      return knex('plans').where('id', planId).first('id', 'name', 'priceMonthly', 'currency', 'stripePriceId');
    },

    /** A changed password also ends the reset links sent for the old one. */
    async spendPasswordResets(db: Db, userId: string, now: Date): Promise<void> {
      await db('password_resets').where('userId', userId).whereNull('usedAt').update({ usedAt: now });
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
