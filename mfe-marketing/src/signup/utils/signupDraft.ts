import { ORGANIZATION_TYPES, type SignupForm } from './signupForm';

/** What the wizard keeps while the browser is away at checkout: everything typed but the password. */
export type SignupDraft = Omit<SignupForm, 'password' | 'confirmPassword'>;

// Per tab and gone with it: the details are personal, and a canceled checkout comes back to this tab.
const KEY = 'caucus.signup.draft';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage blocked by the browser: canceling then starts over, as it did before.
    return null;
  }
}

/** Kept just before leaving for checkout. The password and its confirmation are never written. */
export function saveSignupDraft(values: SignupForm): void {
  const { password: _password, confirmPassword: _confirm, ...draft } = values;
  try {
    storage()?.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Quota or privacy mode: nothing to keep, the signup itself goes on.
  }
}

/**
 * The draft left by a checkout that did not end on /signup/success (its Cancel, or Back from it): the
 * cancel address is /signup?plan= alone (docs/product/screens.md, Standalone pages), so the draft
 * itself says "came back unpaid". The page
 * clears it once shown (clearSignupDraft), so a later visit starts fresh.
 */
export function readSignupDraft(): SignupDraft | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<SignupDraft> | null;
    if (!parsed || typeof parsed !== 'object') return null;
    return {
      firstName: text(parsed.firstName),
      lastName: text(parsed.lastName),
      email: text(parsed.email),
      organizationName: text(parsed.organizationName),
      organizationType: ORGANIZATION_TYPES.find((type) => type.value === parsed.organizationType)?.value ?? '',
      phone: text(parsed.phone),
      planId: text(parsed.planId),
      agreeToTerms: parsed.agreeToTerms === true,
    };
  } catch {
    return null;
  }
}

/** Shown once, or paid: nothing is left behind. */
export function clearSignupDraft(): void {
  storage()?.removeItem(KEY);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
