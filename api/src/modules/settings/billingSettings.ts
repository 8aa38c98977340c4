import type Stripe from 'stripe';
import type { BillingOverview, BillingRedirect } from '@caucus/contract';
import { toBool, toIsoDateTime, toMoney } from '../../db/values';
import { HttpError } from '../../http/errors';
import type { AuthState } from '../../http/types';
import { accessOf } from './access';
import type { SettingsContext } from './context';

export const PORTAL_UNAVAILABLE = 'Billing is managed in Caucus for this workspace: choose a plan below.';

/** The part of the Stripe SDK "Manage billing" uses; tests hand in a fake with the same shape. */
export type StripePortalClient = {
  billingPortal: { sessions: { create(params: Stripe.BillingPortal.SessionCreateParams): Promise<{ url: string }> } };
};

/** Settings > Payment: the subscription and its invoices, and Stripe's portal where Stripe bills. */
export function createBillingSettings({ repo, portal, now }: SettingsContext) {
  return {
    async billing(auth: AuthState): Promise<BillingOverview> {
      const [subscription, payments] = await Promise.all([repo.currentSubscription(auth.accountId), repo.payments(auth.accountId)]);
      const access = accessOf(subscription, now());
      return {
        subscription: subscription
          ? {
              planId: subscription.planId,
              planName: subscription.planName,
              price: toMoney(subscription.priceMonthly),
              currency: subscription.currency,
              status: subscription.status,
              renewsAt: toIsoDateTime(subscription.currentPeriodEnd),
              cancelAtPeriodEnd: toBool(subscription.cancelAtPeriodEnd),
              provider: subscription.provider,
            }
          : null,
        readOnly: access.readOnly,
        invoices: payments.map((payment) => ({
          id: payment.id,
          date: toIsoDateTime(payment.completedAt),
          planName: payment.planName,
          amount: toMoney(payment.amount),
          currency: payment.currency,
          status: 'paid',
        })),
        portalAvailable: Boolean(portal && subscription?.provider === 'stripe' && subscription.providerCustomerId),
      };
    },

    /** Stripe's customer portal for the account's Stripe customer (card, invoices, plan, cancel). */
    async billingPortal(auth: AuthState, siteUrl: string): Promise<BillingRedirect> {
      const subscription = await repo.currentSubscription(auth.accountId);
      if (!portal || !subscription || subscription.provider !== 'stripe' || !subscription.providerCustomerId) {
        throw new HttpError(409, PORTAL_UNAVAILABLE);
      }
      const session = await portal.billingPortal.sessions.create({
        customer: subscription.providerCustomerId,
        return_url: `${siteUrl}/dashboard/settings/payment`,
      });
      return { url: session.url };
    },
  };
}
