import { z } from 'zod';
import { EMAIL_PATTERN } from './common';
import type { authAccountSchema, authMessageResponseSchema, authUserSchema, loginResponseSchema, meResponseSchema } from './auth.responses';

export const loginSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required', abort: true })
    .max(254, 'Email is invalid')
    .regex(EMAIL_PATTERN, 'Email is invalid'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Password is too long'),
  rememberMe: z.boolean({ error: 'Remember me must be true or false' }).optional().default(false),
});

export type LoginInput = z.input<typeof loginSchema>;
export type LoginValues = z.output<typeof loginSchema>;

export type AuthUser = z.output<typeof authUserSchema>;
export type AuthAccount = z.output<typeof authAccountSchema>;

/**
 * data of GET /api/auth/me. twoFactorEnrollmentRequired is present (true) when the account requires
 * two-factor sign-in and this user has not set it up.
 */
export type MeResponse = z.output<typeof meResponseSchema>;
/** data of POST /api/auth/login; `token` is for programmatic (bearer) clients, browsers use the cookie. */
export type LoginResponse = z.output<typeof loginResponseSchema>;

export const RESET_PASSWORD_MIN_LENGTH = 8;
export const RESET_PASSWORD_TOO_SHORT = 'Password must be at least 8 characters long.';
export const MISSING_RESET_TOKEN = 'Invalid reset link. Please request a new password reset.';
export const INVALID_RESET_TOKEN = 'This reset link is invalid or has expired. Please request a new one.';
export const FORGOT_PASSWORD_SENT = "If an account with that email exists, we've sent a password reset link to the address";
export const PASSWORD_RESET_DONE = 'Password reset successful!';

export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required', abort: true })
    .max(254, 'Please enter a valid email address')
    .regex(EMAIL_PATTERN, 'Please enter a valid email address'),
});

export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ForgotPasswordValues = z.output<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  token: z
    .string({ error: MISSING_RESET_TOKEN })
    .trim()
    .min(1, MISSING_RESET_TOKEN)
    // Tokens are 43 characters; anything far longer is not one and is not worth hashing.
    .max(256, INVALID_RESET_TOKEN),
  password: z.string({ error: RESET_PASSWORD_TOO_SHORT }).min(RESET_PASSWORD_MIN_LENGTH, RESET_PASSWORD_TOO_SHORT).max(1024, 'Password is too long'),
});

export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/**
 * The reset form: the new password under the API's rule; the token comes from the link, not a field.
 * The confirmation is the form's own rule (frontend-only), added where the form is built.
 */
export const resetPasswordFormSchema = resetPasswordSchema.pick({ password: true });

/** data of POST /api/auth/forgot-password and POST /api/auth/reset-password */
export type AuthMessageResponse = z.output<typeof authMessageResponseSchema>;
