import { z } from 'zod';
import { EMAIL_PATTERN, safeText } from './common';
import type { checkoutSessionCreatedSchema, checkoutVerifiedSchema, planSchema, plansResponseSchema } from './billing.responses';

export type Plan = z.output<typeof planSchema>;

/** data of GET /api/billing/plans */
export type PlansResponse = z.output<typeof plansResponseSchema>;

// The plan is looked up and the return addresses are checked as addresses of this site by the server.
const checkoutText = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} is too long`);
const metadataText = (name: string, max: number) => safeText(z.string({ error: `${name} must be text` }).max(max), name).optional();

/** POST /api/billing/create-checkout-session (docs/product/api.md). The password is never part of it. */
export const createCheckoutSessionSchema = z.object({
  planId: checkoutText('Plan', 32),
  // Where the browser returns: a path of this site or an address under PUBLIC_URL (checked by the server).
  successUrl: checkoutText('Success address', 2000),
  cancelUrl: checkoutText('Cancel address', 2000),
  customerEmail: z
    .string({ error: 'Email is required' })
    .trim()
    .max(254, 'Email is invalid')
    .regex(EMAIL_PATTERN, 'Email is invalid')
    .transform((email) => email.toLowerCase()),
  metadata: z
    .object(
      {
        firstName: metadataText('First name', 100),
        lastName: metadataText('Last name', 100),
        organizationName: metadataText('Organization name', 255),
        organizationType: metadataText('Organization type', 32),
        phone: metadataText('Phone', 50),
      },
      { error: 'Metadata must be an object' },
    )
    .optional(),
});

export type CreateCheckoutSessionInput = z.input<typeof createCheckoutSessionSchema>;

/** data of POST /api/billing/create-checkout-session: send the browser to `url`. */
export type CheckoutSessionCreated = z.output<typeof checkoutSessionCreatedSchema>;

/** data of GET /api/billing/checkout-session/:sessionId once paid. Only the browser holding the signup cookie
 * is signed in (signedIn: true, with the caucus_session cookie); anyone else learns only that it is paid. */
export type CheckoutVerified = z.output<typeof checkoutVerifiedSchema>;
