import { z } from 'zod';
import { signupFields } from './signup';

// Settings forms (SPEC point 2, Settings; point 5 texts). Saving is simulated today (SPEC point 7:
// settings make no calls), so no route reads these yet; they reuse the signup's rules for the same
// fields, so a profile or password never has two sets of rules.

/** Account settings: the person's name and email, with the signup's rules and messages. */
export const accountSettingsSchema = signupFields.pick({ firstName: true, lastName: true, email: true });
export type AccountSettingsInput = z.input<typeof accountSettingsSchema>;

/** The organization types settings offer (SPEC point 5, Settings). */
export const SETTINGS_ORGANIZATION_TYPES = ['non-profit', 'political', 'business', 'other'] as const;

export const organizationSettingsSchema = z.object({
  name: signupFields.shape.organizationName,
  type: z.enum(SETTINGS_ORGANIZATION_TYPES, { error: 'Organization type is required' }),
});
export type OrganizationSettingsInput = z.input<typeof organizationSettingsSchema>;

/** Password change: the current password, and a new one under the signup's password rule. */
export const passwordChangeSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
  newPassword: signupFields.shape.password,
});
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;
