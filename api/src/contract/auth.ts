import { z } from 'zod';
import { EMAIL_PATTERN } from './common';

export const loginSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required', abort: true })
    .max(254, 'Email is invalid')
    .regex(EMAIL_PATTERN, 'Email is invalid'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Password is too long'),
  rememberMe: z.boolean({ error: 'rememberMe must be true or false' }).optional().default(false),
});

export type LoginInput = z.input<typeof loginSchema>;

export type AuthUser = { id: string; email: string; firstName: string; lastName: string };
export type AuthAccount = { id: string; name: string; organizationType: string };

/** data of GET /api/auth/me */
export type MeResponse = { user: AuthUser; accounts: AuthAccount[] };
/** data of POST /api/auth/login; `token` is for programmatic (bearer) clients, browsers use the cookie. */
export type LoginResponse = MeResponse & { token: string };
