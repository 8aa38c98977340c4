// What the sign-in and session routes answer, as zod schemas: the source of the response types in
// auth.ts and of the OpenAPI document. Not re-exported from index.ts; the frontends import their types
// only (common.responses.ts).
import { z } from 'zod';
import { text } from './common.responses';
import { PERMISSIONS, ROLES } from './permissions';

export const authUserSchema = z.object({ id: text, email: text, firstName: text, lastName: text }).meta({ id: 'AuthUser' });
export const authAccountSchema = z.object({ id: text, name: text, organizationType: text }).meta({ id: 'AuthAccount' });
export const meResponseSchema = z.object({
  user: authUserSchema,
  accounts: z.array(authAccountSchema),
  twoFactorEnrollmentRequired: z.literal(true).optional(),
  role: z.enum(ROLES).optional().meta({ description: "The caller's role in the acting account (the first of `accounts`)" }),
  permissions: z.array(z.enum(PERMISSIONS)).optional().meta({ description: 'What that role allows (the permission table, `x-permission` of each route)' }),
});
export const loginResponseSchema = meResponseSchema.extend({
  token: text.meta({ description: 'For programmatic (bearer) clients; browsers use the httpOnly cookie.' }),
});
export const authMessageResponseSchema = z.object({ message: text });
