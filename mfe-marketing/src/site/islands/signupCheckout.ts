// The signup's end: the account, then the checkout session, then the browser leaves for the
// checkout page, as SignupPage does (signup/api, signup/utils; ADR 0014).
import { analytics } from '@caucus/platform';
import type { Plan } from '../api/plansApi';
import { createAccount, createCheckoutSession } from '../../signup/api/signupApi';
import { browser } from '../../signup/utils/browser';
import { CHECKOUT_FAILED, GENERIC_SIGNUP_ERROR, serverMessage } from '../../signup/utils/errors';
import { saveSignupDraft } from '../../signup/utils/signupDraft';
import type { OrganizationType, SignupForm } from '../../signup/utils/signupForm';

/** Signs up and hands over to the checkout; the message to show when either fails, else nothing. */
export async function checkout(root: Document, input: SignupForm, plan: Plan, restartToken: string | null): Promise<string | undefined> {
  return (await signUp(input, plan, restartToken)) ?? (await openCheckout(root, input, plan));
}

/** The account, pending until paid; the message to show when it fails. */
async function signUp(input: SignupForm, plan: Plan, restartToken: string | null): Promise<string | undefined> {
  const organizationType = input.organizationType as OrganizationType;
  try {
    await createAccount({
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      email: input.email.trim(),
      password: input.password,
      confirmPassword: input.confirmPassword,
      organizationName: input.organizationName.trim(),
      organizationType,
      phone: input.phone.trim(),
      planId: plan.id,
      agreeToTerms: true,
      // Opened from the link emailed to the address: this browser may take over its pending signup.
      ...(restartToken ? { restartToken } : {}),
    });
    analytics.track('sign_up', { method: 'email', planId: plan.id, organizationType });
  } catch (error) {
    return serverMessage(error, GENERIC_SIGNUP_ERROR);
  }
}

/** The checkout session, then the browser leaves for it; the message to show when it fails. */
async function openCheckout(root: Document, input: SignupForm, plan: Plan): Promise<string | undefined> {
  const organizationType = input.organizationType as OrganizationType;
  try {
    const origin = root.defaultView?.location.origin ?? '';
    // The password stays out of this call: the signup cookie set by signUp proves who is paying.
    const session = await createCheckoutSession({
      planId: plan.id,
      successUrl: `${origin}/signup/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/signup?plan=${plan.id}`,
      customerEmail: input.email.trim(),
      metadata: {
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        organizationName: input.organizationName.trim(),
        organizationType,
        phone: input.phone.trim(),
      },
    });
    if (!session?.url) return CHECKOUT_FAILED;
    analytics.track('form_submit_success', { form: 'signup', planId: plan.id });
    // Kept for a canceled checkout, which returns to /signup?plan= (never the password).
    saveSignupDraft(input);
    browser.assign(session.url);
  } catch (error) {
    return serverMessage(error, CHECKOUT_FAILED);
  }
}
