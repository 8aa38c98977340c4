// What the billing and signup routes answer, as zod schemas: the source of the response types in
// billing.ts and signup.ts and of the OpenAPI document. Not re-exported from index.ts; the frontends
// import their types only (common.responses.ts).
import { z } from 'zod';
import { loginResponseSchema } from './auth.responses';
import { text } from './common.responses';

export const planSchema = z
  .object({ id: text, name: text, price: z.number().meta({ description: 'US dollars per month' }), users: z.number(), popular: z.boolean() })
  .meta({ id: 'Plan' });
export const plansResponseSchema = z.object({ plans: z.array(planSchema) });
export const checkoutSessionCreatedSchema = z.object({ sessionId: text, url: text });
export const checkoutVerifiedSchema = z.union([
  z.object({ status: z.literal('paid'), planId: text, signedIn: z.literal(true) }).extend(loginResponseSchema.shape),
  z.object({ status: z.literal('paid'), planId: text, signedIn: z.literal(false) }),
]);

export const signupResponseSchema = z.object({ accountId: text, email: text, planId: text });
export const signupEmailCheckResponseSchema = z.object({ available: z.boolean() });
