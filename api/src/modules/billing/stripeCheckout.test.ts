import type { Knex } from 'knex';
import { createTestDb, type TestDb } from '../../../test/support/testDb';
import { TEST_HASH_COST } from '../../../test/helpers/fixtures';
import { signupSchema } from '@caucus/contract';
import { HttpError } from '../../http/errors';
import { createPasswordHasher } from '../auth/passwords';
import { createAuthRepository } from '../auth/repository';
import { createMailer } from '../email';
import { createSignupRepository } from '../signup/repository';
import { createSignupService } from '../signup/service';
import { createCheckoutService } from './checkoutService';
import { stripeProvider, type StripeCheckoutClient } from './providers';
import { createBillingRepository } from './repository';

// Only the payment provider's network is replaced: everything else runs on a real database.
let fakeSessions = 0;

function fakeStripe() {
  const created: unknown[] = [];
  const remote = { status: 'open' as string | null, payment_status: 'unpaid', customer: null as string | null, subscription: null as string | null };
  const client: StripeCheckoutClient = {
    checkout: {
      sessions: {
        async create(params) {
          created.push(params);
          fakeSessions += 1;
          const id = `cs_test_${fakeSessions}abc`;
          return { id, url: `https://checkout.stripe.com/c/pay/${id}`, expires_at: 1_900_000_000 };
        },
        async retrieve(id) {
          return { id, ...remote };
        },
      },
    },
  };
  return { client, created, remote };
}

let db: TestDb;
let knex: Knex;

beforeAll(async () => {
  db = await createTestDb();
  knex = db.knex;
});

afterAll(async () => {
  await db.destroy();
});

async function statusOf(error: Promise<unknown>): Promise<[number, string]> {
  try {
    await error;
  } catch (err) {
    if (err instanceof HttpError) return [err.status, err.message];
    throw err;
  }
  return [0, ''];
}

it('creates a subscription-mode Stripe Checkout Session and activates only once Stripe reports it paid', async () => {
  await knex('plans').where('id', 'team').update({ stripePriceId: 'price_team_monthly' });
  const signup = createSignupService({
    repo: createSignupRepository(knex),
    hasher: createPasswordHasher(TEST_HASH_COST),
    mailer: createMailer({ smtpUrl: undefined, mailFrom: 'Caucus <no-reply@caucus.app>' }),
    knex,
  });
  const pending = await signup.signup(
    signupSchema.parse({
      firstName: 'Ike',
      lastName: 'Osei',
      email: 'ike@osei.example',
      password: 'change-later-1',
      confirmPassword: 'change-later-1',
      organizationName: 'Osei Tenants Union',
      organizationType: 'other',
      phone: '555-0100',
      planId: 'team',
      agreeToTerms: true,
    }),
    { siteUrl: 'http://localhost:3000' },
  );
  const stripe = fakeStripe();
  const checkout = createCheckoutService({
    repo: createBillingRepository(knex),
    authRepo: createAuthRepository(knex),
    provider: stripeProvider(stripe.client),
    mailer: createMailer({ smtpUrl: undefined, mailFrom: 'Caucus <no-reply@caucus.app>' }),
    config: { sessionShortTtlHours: 12, stripePriceIds: { growth: 'price_growth_from_env' } },
  });

  const result = await checkout.create(
    { planId: 'team', successUrl: '/signup/success', cancelUrl: '/signup?plan=team', customerEmail: 'ike@osei.example', metadata: { phone: '555-0100' } },
    { successUrl: '/signup/success', cancelUrl: '/signup?plan=team', siteUrl: 'https://app.caucus.example' },
    pending.signupToken,
  );
  expect(result).toEqual({ sessionId: 'cs_test_1abc', url: 'https://checkout.stripe.com/c/pay/cs_test_1abc' });
  expect(stripe.created).toEqual([
    expect.objectContaining({
      mode: 'subscription',
      line_items: [{ price: 'price_team_monthly', quantity: 1 }],
      customer_email: 'ike@osei.example',
      client_reference_id: pending.accountId,
      success_url: 'https://app.caucus.example/signup/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://app.caucus.example/signup?plan=team',
      metadata: expect.objectContaining({ accountId: pending.accountId, planId: 'team', phone: '555-0100' }),
    }),
  ]);
  expect(await knex('checkout_sessions').where('id', 'cs_test_1abc').first('provider', 'status', 'accountId')).toEqual({
    provider: 'stripe',
    status: 'open',
    accountId: pending.accountId,
  });

  const client = { ip: '127.0.0.1', userAgent: 'jest' };
  expect(await statusOf(checkout.verify('cs_test_1abc', client, 'https://app.caucus.example', pending.signupToken))).toEqual([402, 'Payment not completed']);
  expect(await knex('subscriptions').count({ n: '*' }).first()).toEqual({ n: 0 });

  Object.assign(stripe.remote, { status: 'complete', payment_status: 'paid', customer: 'cus_42', subscription: 'sub_42' });
  // Knowing the session id activates the account but signs nobody in.
  expect(await checkout.verify('cs_test_1abc', client, 'https://app.caucus.example', undefined)).toEqual({
    status: 'paid',
    planId: 'team',
    signedIn: false,
  });
  const verified = await checkout.verify('cs_test_1abc', client, 'https://app.caucus.example', pending.signupToken);
  expect(verified).toMatchObject({ status: 'paid', planId: 'team', signedIn: true, user: { email: 'ike@osei.example' } });
  expect(await checkout.verify('cs_test_1abc', client, 'https://app.caucus.example', pending.signupToken)).toEqual({
    status: 'paid',
    planId: 'team',
    signedIn: false,
  });
  expect(await knex('subscriptions').where('accountId', pending.accountId).first('provider', 'providerCustomerId', 'providerSubscriptionId', 'status')).toEqual(
    {
      provider: 'stripe',
      providerCustomerId: 'cus_42',
      providerSubscriptionId: 'sub_42',
      status: 'active',
    },
  );
  const welcome = await knex('email_outbox').where({ to: 'ike@osei.example', kind: 'welcome' }).select('text');
  expect(welcome).toHaveLength(1);
  expect(welcome[0].text).toContain('https://app.caucus.example/login');

  // Stripe sessions are never served by the local checkout page.
  expect(await checkout.localPage('cs_test_1abc')).toBeUndefined();
});

it('prefers STRIPE_PRICE_IDS over the plans table', async () => {
  await knex('plans').where('id', 'growth').update({ stripePriceId: 'price_growth_from_table' });
  const signup = createSignupService({
    repo: createSignupRepository(knex),
    hasher: createPasswordHasher(TEST_HASH_COST),
    mailer: createMailer({ smtpUrl: undefined, mailFrom: 'Caucus <no-reply@caucus.app>' }),
    knex,
  });
  const pending = await signup.signup(
    signupSchema.parse({
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@ruiz.example',
      password: 'change-later-1',
      confirmPassword: 'change-later-1',
      organizationName: 'Ruiz for Council',
      organizationType: 'political',
      phone: '555-0101',
      planId: 'growth',
      agreeToTerms: true,
    }),
    { siteUrl: 'http://localhost:3000' },
  );
  const stripe = fakeStripe();
  const checkout = createCheckoutService({
    repo: createBillingRepository(knex),
    authRepo: createAuthRepository(knex),
    provider: stripeProvider(stripe.client),
    mailer: createMailer({ smtpUrl: undefined, mailFrom: 'Caucus <no-reply@caucus.app>' }),
    config: { sessionShortTtlHours: 12, stripePriceIds: { growth: 'price_growth_from_env' } },
  });
  await checkout.create(
    { planId: 'growth', successUrl: '/s', cancelUrl: '/c', customerEmail: 'ana@ruiz.example' },
    { successUrl: '/s', cancelUrl: '/c', siteUrl: 'https://app.caucus.example' },
    pending.signupToken,
  );
  expect(stripe.created[0]).toMatchObject({ line_items: [{ price: 'price_growth_from_env', quantity: 1 }] });
});

it('sends the plan price inline when no Stripe price id is configured', async () => {
  const stripe = fakeStripe();
  const provider = stripeProvider(stripe.client);
  await provider.createCheckout({
    plan: { id: 'growth', name: 'Growth', price: 200, currency: 'usd', priceId: null },
    customerEmail: 'a@b.example',
    successUrl: 'https://app.caucus.example/s?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://app.caucus.example/c',
    accountId: 'acc',
    userId: 'usr',
    metadata: {},
  });
  expect(stripe.created[0]).toMatchObject({
    line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 20000, recurring: { interval: 'month' } } }],
  });
});
