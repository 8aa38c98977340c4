import type { AppConfig } from '../../config';
import { Unauthorized } from '../../http/errors';
import type { PasswordHasher } from '../auth/passwords';
import type { PaymentProvider } from '../billing/providers';
import type { BillingRepository } from '../billing/repository';
import type { Mailer } from '../email';
import { accessOf, type AccessState } from './access';
import type { StripePortalClient } from './billingSettings';
import type { EmailChangeService } from './emailChange';
import type { StripeSubscriptionClient } from './planCheckout';
import type { SettingsRepository } from './repository';

/** What the settings service is built from (index.ts wires the app's; tests hand in their own). */
export type SettingsDeps = {
  repo: SettingsRepository;
  billingRepo: BillingRepository;
  hasher: PasswordHasher;
  mailer: Mailer;
  provider: PaymentProvider;
  portal: StripePortalClient | undefined;
  emailChange: EmailChangeService;
  /** Stripe's subscriptions API (plan changes with proration); undefined without a Stripe key. */
  stripeSubscriptions?: StripeSubscriptionClient;
  config: Pick<AppConfig, 'publicUrl'> & Partial<Pick<AppConfig, 'stripePriceIds'>>;
  now?: () => Date;
};

export type SettingsContext = ReturnType<typeof createSettingsContext>;

/** The deps, with the reads every part of the settings starts from. */
export function createSettingsContext(deps: SettingsDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  async function profileOf(userId: string) {
    const profile = await repo.findProfile(userId);
    if (!profile) throw new Unauthorized();
    return profile;
  }

  async function organizationOf(accountId: string) {
    const organization = await repo.findOrganization(accountId);
    // The session was checked a moment ago; an account gone since is a signed-out state.
    if (!organization) throw new Unauthorized();
    return organization;
  }

  async function accessState(accountId: string): Promise<AccessState> {
    return accessOf(await repo.currentSubscription(accountId), now());
  }

  return { ...deps, now, profileOf, organizationOf, accessState };
}
