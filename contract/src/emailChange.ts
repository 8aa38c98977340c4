import { z } from 'zod';
import type { emailChangeResultSchema } from './emailChange.responses';
import { accountSettingsSchema, type AccountSettings } from './settings';
import { signupFields } from './signup';
import { TWO_FACTOR_CODE_WRONG } from './twoFactor';

// Changing the sign-in email (Settings > Account). A session alone must not be able to move the
// account to another inbox (with forgot-password that would be an account taken over for good): the
// change needs the current password, and the code when two-factor sign-in is on; it takes effect when
// the link sent to the new address is opened; the old address is told and can undo it for 7 days.

export const EMAIL_CHANGE_PASSWORD_REQUIRED = 'Enter your current password to change your email';
export const EMAIL_CHANGE_CODE_REQUIRED = 'Enter a code from your authenticator app (or a recovery code) to change your email';
export const TOO_MANY_EMAIL_CHANGES = 'Too many email changes. Please try again later.';
export const INVALID_EMAIL_CHANGE_LINK = 'This confirmation link is invalid, was already used or has expired. Change your email again in Settings > Account.';
export const INVALID_EMAIL_UNDO_LINK = 'This link is invalid, was already used or has expired.';
export const MISSING_EMAIL_CHANGE_TOKEN = 'This link is incomplete. Open the link from the email again.';
export const EMAIL_CHANGE_CONFIRMED = 'Your sign-in email was changed.';
export const EMAIL_CHANGE_UNDONE =
  'Your sign-in email is back, every session was signed out, two-factor sign-in was turned off and your new password is set. Sign in with it, then set up two-factor sign-in again.';
/** The hours and days the links work (the emails say so). */
export const EMAIL_CONFIRM_HOURS = 24;
export const EMAIL_UNDO_DAYS = 7;

export function emailChangeSent(newEmail: string): string {
  return `Check ${newEmail} to confirm the change. Until then you sign in with your current email.`;
}

/**
 * PUT /api/settings/account. currentPassword (and twoFactorCode, when two-factor sign-in is on) are
 * needed only when the email changes; the other fields save without them.
 */
export const accountUpdateSchema = accountSettingsSchema
  .extend({
    currentPassword: z.string({ error: EMAIL_CHANGE_PASSWORD_REQUIRED }).max(1024, 'Password is too long').optional(),
    twoFactorCode: z.string({ error: EMAIL_CHANGE_CODE_REQUIRED }).trim().max(64, TWO_FACTOR_CODE_WRONG).optional(),
  })
  .strict();
export type AccountUpdateInput = z.input<typeof accountUpdateSchema>;
export type AccountUpdate = z.output<typeof accountUpdateSchema>;

/** data of GET and PUT /api/settings/account: the settings, and the new email waiting for its confirmation. */
export type AccountSettingsView = AccountSettings & {
  pendingEmail: string | null;
  /** PUT that started an email change: what to tell the user ("check <new address> to confirm"). */
  message?: string;
};

const linkToken = z
  .string({ error: MISSING_EMAIL_CHANGE_TOKEN })
  .trim()
  .min(1, MISSING_EMAIL_CHANGE_TOKEN)
  // Tokens are 43 characters; anything far longer is not one and is not worth hashing.
  .max(256, INVALID_EMAIL_UNDO_LINK);

/** POST /api/auth/email-change/confirm: the token of the link sent to the new address. */
export const emailChangeConfirmSchema = z.object({ token: linkToken }).strict();
export type EmailChangeConfirmInput = z.input<typeof emailChangeConfirmSchema>;

/**
 * POST /api/auth/email-change/undo: the token of the link sent to the old address, and a new
 * password (whoever changed the email knew the old one).
 */
export const emailChangeUndoSchema = z.object({ token: linkToken, password: signupFields.shape.password }).strict();
export type EmailChangeUndoInput = z.input<typeof emailChangeUndoSchema>;
/** The undo page's form: the new password; the token comes from the link. */
export const emailChangeUndoFormSchema = emailChangeUndoSchema.pick({ password: true });

/** data of both links' routes: what happened, and the sign-in email now. */
export type EmailChangeResult = z.output<typeof emailChangeResultSchema>;
