// What the two-factor settings routes and a two-factor sign-in answer, as zod schemas: the source of
// the response types in twoFactor.ts and of the OpenAPI document. Not re-exported from index.ts; the
// frontends import their types only (common.responses.ts).
import { z } from 'zod';

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesRemaining: z.number().int(),
  /** The account requires two-factor sign-in and this user has not set it up yet. */
  enrollmentRequired: z.boolean(),
  accountRequiresTwoFactor: z.boolean(),
  /** Only the account owner may require it for everyone. */
  canManageRequirement: z.boolean(),
});
export const twoFactorSetupSchema = z.object({
  otpauthUrl: z.string(),
  qrCode: z.string().meta({ description: 'data:image/svg+xml;base64 URL of the QR code of otpauthUrl' }),
  secret: z.string().meta({ description: 'Base32, for typing into an authenticator app by hand' }),
});
export const twoFactorEnabledSchema = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });
export const twoFactorChallengeSchema = z.object({ twoFactorRequired: z.literal(true), challengeToken: z.string() });
