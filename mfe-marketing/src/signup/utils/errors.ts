import { ApiError, DEFAULT_ERROR_MESSAGE } from '@caucus/platform';

export const GENERIC_SIGNUP_ERROR = 'An error occurred. Please try again.';
export const CHECKOUT_FAILED = 'Failed to create checkout session';
export const PLAN_NOT_FOUND = 'Selected plan not found';
/** The server's own text for a taken address (signup service), said on step 2 already. */
export const EMAIL_TAKEN = 'An account with this email already exists';
export const CHECKOUT_CANCELED = 'Payment canceled. Nothing was charged.';
export const CHECKOUT_CANCELED_NEXT = 'Your details are still here: enter your password again to continue.';
export const VERIFY_FAILED = 'Failed to verify payment. Please contact support.';
export const INVALID_SESSION = 'Invalid session. Please try again.';

/**
 * The server's own message when it sent one; `fallback` when it answered without one.
 * Network failures (status 0) and unexpected throws get `networkFallback`.
 */
export function serverMessage(error: unknown, fallback: string, networkFallback: string = GENERIC_SIGNUP_ERROR): string {
  if (!(error instanceof ApiError) || error.status === 0) return networkFallback;
  return error.message && error.message !== DEFAULT_ERROR_MESSAGE ? error.message : fallback;
}
