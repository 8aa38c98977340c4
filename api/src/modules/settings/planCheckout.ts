import type Stripe from 'stripe';
import { PLAN_CHANGE_PENDING_PAYMENT, planTooSmallMessage, RENEW_NOT_NEEDED, type PlanCheckoutResult } from '@caucus/contract';
import { toIsoDateTime, toMoney } from '../../db/values';
import { HttpError, NotFound } from '../../http/errors';
import type { AuthState } from '../../http/types';
import { isActiveStatus, isRenewableStatus, oneMonthAfter, oneMonthBefore, proratedDifference, type CheckoutPurpose } from '../billing/planChange';
import type { BillingRepository } from '../billing/repository';
import { absoluteUrl, withSessionIdPlaceholder } from '../billing/returnUrls';
import type { SettingsContext } from './context';
import type { SubscriptionRow } from './repository';

export const PLAN_NOT_FOUND = 'Selected plan not found';
export const NO_SUBSCRIPTION = 'This workspace has no subscription yet.';
export const STRIPE_PLAN_CHANGE_UNAVAILABLE = 'This plan cannot be changed here: open Manage billing to change it.';
export const STRIPE_OVERDUE_AT_STRIPE = "Stripe is still collecting this subscription's overdue payment: pay it under Manage billing.";

/** The part of the Stripe SDK a plan change uses; tests hand in a fake with the same shape. */
export type StripeSubscriptionClient = {
  subscriptions: {
    retrieve(id: string): Promise<{ id: string; items: { data: Array<{ id: string }> } }>;
    update(id: string, params: Stripe.SubscriptionUpdateParams): Promise<{ id: string }>;
  };
};

type PlanRow = NonNullable<Awaited<ReturnType<BillingRepository['findPlan']>>>;

function dollars(amount: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: Number.isInteger(amount) ? 0 : 2 }).format(amount);
}

/** "Change plan" and "Renew plan" of Settings > Payment. */
export function createPlanCheckout({ repo, billingRepo, provider, stripeSubscriptions, config, now, profileOf }: SettingsContext) {
  async function startCheckout(
    auth: AuthState,
    plan: PlanRow,
    siteUrl: string,
    what: { purpose: CheckoutPurpose; amount: number; subscriptionId?: string; fromPlanId?: string },
  ): Promise<PlanCheckoutResult> {
    const profile = await profileOf(auth.userId);
    const successUrl = withSessionIdPlaceholder('/dashboard/settings/payment?checkout={CHECKOUT_SESSION_ID}');
    const cancelUrl = '/dashboard/settings/payment';
    const external = provider.name === 'stripe';
    const created = await provider.createCheckout({
      plan: { id: plan.id, name: plan.name, price: what.amount, currency: plan.currency, priceId: config.stripePriceIds?.[plan.id] ?? plan.stripePriceId },
      customerEmail: profile.email,
      successUrl: external ? absoluteUrl(successUrl, siteUrl) : successUrl,
      cancelUrl: external ? absoluteUrl(cancelUrl, siteUrl) : cancelUrl,
      accountId: auth.accountId,
      userId: auth.userId,
      metadata: { purpose: what.purpose },
    });
    await billingRepo.insertCheckoutSession(
      {
        id: created.id,
        accountId: auth.accountId,
        userId: auth.userId,
        planId: plan.id,
        provider: provider.name,
        status: 'open',
        amount: what.amount,
        currency: plan.currency,
        customerEmail: profile.email,
        url: created.url,
        successUrl,
        cancelUrl,
        expiresAt: created.expiresAt,
        purpose: what.purpose,
        subscriptionId: what.subscriptionId ?? null,
        fromPlanId: what.fromPlanId ?? null,
      },
      now(),
    );
    const message =
      what.purpose === 'plan_change'
        ? `${dollars(what.amount)} now for ${plan.name} for the rest of this period; then ${dollars(toMoney(plan.priceMonthly))}/month.`
        : `${dollars(what.amount)}/month for ${plan.name}.`;
    return { url: created.url, message };
  }

  /** Stripe prorates the change itself (and invoices the difference at once); the local row follows. */
  async function changeAtStripe(auth: AuthState, current: SubscriptionRow, plan: PlanRow): Promise<PlanCheckoutResult> {
    const priceId = config.stripePriceIds?.[plan.id] ?? plan.stripePriceId;
    if (!stripeSubscriptions || !current.providerSubscriptionId || !priceId) throw new HttpError(409, STRIPE_PLAN_CHANGE_UNAVAILABLE);
    const remote = await stripeSubscriptions.subscriptions.retrieve(current.providerSubscriptionId);
    const item = remote.items.data[0];
    if (!item) throw new HttpError(409, STRIPE_PLAN_CHANGE_UNAVAILABLE);
    await stripeSubscriptions.subscriptions.update(current.providerSubscriptionId, {
      items: [{ id: item.id, price: priceId }],
      proration_behavior: 'always_invoice',
      // A declined difference leaves the subscription as it was instead of past due.
      payment_behavior: 'error_if_incomplete',
      metadata: { planId: plan.id },
    });
    await billingRepo.transaction((trx) =>
      billingRepo.changeSubscriptionPlan(trx, { accountId: auth.accountId, subscriptionId: current.id, fromPlanId: current.planId, toPlanId: plan.id }, now()),
    );
    return { url: null, message: `Your plan is now ${plan.name}. Stripe charges the prorated difference for the rest of this period.` };
  }

  /** The local checkout: the difference for what is left of the paid period, or nothing for a cheaper plan. */
  async function changeLocally(auth: AuthState, current: SubscriptionRow, plan: PlanRow, siteUrl: string): Promise<PlanCheckoutResult> {
    const at = now();
    const recordedEnd = toIsoDateTime(current.currentPeriodEnd);
    const started = toIsoDateTime(current.createdAt);
    const periodEnd = recordedEnd ? new Date(recordedEnd) : oneMonthAfter(started ? new Date(started) : at);
    const difference = proratedDifference({
      fromPrice: toMoney(current.priceMonthly),
      toPrice: toMoney(plan.priceMonthly),
      periodStart: oneMonthBefore(periodEnd),
      periodEnd,
      now: at,
    });
    if (difference > 0) {
      return startCheckout(auth, plan, siteUrl, { purpose: 'plan_change', amount: difference, subscriptionId: current.id, fromPlanId: current.planId });
    }
    await billingRepo.transaction((trx) =>
      billingRepo.changeSubscriptionPlan(trx, { accountId: auth.accountId, subscriptionId: current.id, fromPlanId: current.planId, toPlanId: plan.id }, at),
    );
    return {
      url: null,
      message: `Your plan is now ${plan.name}. This period is already paid, so nothing is charged now; ${dollars(toMoney(plan.priceMonthly))}/month applies from the next period.`,
    };
  }

  return {
    /**
     * "Change plan" and "Renew plan" (docs in ../billing/planChange.ts): one bill per period. No
     * subscription or a lapsed one: a checkout for a month. An active one: renewing is refused (409) and
     * a plan change changes that subscription, prorated by Stripe or, locally, for the difference only.
     */
    async planCheckout(auth: AuthState, planId: string, siteUrl: string): Promise<PlanCheckoutResult> {
      const plan = await billingRepo.findPlan(planId);
      if (!plan) throw new NotFound(PLAN_NOT_FOUND);
      // A plan with fewer seats than the team uses: who leaves is the owner's choice, made first.
      const inUse = await repo.seatsInUse(auth.accountId, now());
      if (inUse.members + inUse.invitations > Number(plan.users)) {
        const message = planTooSmallMessage(plan.name, Number(plan.users), inUse.members, inUse.invitations);
        throw new HttpError(409, message, { team: message });
      }
      const current = await repo.currentSubscription(auth.accountId);
      if (!current) return startCheckout(auth, plan, siteUrl, { purpose: 'subscribe', amount: toMoney(plan.priceMonthly) });
      if (isRenewableStatus(current.status)) {
        // Stripe retries a past-due invoice itself: a second subscription would bill the same months twice.
        if (current.provider === 'stripe' && (current.status === 'past_due' || current.status === 'unpaid')) {
          throw new HttpError(409, STRIPE_OVERDUE_AT_STRIPE);
        }
        return startCheckout(auth, plan, siteUrl, { purpose: 'renewal', amount: toMoney(plan.priceMonthly), subscriptionId: current.id });
      }
      if (!isActiveStatus(current.status)) throw new HttpError(409, PLAN_CHANGE_PENDING_PAYMENT);
      if (current.planId === plan.id) throw new HttpError(409, RENEW_NOT_NEEDED);
      return current.provider === 'stripe' ? changeAtStripe(auth, current, plan) : changeLocally(auth, current, plan, siteUrl);
    },
  };
}
