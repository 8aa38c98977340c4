import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import type { AppConfig } from '../../config';
import type { AppState } from '../../http/types';
import type { PasswordHasher } from '../auth/passwords';
import type { CodeChecker } from '../auth/twoFactorCodes';
import type { TwoFactorRepository } from '../auth/twoFactorRepository';
import { createStripeClient, paymentProviderFor, type PaymentProvider } from '../billing/providers';
import { createBillingRepository } from '../billing/repository';
import type { Mailer } from '../email';
import { createEmailChangeService } from './emailChange';
import { createEmailChangeRepository } from './emailChangeRepository';
import { emailChangeRoutes } from './emailChangeRoutes';
import { createNotifier, type Notifier } from './notifications';
import { readOnlyWhenUnpaid } from './readOnly';
import { createSettingsRepository } from './repository';
import { settingsRoutes } from './routes';
import { createSettingsService, type SettingsService, type StripePortalClient, type StripeSubscriptionClient } from './service';
import { createTwoFactorSettingsService } from './twoFactor';
import { requireTwoFactorEnrollment } from './twoFactorGuard';

export { withLoginAlerts } from './loginAlerts';
export type { SettingsService } from './service';
export type { DonationRecorded, Notifier } from './notifications';

/** Settings routes, the read-only guard and the service (login alerts use it), wired for the app. */
export function settingsModule(
  knex: Knex,
  config: AppConfig,
  deps: {
    hasher: PasswordHasher;
    mailer: Mailer;
    twoFactor: { repo: TwoFactorRepository; codes: CodeChecker };
    provider?: PaymentProvider;
    portal?: StripePortalClient;
    stripeSubscriptions?: StripeSubscriptionClient;
  },
): {
  service: SettingsService;
  routes: Router<AppState>;
  /** The email change's confirm and undo links: no session, the token is the credential. */
  publicRoutes: Router<AppState>;
  readOnlyGuard: Middleware<AppState>;
  twoFactorEnrollmentGuard: Middleware<AppState>;
  /** The notice emails other modules' events cause, each honoring the members' preferences. */
  notifier: Notifier;
} {
  const repo = createSettingsRepository(knex);
  const emailChange = createEmailChangeService({
    repo: createEmailChangeRepository(knex),
    twoFactor: deps.twoFactor,
    hasher: deps.hasher,
    mailer: deps.mailer,
  });
  const stripe = config.stripeSecretKey ? createStripeClient(config.stripeSecretKey) : undefined;
  const service = createSettingsService({
    emailChange,
    repo,
    billingRepo: createBillingRepository(knex),
    hasher: deps.hasher,
    mailer: deps.mailer,
    provider: deps.provider ?? paymentProviderFor(config),
    // Building the Stripe client makes no network call; without a key, billing stays local.
    portal: deps.portal ?? stripe,
    stripeSubscriptions: deps.stripeSubscriptions ?? stripe,
    config,
  });
  const twoFactor = createTwoFactorSettingsService({
    repo: deps.twoFactor.repo,
    settingsRepo: repo,
    codes: deps.twoFactor.codes,
    checkPassword: emailChange.checkPassword,
  });
  return {
    service,
    routes: settingsRoutes(service, twoFactor, config),
    publicRoutes: emailChangeRoutes(emailChange),
    readOnlyGuard: readOnlyWhenUnpaid(service),
    twoFactorEnrollmentGuard: requireTwoFactorEnrollment(),
    notifier: createNotifier({ mailer: deps.mailer, config }),
  };
}
