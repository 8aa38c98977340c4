import { signupSchema } from '../../contract';
import { signupResponseSchema } from '../../contract/responses';
import { describeRoutes } from '../../openapi/describe';

export const signupApi = describeRoutes('Signup', {
  'POST /api/auth/signup': {
    summary: 'Create an account and its first user, before checkout',
    description: 'Sets the httpOnly caucus_signup cookie that signs the browser in once checkout is paid.',
    access: 'public',
    body: signupSchema,
    status: 201,
    data: signupResponseSchema,
  },
});
