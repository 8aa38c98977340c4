import { api } from '@caucus/platform';
import type { LoginData } from '@caucus/platform';
import type { OrganizationType } from '../utils/signupForm';

export type SignupRequest = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  organizationName: string;
  organizationType: OrganizationType;
  phone: string;
  planId: string;
  agreeToTerms: true;
  /** From the emailed start-over link, when this address's signup is in progress in another browser. */
  restartToken?: string;
};

export type SignupResponse = { accountId: string; email: string; planId: string };

export type CheckoutSessionRequest = {
  planId: string;
  successUrl: string;
  cancelUrl: string;
  customerEmail: string;
  metadata: { firstName: string; lastName: string; organizationName: string; organizationType: string; phone: string };
};

export type CheckoutSessionResponse = { sessionId: string; url: string };

/** signedIn only for the browser that made the signup (its signup cookie); anyone else just learns it is paid. */
export type VerifiedCheckout = { status: string; planId: string } & ((LoginData & { signedIn: true; token?: string }) | { signedIn: false });

// The funnel runs before anyone is signed in: a 401 here is a message for the form, never a redirect to /login.
const PUBLIC = { skipAuthRedirect: true } as const;

export function createAccount(body: SignupRequest): Promise<SignupResponse> {
  return api.post<SignupResponse>('/auth/signup', body, PUBLIC);
}

/**
 * Step 2 asks whether the address already has an account, so that is said before payment. Unknown
 * (network, rate limit) counts as available: the signup call still refuses a taken address.
 */
export async function emailAvailable(email: string): Promise<boolean> {
  try {
    const answer = await api.post<{ available?: boolean }>('/auth/signup/check-email', { email }, PUBLIC);
    return answer?.available !== false;
  } catch {
    return true;
  }
}

export function createCheckoutSession(body: CheckoutSessionRequest): Promise<CheckoutSessionResponse> {
  return api.post<CheckoutSessionResponse>('/billing/create-checkout-session', body, PUBLIC);
}

const verifying = new Map<string, Promise<VerifiedCheckout>>();

/**
 * The signup cookie signs in only once, so a second call racing the first (React's double effect in
 * development) shares the first one's answer instead of losing the sign-in to it.
 */
export function verifyCheckoutSession(sessionId: string): Promise<VerifiedCheckout> {
  const pending = verifying.get(sessionId);
  if (pending) return pending;
  const call = api.get<VerifiedCheckout>(`/billing/checkout-session/${encodeURIComponent(sessionId)}`, PUBLIC);
  verifying.set(sessionId, call);
  const forget = () => {
    verifying.delete(sessionId);
  };
  call.then(forget, forget);
  return call;
}
