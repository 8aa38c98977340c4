import { z } from 'zod';
import { passwordChangeSchema } from './settings';
import type { twoFactorChallengeSchema, twoFactorEnabledSchema, twoFactorSetupSchema, twoFactorStatusSchema } from './twoFactor.responses';

// Two-factor sign-in (TOTP, RFC 6238) and its recovery codes: the rules both the API and the forms use.

export const TOTP_CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app';
export const TOTP_CODE_INVALID = 'The code must be 6 digits';
export const RECOVERY_CODE_REQUIRED = 'Enter one of your recovery codes';
export const TWO_FACTOR_CODE_WRONG = 'That code is not valid. Check your authenticator app and try again.';
export const TWO_FACTOR_CODE_REUSED = 'That code was already used. Wait for the next code in your authenticator app.';
export const RECOVERY_CODE_WRONG = 'That recovery code is not valid or was already used.';
export const TWO_FACTOR_CHALLENGE_EXPIRED = 'Your sign-in has expired. Please enter your email and password again.';
export const TOO_MANY_TWO_FACTOR_ATTEMPTS = 'Too many wrong codes. Please try again later.';
export const TWO_FACTOR_ALREADY_ON = 'Two-factor sign-in is already on.';
export const TWO_FACTOR_NOT_STARTED = 'No two-factor setup is in progress. Start the setup again.';
export const TWO_FACTOR_NOT_ON = 'Two-factor sign-in is not on.';
export const TWO_FACTOR_ENABLED = 'Two-factor sign-in is on. Save your recovery codes now: they are shown only once.';
export const TWO_FACTOR_DISABLED = 'Two-factor sign-in is off.';
export const TWO_FACTOR_OWNER_ONLY = 'Only the account owner can change this setting.';
export const TWO_FACTOR_OWNER_FIRST = 'Turn on two-factor sign-in for yourself before requiring it for everyone.';
export const TWO_FACTOR_ENROLLMENT_REQUIRED = 'Your organization requires two-factor sign-in. Set it up in Settings > Security to use the workspace.';
export const RECOVERY_CODE_COUNT = 10;

/** A code as an authenticator app shows it; "123 456" is accepted as typed. */
export const totpCodeField = z
  .string({ error: TOTP_CODE_REQUIRED })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: TOTP_CODE_REQUIRED, abort: true })
      .regex(/^\d{6}$/, TOTP_CODE_INVALID),
  );

export const recoveryCodeField = z.string({ error: RECOVERY_CODE_REQUIRED }).trim().min(1, RECOVERY_CODE_REQUIRED).max(64, RECOVERY_CODE_WRONG);

/**
 * POST /api/settings/two-factor/setup: the current password, as for every change of a sign-in factor
 * (docs/adr/0010-a-stolen-session-is-not-an-account.md): a session alone cannot enrol its own authenticator.
 */
export const twoFactorSetupInputSchema = z.object({ currentPassword: passwordChangeSchema.shape.currentPassword });
export type TwoFactorSetupInput = z.input<typeof twoFactorSetupInputSchema>;

/** POST /api/settings/two-factor/confirm, and the login's code step form. */
export const twoFactorCodeSchema = z.object({ code: totpCodeField });
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeSchema>;

/** The login's recovery-code step form. */
export const recoveryCodeSchema = z.object({ recoveryCode: recoveryCodeField });
export type RecoveryCodeInput = z.input<typeof recoveryCodeSchema>;

/** POST /api/auth/login/two-factor: the challenge from the password step and one of the two codes. */
export const loginTwoFactorSchema = z
  .object({
    challengeToken: z.string({ error: TWO_FACTOR_CHALLENGE_EXPIRED }).trim().min(1, TWO_FACTOR_CHALLENGE_EXPIRED).max(256, TWO_FACTOR_CHALLENGE_EXPIRED),
    code: totpCodeField.optional(),
    recoveryCode: recoveryCodeField.optional(),
  })
  .refine((value) => (value.code === undefined) !== (value.recoveryCode === undefined), {
    error: 'Send either a code or a recovery code',
    path: ['code'],
  });
export type LoginTwoFactorInput = z.input<typeof loginTwoFactorSchema>;

/** POST /api/settings/two-factor/disable: the password and a current code (or a recovery code). */
export const twoFactorDisableSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Password is too long'),
  code: z
    .string({ error: 'Enter a code from your authenticator app or a recovery code' })
    .trim()
    .min(1, 'Enter a code from your authenticator app or a recovery code')
    .max(64, TWO_FACTOR_CODE_WRONG),
});
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableSchema>;

/** PUT /api/settings/two-factor/requirement (account owner). */
export const twoFactorRequirementSchema = z.object({
  required: z.boolean({ error: 'required must be true or false' }),
});
export type TwoFactorRequirementInput = z.input<typeof twoFactorRequirementSchema>;

/** data of GET /api/settings/two-factor */
export type TwoFactorStatus = z.output<typeof twoFactorStatusSchema>;

/** data of POST /api/settings/two-factor/setup; the secret is never shown again once confirmed. */
export type TwoFactorSetup = z.output<typeof twoFactorSetupSchema>;

/** data of POST /api/settings/two-factor/confirm: the recovery codes, shown this once. */
export type TwoFactorEnabled = z.output<typeof twoFactorEnabledSchema>;

/** data of POST /api/auth/login for a user with two-factor sign-in: no session yet. */
export type TwoFactorChallenge = z.output<typeof twoFactorChallengeSchema>;
