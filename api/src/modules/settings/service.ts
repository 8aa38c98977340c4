import { createAccountSettings } from './accountSettings';
import { createBillingSettings } from './billingSettings';
import { createSettingsContext, type SettingsDeps } from './context';
import { createOrganizationSettings } from './organization';
import { createPlanCheckout } from './planCheckout';
import { createSecuritySettings } from './security';

// The settings service: one part per page of Settings (account and notifications, organization,
// security, payment and plans), composed over the same deps and reads (context.ts).

export { EMAIL_IN_USE } from './emailChange';
export { regionalOf } from './preferences';
export { accessOf, type AccessState } from './access';
export { PORTAL_UNAVAILABLE, type StripePortalClient } from './billingSettings';
export { NO_SUBSCRIPTION, PLAN_NOT_FOUND, STRIPE_OVERDUE_AT_STRIPE, STRIPE_PLAN_CHANGE_UNAVAILABLE, type StripeSubscriptionClient } from './planCheckout';
export { SESSION_NOT_FOUND } from './security';
export { settingsTypeOf } from './organization';
export type { SettingsDeps } from './context';

export function createSettingsService(deps: SettingsDeps) {
  const context = createSettingsContext(deps);
  return {
    accessState: context.accessState,
    ...createAccountSettings(context),
    ...createOrganizationSettings(context),
    ...createSecuritySettings(context),
    ...createBillingSettings(context),
    ...createPlanCheckout(context),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
