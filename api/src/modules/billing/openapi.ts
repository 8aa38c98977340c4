import { z } from 'zod';
import { createCheckoutSessionSchema } from '@caucus/contract';
import { checkoutSessionCreatedSchema, checkoutVerifiedSchema, plansResponseSchema } from '@caucus/contract/billing.responses';
import { describeRoutes } from '../../openapi/describe';

const htmlPage = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
const redirect = (description: string) => ({
  description,
  headers: z.object({ Location: z.string() }),
});
// The local checkout's buttons are plain HTML forms: the route takes everything it needs from the URL.
const formPost = { content: { 'application/x-www-form-urlencoded': { schema: z.object({}) } } };

export const billingApi = describeRoutes('Billing', {
  'GET /api/billing/plans': {
    summary: 'Plans and prices',
    access: 'public',
    data: plansResponseSchema,
  },
  'POST /api/billing/create-checkout-session': {
    summary: 'Start a checkout for a plan',
    description: 'Return addresses must be on this site. Send the browser to `url`.',
    access: 'public',
    body: createCheckoutSessionSchema,
    data: checkoutSessionCreatedSchema,
  },
  'GET /api/billing/checkout-session/:sessionId': {
    summary: 'Verify a checkout after the provider redirects back',
    description: 'Only the browser holding the signup cookie is signed in (with the session cookie); anyone else learns only that it is paid.',
    access: 'public',
    data: checkoutVerifiedSchema,
  },
  'GET /api/billing/local-checkout/:sessionId': {
    summary: 'The built-in checkout page (used when no payment provider is configured)',
    access: 'public',
    responses: { '200': htmlPage('The checkout page'), '404': htmlPage('Unknown checkout session') },
  },
  'POST /api/billing/local-checkout/:sessionId/pay': {
    summary: 'Pay on the built-in checkout page',
    access: 'public',
    requestBody: formPost,
    responses: {
      '303': redirect('Paid: back to the success address'),
      '403': htmlPage('Not posted from a page of this site'),
      '404': htmlPage('Unknown checkout session'),
      '410': htmlPage('The checkout session is no longer open'),
    },
  },
  'POST /api/billing/local-checkout/:sessionId/cancel': {
    summary: 'Cancel on the built-in checkout page',
    access: 'public',
    requestBody: formPost,
    responses: {
      '303': redirect('Back to the cancel address'),
      '403': htmlPage('Not posted from a page of this site'),
      '404': htmlPage('Unknown checkout session'),
    },
  },
  'POST /api/billing/webhook': {
    summary: 'Stripe webhook',
    description: 'Verified with the Stripe-Signature header over the raw body; each event is processed once.',
    access: 'public',
    body: z.looseObject({ id: z.string(), type: z.string() }).meta({ description: 'A Stripe event' }),
    data: z.object({ received: z.literal(true), duplicate: z.boolean() }),
  },
});
