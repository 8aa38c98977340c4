import { z } from 'zod';
import { forgotPasswordSchema, loginSchema, loginTwoFactorSchema, resetPasswordSchema } from '@caucus/contract';
import { authMessageResponseSchema, loginResponseSchema, meResponseSchema } from '@caucus/contract/auth.responses';
import { twoFactorChallengeSchema } from '@caucus/contract/twoFactor.responses';
import { describeRoutes } from '../../openapi/describe';

export const authApi = describeRoutes('Auth', {
  'POST /api/auth/login': {
    summary: 'Sign in',
    description:
      'Sets the httpOnly session cookie; the token in the answer is for bearer clients. Rate limited. For a user with two-factor sign-in on, answers a short-lived, single-use challenge instead of a session (see /api/auth/login/two-factor).',
    access: 'public',
    body: loginSchema,
    data: z.union([loginResponseSchema, twoFactorChallengeSchema]),
  },
  'POST /api/auth/login/two-factor': {
    summary: 'Sign in, second step: the authenticator code or a recovery code',
    description:
      'Answers the challenge of the password step (5 minutes, single use) with a current code (each used once) or an unused recovery code; then the session as POST /api/auth/login, Remember me included. Wrong codes are rate limited like the password.',
    access: 'public',
    body: loginTwoFactorSchema,
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
