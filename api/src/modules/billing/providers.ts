import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { CheckoutSessionRow } from './repository';

export type CheckoutRequest = {
  plan: { id: string; name: string; price: number; currency: string; priceId: string | null };
  customerEmail: string;
  /** Absolute for Stripe, as accepted for the local page; contains {CHECKOUT_SESSION_ID}. */
  successUrl: string;
  cancelUrl: string;
  accountId: string;
  userId: string;
  metadata: Record<string, string>;
};

export type CreatedCheckout = { id: string; url: string; expiresAt: Date | null };

export type PaymentState = { paid: boolean; customerId: string | null; subscriptionId: string | null };

/** Stripe, or the local checkout page of development and tests. */
export type PaymentProviderName = 'stripe' | 'local';

export type PaymentProvider = {
  name: PaymentProviderName;
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  /** Asks the provider (not the browser) whether the session was paid. */
  paymentState(session: CheckoutSessionRow): Promise<PaymentState>;
};

/** The part of the Stripe SDK the provider uses; tests hand in a fake with the same shape. */
export type StripeCheckoutClient = {
  checkout: {
    sessions: {
      create(params: Stripe.Checkout.SessionCreateParams): Promise<{ id: string; url: string | null; expires_at?: number | null }>;
      retrieve(id: string): Promise<{
        id: string;
        status: string | null;
        payment_status: string;
        customer: string | { id: string } | null;
        subscription: string | { id: string } | null;
      }>;
    };
  };
};

const LOCAL_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Offline stand-in: the session lives in checkout_sessions and the built-in page marks it paid. */
export function localProvider(now: () => Date = () => new Date()): PaymentProvider {
  return {
    name: 'local',
    async createCheckout() {
      const id = `cs_local_${randomBytes(24).toString('base64url')}`;
      return { id, url: `/api/billing/local-checkout/${id}`, expiresAt: new Date(now().getTime() + LOCAL_SESSION_TTL_MS) };
    },
    async paymentState(session) {
      const paid = session.status === 'complete';
      // Shaped like Stripe's ids so subscription events can address a local subscription too.
      const suffix = session.id.replace(/^cs_local_/, '');
      return { paid, customerId: paid ? `cus_local_${suffix}` : null, subscriptionId: paid ? `sub_local_${suffix}` : null };
    },
  };
}

export function stripeProvider(client: StripeCheckoutClient): PaymentProvider {
  return {
    name: 'stripe',
    async createCheckout(request) {
      const { plan } = request;
      // A configured price id is the normal case; without one the plan's own price is sent inline.
      const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = plan.priceId
        ? { price: plan.priceId, quantity: 1 }
        : {
            quantity: 1,
            price_data: {
              currency: plan.currency,
              unit_amount: Math.round(plan.price * 100),
              recurring: { interval: 'month' },
              product_data: { name: `Caucus ${plan.name}` },
            },
          };
      const metadata = { ...request.metadata, accountId: request.accountId, userId: request.userId, planId: plan.id };
      const session = await client.checkout.sessions.create({
        mode: 'subscription',
        line_items: [lineItem],
        customer_email: request.customerEmail,
        client_reference_id: request.accountId,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata,
        subscription_data: { metadata },
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a url');
      return { id: session.id, url: session.url, expiresAt: session.expires_at ? new Date(session.expires_at * 1000) : null };
    },
    async paymentState(session) {
      const remote = await client.checkout.sessions.retrieve(session.id);
      const paid = remote.status === 'complete' && (remote.payment_status === 'paid' || remote.payment_status === 'no_payment_required');
      return { paid, customerId: idOf(remote.customer), subscriptionId: idOf(remote.subscription) };
    },
  };
}

/** The Stripe SDK client; building it makes no network call. */
export function createStripeClient(secretKey: string): Stripe {
  return new Stripe(secretKey);
}

/** STRIPE_SECRET_KEY decides: real Stripe Checkout, or the offline local checkout page. */
export function paymentProviderFor(config: { stripeSecretKey: string | undefined }): PaymentProvider {
  return config.stripeSecretKey ? stripeProvider(createStripeClient(config.stripeSecretKey)) : localProvider();
}
