import { signupEmailCheckSchema, signupSchema } from '@caucus/contract';
import { signupEmailCheckResponseSchema, signupResponseSchema } from '@caucus/contract/billing.responses';
import { describeRoutes } from '../../openapi/describe';

export const signupApi = describeRoutes('Signup', {
  'POST /api/auth/signup': {
    summary: 'Create an account and its first user, before checkout',
    description:
      'Sets the httpOnly caucus_signup cookie that signs the browser in once checkout is paid. While a signup of the address is ' +
      'pending in another browser: 409, and the address is emailed a start-over link (at most one per 5 minutes); its restartToken ' +
      'lets one browser replace the pending signup, once, within 30 minutes.',
    access: 'public',
    body: signupSchema,
    status: 201,
    data: signupResponseSchema,
  },
  'POST /api/auth/signup/check-email': {
    summary: 'Whether a signup with this email can go ahead (step 2 of the wizard, before payment)',
    description:
      'Answers {available: false} only when an active account already uses the address; a pending signup still counts as available ' +
      '(the signup itself settles it). Always the same shape, and limited per IP like signup, so it is no cheap way to list ' +
      'who has an account. 400 when the address is not a valid email; 429 past the limit.',
    access: 'public',
    body: signupEmailCheckSchema,
    data: signupEmailCheckResponseSchema,
  },
});
