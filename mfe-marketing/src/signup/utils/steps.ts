/** The signup wizard's steps, in order: SignupPage's and the prerendered signup's (ADR 0014). */
export const SIGNUP_STEPS = ['Choose Plan', 'Account & Organization', 'Payment'] as const;
