import type { Knex } from 'knex';
import type { z } from 'zod';
import type { AppConfig } from '../../config';
import type { AuthAccount, CheckoutSessionCreated, CheckoutVerified, createCheckoutSessionSchema } from '@caucus/contract';
import { toIsoDateTime, toMoney } from '../../db/values';
import { HttpError, NotFound, Unauthorized } from '../../http/errors';
import type { AuthRepository } from '../auth/repository';
import { hashToken, newSessionToken } from '../auth/tokens';
import type { Mailer } from '../email';
import { signupTokenHash } from '../signup/signupToken';
import { isUniqueViolation } from '../../db/errors';
import type { LocalCheckoutView } from './localCheckoutPage';
import { isActiveStatus, oneMonthAfter } from './planChange';
import type { PaymentProvider, PaymentState } from './providers';
import type { BillingRepository, CheckoutSessionRow } from './repository';
import { absoluteUrl, fillSessionId, withSessionIdPlaceholder } from './returnUrls';

export const PLAN_NOT_FOUND = 'Selected plan not found';
export const SIGNUP_STEP_MISSING = 'Please complete the account step first';
export const INVALID_SESSION = 'Invalid session. Please try again.';
export const PAYMENT_NOT_COMPLETED = 'Payment not completed';

// Stripe's ids (cs_test_..., cs_live_...) and our own cs_local_... share this shape.
const SESSION_ID_SHAPE = /^cs_[A-Za-z0-9_-]{1,250}$/;

export type CheckoutInput = z.output<typeof createCheckoutSessionSchema>;
export type ClientInfo = { ip: string; userAgent: string | null };
export type VerifiedCheckout = Extract<CheckoutVerified, { signedIn: false }> | (Extract<CheckoutVerified, { signedIn: true }> & { expiresAt: Date });

export function isCheckoutSessionId(value: string): boolean {
  return SESSION_ID_SHAPE.test(value);
}

function formatPrice(price: number): string {
  return Number.isInteger(price) ? String(price) : price.toFixed(2);
}

export function createCheckoutService(deps: {
  repo: BillingRepository;
  authRepo: AuthRepository;
  provider: PaymentProvider;
  mailer: Mailer;
  config: Pick<AppConfig, 'sessionShortTtlHours'> & Partial<Pick<AppConfig, 'stripePriceIds'>>;
  now?: () => Date;
}) {
  const { repo, authRepo, provider, mailer, config } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Everything a paid session unlocks, exactly once: the subscription row (unique per checkout
   * session) is written first, so a second run finds it and changes nothing.
   */
  async function activate(db: Knex.Transaction, session: CheckoutSessionRow, state: PaymentState, siteUrl: string): Promise<void> {
    if (!session.accountId || !session.userId) return;
    const at = now();
    if (session.purpose === 'plan_change') {
      // Only the difference was paid: the existing subscription changes plan, keeping its period.
      if (!session.subscriptionId || !session.fromPlanId) return;
      await repo.changeSubscriptionPlan(
        db,
        { accountId: session.accountId, subscriptionId: session.subscriptionId, fromPlanId: session.fromPlanId, toPlanId: session.planId },
        at,
      );
      await repo.markCheckoutComplete(session.id, at, db);
      return;
    }
    if (await repo.subscriptionForCheckout(db, session.id)) return;
    await repo.insertSubscription(
      db,
      {
        accountId: session.accountId,
        planId: session.planId,
        provider: session.provider,
        providerCustomerId: state.customerId,
        providerSubscriptionId: state.subscriptionId,
        checkoutSessionId: session.id,
        status: 'active',
        // Stripe reports its period by webhook; a local checkout paid one month from now.
        currentPeriodEnd: session.provider === 'local' ? oneMonthAfter(at) : null,
      },
      at,
    );
    await repo.markCheckoutComplete(session.id, at, db);
    if (session.purpose === 'renewal' && session.subscriptionId) await repo.endReplacedSubscription(db, session.accountId, session.subscriptionId, at);
    const wasPending = await repo.activateSignup(db, session.accountId, session.userId, session.planId, at);
    // The signup cookie stays valid here: it is what lets the signup browser, and only it, sign in.
    if (!wasPending) return;
    const user = await repo.findUser(session.userId, db);
    const plan = await repo.findPlan(session.planId, db);
    if (!user) return;
    await mailer.send(db, {
      to: user.email,
      subject: 'Welcome to Caucus',
      kind: 'welcome',
      text: [
        `Hi ${user.firstName},`,
        '',
        `Welcome to Caucus! Your ${plan?.name ?? session.planId} plan is active and your workspace is ready.`,
        '',
        `Sign in any time at ${siteUrl}/login with ${user.email} and the password you chose.`,
        '',
        'The Caucus team',
      ].join('\n'),
    });
  }

  async function activateOnce(session: CheckoutSessionRow, state: PaymentState, siteUrl: string): Promise<void> {
    try {
      await repo.transaction((trx) => activate(trx, session, state, siteUrl));
    } catch (err) {
      // A concurrent verification (or webhook) activated it first: the result is the same.
      if (!isUniqueViolation(err)) throw err;
    }
  }

  async function signIn(userId: string, preferredAccountId: string, client: ClientInfo) {
    const accounts: AuthAccount[] = await authRepo.listActiveAccounts(userId);
    const found = await authRepo.findUserById(userId);
    if (!found || found.status !== 'active' || accounts.length === 0) throw new Unauthorized();
    const accountId = accounts.some((a) => a.id === preferredAccountId) ? preferredAccountId : accounts[0].id;
    const token = newSessionToken();
    const issued = now();
    const expiresAt = new Date(issued.getTime() + config.sessionShortTtlHours * 3600 * 1000);
    await authRepo.insertSession(
      {
        userId,
        accountId,
        tokenHash: hashToken(token),
        expiresAt,
        remember: false,
        userAgent: client.userAgent ? client.userAgent.slice(0, 255) : null,
        ip: client.ip ? client.ip.slice(0, 64) : null,
      },
      issued,
    );
    await authRepo.markLoggedIn(userId, issued);
    return {
      token,
      expiresAt,
      user: { id: found.id, email: found.email, firstName: found.firstName, lastName: found.lastName },
      accounts,
    };
  }

  async function signupTokenOf(tokenHash: string, userId: string): Promise<boolean> {
    const row = await repo.findSignupToken(tokenHash);
    const expiresAt = row ? toIsoDateTime(row.expiresAt) : null;
    return Boolean(row && row.userId === userId && expiresAt && Date.parse(expiresAt) > now().getTime());
  }

  async function findLocalSession(sessionId: string): Promise<CheckoutSessionRow | undefined> {
    if (!isCheckoutSessionId(sessionId)) return undefined;
    const session = await repo.findCheckoutSession(sessionId);
    return session && session.provider === 'local' ? session : undefined;
  }

  /** A plan change priced from a plan the subscription has left (or on a subscription no longer active) cannot be paid. */
  async function planChangeIsStale(session: CheckoutSessionRow): Promise<boolean> {
    if (session.purpose !== 'plan_change') return false;
    if (!session.accountId || !session.subscriptionId) return true;
    const subscription = await repo.findSubscription(session.accountId, session.subscriptionId);
    return !subscription || subscription.planId !== session.fromPlanId || !isActiveStatus(subscription.status);
  }

  /** The local checkout page's view of a session; undefined for unknown ids and Stripe sessions. */
  async function localPage(sessionId: string): Promise<LocalCheckoutView | undefined> {
    const session = await findLocalSession(sessionId);
    if (!session) return undefined;
    const plan = await repo.findPlan(session.planId);
    const expiresAt = toIsoDateTime(session.expiresAt);
    const expired = session.status !== 'complete' && ((expiresAt !== null && Date.parse(expiresAt) <= now().getTime()) || (await planChangeIsStale(session)));
    return {
      sessionId: session.id,
      planName: plan?.name ?? session.planId,
      price: formatPrice(toMoney(session.amount)),
      oneOff: session.purpose === 'plan_change',
      customerEmail: session.customerEmail ?? '',
      state: session.status === 'complete' ? 'paid' : expired ? 'expired' : 'open',
      successUrl: fillSessionId(session.successUrl ?? '/', session.id),
      cancelUrl: session.cancelUrl ?? '/',
    };
  }

  return {
    provider: provider.name,

    localPage,

    async create(
      input: CheckoutInput,
      urls: { successUrl: string; cancelUrl: string; siteUrl: string },
      signupToken: string | undefined,
    ): Promise<CheckoutSessionCreated> {
      const plan = await repo.findPlan(input.planId);
      if (!plan) throw new NotFound(PLAN_NOT_FOUND);
      const pending = signupToken ? await repo.findPendingSignup(signupTokenHash(signupToken)) : undefined;
      const expiresAt = pending ? toIsoDateTime(pending.expiresAt) : null;
      if (!pending || pending.email !== input.customerEmail || !expiresAt || Date.parse(expiresAt) <= now().getTime()) {
        throw new Unauthorized(SIGNUP_STEP_MISSING);
      }
      const price = toMoney(plan.priceMonthly);
      const successUrl = withSessionIdPlaceholder(urls.successUrl);
      // Stripe refuses relative addresses; the local page redirects within this site either way.
      const external = provider.name === 'stripe';
      const created = await provider.createCheckout({
        plan: { id: plan.id, name: plan.name, price, currency: plan.currency, priceId: config.stripePriceIds?.[plan.id] ?? plan.stripePriceId },
        customerEmail: input.customerEmail,
        successUrl: external ? absoluteUrl(successUrl, urls.siteUrl) : successUrl,
        cancelUrl: external ? absoluteUrl(urls.cancelUrl, urls.siteUrl) : urls.cancelUrl,
        accountId: pending.accountId,
        userId: pending.userId,
        metadata: Object.fromEntries(Object.entries(input.metadata ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
      });
      await repo.insertCheckoutSession(
        {
          id: created.id,
          accountId: pending.accountId,
          userId: pending.userId,
          planId: plan.id,
          provider: provider.name,
          status: 'open',
          amount: price,
          currency: plan.currency,
          customerEmail: input.customerEmail,
          url: created.url,
          successUrl,
          cancelUrl: urls.cancelUrl,
          expiresAt: created.expiresAt,
        },
        now(),
      );
      return { sessionId: created.id, url: created.url };
    },

    /**
     * The success page's call: only a session the provider reports as paid activates anything, and
     * anyone holding the id may trigger that. The id travels in the success URL (history, shared
     * links), so it never signs anyone in by itself: only the signup cookie of the checkout's own
     * user does, once.
     */
    async verify(sessionId: string, client: ClientInfo, siteUrl: string, signupToken: string | undefined): Promise<VerifiedCheckout> {
      if (!isCheckoutSessionId(sessionId)) throw new NotFound(INVALID_SESSION);
      const session = await repo.findCheckoutSession(sessionId);
      if (!session || session.provider !== provider.name || !session.userId || !session.accountId) throw new NotFound(INVALID_SESSION);
      const state = await provider.paymentState(session);
      if (!state.paid) throw new HttpError(402, PAYMENT_NOT_COMPLETED);
      await activateOnce(session, state, siteUrl);
      const paid = { status: 'paid' as const, planId: session.planId };
      const tokenHash = signupToken ? signupTokenHash(signupToken) : undefined;
      if (!tokenHash || !(await signupTokenOf(tokenHash, session.userId))) return { ...paid, signedIn: false };
      const signedIn = await signIn(session.userId, session.accountId, client);
      // Spent only now, so a verification that failed before this point can be retried from the same browser.
      await repo.revokeSignupToken(tokenHash, now());
      return { ...paid, signedIn: true, ...signedIn };
    },

    /** Used by the webhook: the same activation, without signing anybody in. */
    async activateFromProvider(db: Knex.Transaction, sessionId: string, state: PaymentState, siteUrl: string): Promise<void> {
      if (!isCheckoutSessionId(sessionId) || !state.paid) return;
      const session = await repo.findCheckoutSession(sessionId, db);
      if (session) await activate(db, session, state, siteUrl);
    },

    /** Pay on the local page: marks the session paid; activation waits for verification. */
    async payLocal(sessionId: string): Promise<string | undefined> {
      const page = await localPage(sessionId);
      if (!page || page.state === 'expired') return undefined;
      if (page.state === 'open') await repo.markCheckoutComplete(page.sessionId, now());
      return page.successUrl;
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
