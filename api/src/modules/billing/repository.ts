import type { Knex } from 'knex';
import type { DbBool, DbTime } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { newId } from '../../lib/ids';
import type { CheckoutPurpose } from './planChange';

type Db = Knex | Knex.Transaction;

export type PlanRow = { id: string; name: string; priceMonthly: number; currency: string; stripePriceId: string | null; users: number };

export type CheckoutSessionRow = {
  id: string;
  accountId: string | null;
  userId: string | null;
  planId: string;
  provider: string;
  status: string;
  amount: number;
  currency: string;
  customerEmail: string | null;
  url: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  expiresAt: DbTime | null;
  completedAt: DbTime | null;
  purpose: CheckoutPurpose;
  /** The subscription a renewal replaces or a plan change changes. */
  subscriptionId: string | null;
  /** For a plan change: the plan the difference was priced from. */
  fromPlanId: string | null;
};

export type NewCheckoutSession = Omit<CheckoutSessionRow, 'completedAt' | 'expiresAt' | 'purpose' | 'subscriptionId' | 'fromPlanId'> &
  Partial<Pick<CheckoutSessionRow, 'purpose' | 'subscriptionId' | 'fromPlanId'>> & { expiresAt: Date | null };

/** A plan as the pricing page lists it (popular: a BOOLEAN, 0/1 or true/false). */
export type PlanListRow = { id: string; name: string; priceMonthly: number; users: number; popular: DbBool };

export type PendingSignupRow = { userId: string; accountId: string; email: string; expiresAt: DbTime | null };

export type NewSubscription = {
  accountId: string;
  planId: string;
  provider: string;
  providerCustomerId: string | null;
  providerSubscriptionId: string | null;
  checkoutSessionId: string;
  status: string;
  currentPeriodEnd: Date | null;
};

export function createBillingRepository(knex: Knex) {
  return {
    transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
      return inTransaction(knex, work);
    },

    /** Plans are global (not account data), so no tenancy scope applies. */
    async listPlans(): Promise<PlanListRow[]> {
      return knex('plans')
        .select('id', 'name', 'priceMonthly', 'users', 'popular')
        .orderBy([
          { column: 'sortOrder', order: 'asc' },
          { column: 'priceMonthly', order: 'asc' },
        ]);
    },

    async findPlan(planId: string, db: Db = knex): Promise<PlanRow | undefined> {
      return db('plans').where('id', planId).first('id', 'name', 'priceMonthly', 'currency', 'stripePriceId', 'users');
    },

    /** The pending signup a signup cookie belongs to, while the cookie is still valid. */
    async findPendingSignup(tokenHash: string): Promise<PendingSignupRow | undefined> {
      return knex('sessions')
        .join('users', 'users.id', 'sessions.userId')
        .join('accounts', 'accounts.id', 'sessions.accountId')
        .where('sessions.tokenHash', tokenHash)
        .whereNull('sessions.revokedAt')
        .andWhere('users.status', 'pending')
        .andWhere('accounts.status', 'pending')
        .first('sessions.userId as userId', 'sessions.accountId as accountId', 'users.email as email', 'sessions.expiresAt as expiresAt');
    },

    async insertCheckoutSession(session: NewCheckoutSession, now: Date): Promise<void> {
      await knex('checkout_sessions').insert({ ...session, createdAt: now, completedAt: null });
    },

    async findCheckoutSession(id: string, db: Db = knex): Promise<CheckoutSessionRow | undefined> {
      return db('checkout_sessions')
        .where('id', id)
        .first(
          'id',
          'accountId',
          'userId',
          'planId',
          'provider',
          'status',
          'amount',
          'currency',
          'customerEmail',
          'url',
          'successUrl',
          'cancelUrl',
          'expiresAt',
          'completedAt',
          'purpose',
          'subscriptionId',
          'fromPlanId',
        );
    },

    async markCheckoutComplete(id: string, at: Date, db: Db = knex): Promise<void> {
      await db('checkout_sessions').where('id', id).whereNot('status', 'complete').update({ status: 'complete', completedAt: at });
    },

    async subscriptionForCheckout(db: Db, checkoutSessionId: string): Promise<{ id: string } | undefined> {
      return db('subscriptions').where('checkoutSessionId', checkoutSessionId).first('id');
    },

    async insertSubscription(db: Db, subscription: NewSubscription, now: Date): Promise<void> {
      await db('subscriptions').insert({ id: newId(), ...subscription, cancelAtPeriodEnd: false, createdAt: now, updatedAt: now });
    },

    /** A paid plan change: the subscription moves to the new plan only from the plan it was priced from. */
    async changeSubscriptionPlan(
      db: Db,
      change: { accountId: string; subscriptionId: string; fromPlanId: string; toPlanId: string },
      now: Date,
    ): Promise<number> {
      return Number(
        await db('subscriptions')
          .where({ id: change.subscriptionId, accountId: change.accountId, planId: change.fromPlanId })
          .update({ planId: change.toPlanId, updatedAt: now }),
      );
    },

    /** A renewal's new subscription takes over from the lapsed one, so only one can ever bill. */
    async endReplacedSubscription(db: Db, accountId: string, subscriptionId: string, now: Date): Promise<void> {
      await db('subscriptions')
        .where({ id: subscriptionId, accountId })
        .whereIn('status', ['past_due', 'unpaid'])
        .update({ status: 'canceled', cancelAtPeriodEnd: false, updatedAt: now });
    },

    async findSubscription(accountId: string, subscriptionId: string, db: Db = knex): Promise<{ planId: string; status: string } | undefined> {
      return db('subscriptions').where({ id: subscriptionId, accountId }).first('planId', 'status');
    },

    /** Pending -> active for the account and its user; returns whether the user was still pending. */
    async activateSignup(db: Db, accountId: string, userId: string, planId: string, now: Date): Promise<boolean> {
      await db('accounts').where('id', accountId).andWhere('status', 'pending').update({ status: 'active', planId, updatedAt: now });
      const users = await db('users').where('id', userId).andWhere('status', 'pending').update({ status: 'active', updatedAt: now });
      return Number(users) > 0;
    },

    /** The user a signup cookie belongs to, while it is unrevoked (whatever the user's status by now). */
    async findSignupToken(tokenHash: string): Promise<{ userId: string; expiresAt: DbTime | null } | undefined> {
      return knex('sessions').where('tokenHash', tokenHash).whereNull('revokedAt').first('userId', 'expiresAt');
    },

    async revokeSignupToken(tokenHash: string, now: Date): Promise<void> {
      await knex('sessions').where('tokenHash', tokenHash).whereNull('revokedAt').update({ revokedAt: now });
    },

    async findUser(userId: string, db: Db = knex): Promise<{ id: string; email: string; firstName: string; lastName: string } | undefined> {
      return db('users').where('id', userId).first('id', 'email', 'firstName', 'lastName');
    },

    async webhookEventSeen(providerEventId: string): Promise<boolean> {
      return Boolean(await knex('webhook_events').where('providerEventId', providerEventId).first('id'));
    },

    async recordWebhookEvent(db: Db, event: { providerEventId: string; type: string; payload: string }, now: Date): Promise<void> {
      await db('webhook_events').insert({ id: newId(), provider: 'stripe', ...event, createdAt: now, processedAt: now });
    },

    async updateSubscriptionByProviderId(
      db: Db,
      providerSubscriptionId: string,
      changes: { status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date | null },
      now: Date,
      options: { keepCanceled: boolean },
    ): Promise<number> {
      const query = db('subscriptions').where('providerSubscriptionId', providerSubscriptionId);
      // Stripe does not promise event order: an "updated" arriving after "deleted" must not revive it.
      if (options.keepCanceled) query.whereNot('status', 'canceled');
      const patch: Record<string, unknown> = { status: changes.status, cancelAtPeriodEnd: changes.cancelAtPeriodEnd, updatedAt: now };
      if (changes.currentPeriodEnd) patch.currentPeriodEnd = changes.currentPeriodEnd;
      return Number(await query.update(patch));
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
