import Stripe from 'stripe';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@caucus/contract';
import { BadRequest, Conflict } from '../../http/errors';
import type { CheckoutService } from './checkoutService';
import { isUniqueViolation } from '../../db/errors';
import type { BillingRepository } from './repository';

type Webhooks = Pick<Stripe['webhooks'], 'constructEvent'>;

type CheckoutObject = {
  id?: unknown;
  payment_status?: unknown;
  customer?: unknown;
  subscription?: unknown;
};

type SubscriptionObject = {
  id?: unknown;
  status?: unknown;
  cancel_at_period_end?: unknown;
  current_period_end?: unknown;
  items?: { data?: Array<{ current_period_end?: unknown }> };
};

export type WebhookOutcome = { received: true; duplicate: boolean };

function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') return (value as { id: string }).id;
  return null;
}

function periodEnd(subscription: SubscriptionObject): Date | null {
  // Newer API versions moved the period onto the subscription items.
  const seconds = subscription.current_period_end ?? subscription.items?.data?.[0]?.current_period_end;
  return typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000) : null;
}

/** Offline the SDK still verifies signatures; the key only has to look like one. */
export function stripeWebhooks(secretKey: string | undefined): Webhooks {
  return new Stripe(secretKey ?? 'sk_test_caucus_offline_signature_check').webhooks;
}

export function createWebhookService(deps: {
  repo: BillingRepository;
  checkout: CheckoutService;
  webhooks: Webhooks;
  /** Unset: no event can be verified, so every one is refused. */
  secret: string | undefined;
  now?: () => Date;
}) {
  const { repo, checkout, webhooks, secret } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async receive(rawBody: string | undefined, signature: string | undefined, siteUrl: string): Promise<WebhookOutcome> {
      // A secret that ships in the source would let anyone sign events; without one nothing is trusted.
      if (!secret) throw new BadRequest('Webhooks are not configured (STRIPE_WEBHOOK_SECRET is unset)');
      if (!signature) throw new BadRequest('Missing Stripe signature');
      if (!rawBody) throw new BadRequest('Missing webhook payload');
      let event: Stripe.Event;
      try {
        event = webhooks.constructEvent(rawBody, signature, secret);
      } catch {
        throw new BadRequest('Invalid Stripe signature');
      }
      if (typeof event.id !== 'string' || event.id === '' || event.id.length > 255) throw new BadRequest('Invalid webhook event');
      if (await repo.webhookEventSeen(event.id)) return { received: true, duplicate: true };

      const type = String(event.type).slice(0, 100);
      const object = (event.data?.object ?? {}) as unknown;
      try {
        await repo.transaction(async (trx) => {
          const at = now();
          // Recorded in the same transaction as its effects: the event counts as handled only if they commit.
          await repo.recordWebhookEvent(trx, { providerEventId: event.id, type, payload: rawBody }, at);
          if (type === 'checkout.session.completed') {
            const session = object as CheckoutObject;
            const sessionId = idOf(session.id);
            const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
            if (sessionId && paid) {
              await checkout.activateFromProvider(
                trx,
                sessionId,
                { paid, customerId: idOf(session.customer), subscriptionId: idOf(session.subscription) },
                siteUrl,
              );
            }
          } else if (type === 'customer.subscription.updated' || type === 'customer.subscription.deleted') {
            const subscription = object as SubscriptionObject;
            const subscriptionId = idOf(subscription.id);
            const deleted = type === 'customer.subscription.deleted';
            const status = deleted ? 'canceled' : subscription.status;
            if (subscriptionId && SUBSCRIPTION_STATUSES.includes(status as SubscriptionStatus)) {
              await repo.updateSubscriptionByProviderId(
                trx,
                subscriptionId,
                { status: String(status), cancelAtPeriodEnd: subscription.cancel_at_period_end === true, currentPeriodEnd: periodEnd(subscription) },
                at,
                { keepCanceled: !deleted },
              );
            }
          }
        });
      } catch (err) {
        // The same event delivered twice at once: the other delivery holds it. A non-2xx makes Stripe
        // retry later, and the retry finds it recorded.
        if (isUniqueViolation(err)) throw new Conflict('Event is already being processed');
        throw err;
      }
      return { received: true, duplicate: false };
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
