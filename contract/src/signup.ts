import { z } from 'zod';
import type { signupEmailCheckResponseSchema, signupResponseSchema } from './billing.responses';
import { EMAIL_PATTERN, safeText } from './common';

/** The organization types a signup offers. */
export const ORGANIZATION_TYPES = ['political', 'nonprofit', '501c3', '501c4', '501c6', 'other'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

/** Required text with the signup form's own message (docs/product/validation.md, "Signup step 2"); `label` names the field in the character rule's message. */
function requiredText(message: string, max: number, label: string) {
  return safeText(z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max, `Must be at most ${max} characters`), label);
}

export const PLAN_REQUIRED_MESSAGE = 'Please select a plan';

/** The fields of POST /api/auth/signup (step 2 of the signup wizard plus the plan chosen in step 1); the profile and password rules of settings too. */
export const signupFields = z.object({
  firstName: requiredText('First name is required', 100, 'First name'),
  lastName: requiredText('Last name is required', 100, 'Last name'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required', abort: true })
    .max(254, 'Please enter a valid email address')
    .regex(EMAIL_PATTERN, 'Please enter a valid email address')
    .transform((email) => email.toLowerCase()),
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required', abort: true })
    .min(8, 'Password must be at least 8 characters long')
    .max(1024, 'Password is too long'),
  confirmPassword: z.string({ error: 'Passwords do not match' }).max(1024, 'Passwords do not match'),
  organizationName: requiredText('Organization name is required', 255, 'Organization name'),
  organizationType: z.enum(ORGANIZATION_TYPES, { error: 'Organization type is required' }),
  phone: requiredText('Phone number is required', 50, 'Phone number'),
  planId: requiredText(PLAN_REQUIRED_MESSAGE, 32, 'Plan'),
  agreeToTerms: z.literal(true, { error: 'You must agree to the terms and conditions' }),
});

// Its own schema, intersected with the fields, so the mismatch shows even while other fields are
// wrong (a refine on the object would be skipped then): the form shows every message at once.
const matchingPasswords = z
  .object({ password: z.unknown(), confirmPassword: z.unknown() })
  .refine((input) => input.password === input.confirmPassword, { error: 'Passwords do not match', path: ['confirmPassword'] });

/** POST /api/auth/signup; restartToken comes from the link emailed when the address's signup is in progress in another browser. */
export const signupSchema = signupFields
  .extend({
    restartToken: z
      .string({ error: 'The start-over link is invalid or has expired' })
      .regex(/^[A-Za-z0-9_-]{43}$/, 'The start-over link is invalid or has expired')
      .optional(),
  })
  .and(matchingPasswords);

/** The wizard's step 1 (Choose Plan): the plan alone. */
export const signupPlanStepSchema = signupFields.pick({ planId: true });
/** The wizard's step 2 (Account & Organization): everything but the plan. */
export const signupAccountStepSchema = signupFields.omit({ planId: true }).and(matchingPasswords);

export type SignupInput = z.input<typeof signupSchema>;
export type SignupValues = z.output<typeof signupSchema>;

/** POST /api/auth/signup/check-email: the step-2 address alone, by the signup form's own email rule. */
export const signupEmailCheckSchema = signupFields.pick({ email: true });

/** data of POST /api/auth/signup/check-email: whether a signup with this address can go ahead. */
export type SignupEmailCheck = z.output<typeof signupEmailCheckResponseSchema>;

/** data of POST /api/auth/signup (201). The httpOnly `caucus_signup` cookie comes with it. */
export type SignupResponse = z.output<typeof signupResponseSchema>;
