import { z } from 'zod';
import { forgotPasswordSchema, loginSchema, resetPasswordSchema } from '../../contract';
import { authMessageResponseSchema, loginResponseSchema, meResponseSchema } from '../../contract/responses';
import { describeRoutes } from '../../openapi/describe';

export const authApi = describeRoutes('Auth', {
  'POST /api/auth/login': {
    summary: 'Sign in',
    description: 'Sets the httpOnly session cookie; the token in the answer is for bearer clients. Rate limited.',
    access: 'public',
    body: loginSchema,
    data: loginResponseSchema,
  },
  'POST /api/auth/logout': {
    summary: 'Sign out',
    description: 'Revokes the session when there is one and always clears the cookie.',
    access: 'optionalSession',
    data: z.object({ loggedOut: z.literal(true) }),
  },
  'GET /api/auth/me': {
    summary: 'The signed-in user and their accounts',
    data: meResponseSchema,
  },
  'POST /api/auth/forgot-password': {
    summary: 'Email a password reset link',
    description: 'Answers the same whether or not the address has an account. Rate limited.',
    access: 'public',
    body: forgotPasswordSchema,
    data: authMessageResponseSchema,
  },
  'POST /api/auth/reset-password': {
    summary: 'Set a new password with a reset token',
    description: 'Tokens are single use and expire after one hour. Rate limited.',
    access: 'public',
    body: resetPasswordSchema,
    data: authMessageResponseSchema,
  },
});
