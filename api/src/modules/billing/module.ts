import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import type { AppConfig } from '../../config';
import type { AppState } from '../../http/types';
import { createAuthRepository } from '../auth/repository';
import type { Mailer } from '../email';
import { createCheckoutService } from './checkoutService';
import { paymentProviderFor, type PaymentProvider } from './providers';
import { createBillingRepository } from './repository';
import { checkoutRoutes } from './routes';
import { createWebhookService, stripeWebhooks } from './webhooks';

/** Checkout, verification, the local checkout page and the Stripe webhook, wired for the app. */
export function checkoutModuleRoutes(knex: Knex, config: AppConfig, mailer: Mailer, options: { provider?: PaymentProvider } = {}): Router<AppState> {
  const repo = createBillingRepository(knex);
  const checkout = createCheckoutService({
    repo,
    authRepo: createAuthRepository(knex),
    provider: options.provider ?? paymentProviderFor(config),
    mailer,
    config,
  });
  const webhooks = createWebhookService({
    repo,
    checkout,
    webhooks: stripeWebhooks(config.stripeSecretKey),
    secret: config.stripeWebhookSecret,
  });
  return checkoutRoutes(checkout, webhooks, config);
}
