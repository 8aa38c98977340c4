import type { Knex } from 'knex';
import type Koa from 'koa';
import Stripe from 'stripe';
import request from 'supertest';
import { DEFAULT_RATE_LIMITS } from '../src/config';
import { RENEW_NOT_NEEDED } from '@caucus/contract';
import { HttpError } from '../src/http/errors';
import { newId } from '../src/lib/ids';
import { createPasswordHasher } from '../src/modules/auth/passwords';
import { oneMonthAfter, oneMonthBefore, proratedDifference } from '../src/modules/billing/planChange';
import { stripeProvider, type StripeCheckoutClient } from '../src/modules/billing/providers';
import { createBillingRepository } from '../src/modules/billing/repository';
import { createMailer } from '../src/modules/email';
import { createSettingsRepository } from '../src/modules/settings/repository';
import type { EmailChangeService } from '../src/modules/settings/emailChange';
import { createSettingsService, STRIPE_OVERDUE_AT_STRIPE, type StripeSubscriptionClient } from '../src/modules/settings/service';
import { signupTokenHash } from '../src/modules/signup/signupToken';
import { createAccountWithUser, TEST_HASH_COST, testApp } from './helpers/fixtures';
import { createTestDb, type TestDb } from './support/testDb';

let db: TestDb;
let knex: Knex;
let app: Koa;

const stripe = new Stripe('sk_test_offline');
const WEBHOOK_SECRET = 'whsec_caucus_test_only';
const http = () => request(app.callback());

beforeAll(async () => {
  db = await createTestDb();
  knex = db.knex;
  // This file signs up dozens of times from one address; the per-IP signup limit has its own test.
  app = testApp(knex, {
    bodyLimitBytes: 8 * 1024,
    stripeWebhookSecret: WEBHOOK_SECRET,
    rateLimits: { ...DEFAULT_RATE_LIMITS, signupsPerIpPerHour: 1000 },
  });
});

afterAll(async () => {
  await db.destroy();
});

let counter = 0;
function person(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    firstName: 'Rosa',
    lastName: 'Delgado',
    email: `rosa${counter}@delgado.example`,
    password: 'organise-2026',
    confirmPassword: 'organise-2026',
    organizationName: `Delgado for School Board ${counter}`,
    organizationType: 'nonprofit',
    phone: '(555) 010-2030',
    planId: 'growth',
    agreeToTerms: true,
    ...overrides,
  };
}

function checkoutBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    planId: 'growth',
    successUrl: '/signup/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: '/signup?plan=growth',
    customerEmail: email,
    metadata: { firstName: 'Rosa', lastName: 'Delgado', organizationName: 'Delgado', organizationType: 'nonprofit', phone: '555' },
    ...overrides,
  };
}

async function count(table: string, where: Record<string, unknown> = {}): Promise<number> {
  const row = await knex(table).where(where).count<{ n: number | string }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

async function snapshot() {
  return {
    accounts: await count('accounts'),
    users: await count('users'),
    memberships: await count('memberships'),
    sessions: await count('sessions'),
    checkouts: await count('checkout_sessions'),
    subscriptions: await count('subscriptions'),
    emails: await count('email_outbox'),
    webhooks: await count('webhook_events'),
  };
}

/** Signs up in a cookie-keeping agent and opens a local checkout session. */
async function startSignup(overrides: Record<string, unknown> = {}) {
  const agent = request.agent(app.callback());
  const details = person(overrides);
  const signup = await agent.post('/api/auth/signup').send(details);
  expect(signup.status).toBe(201);
  const created = await agent.post('/api/billing/create-checkout-session').send(checkoutBody(details.email, { planId: details.planId }));
  expect(created.status).toBe(200);
  return { agent, details, signup, sessionId: created.body.data.sessionId as string, url: created.body.data.url as string };
}

function payForm(agent: ReturnType<typeof request.agent>, sessionId: string, action: 'pay' | 'cancel') {
  return agent
    .post(`/api/billing/local-checkout/${sessionId}/${action}`)
    .set('Content-Type', 'application/x-www-form-urlencoded')
    .set('Origin', 'http://127.0.0.1')
    .set('Host', '127.0.0.1')
    .send('');
}

function signed(payload: object, secret = WEBHOOK_SECRET) {
  const body = JSON.stringify(payload);
  return { body, header: stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
}

describe('offline signup and checkout', () => {
  it('signup -> checkout -> local page -> pay -> verify -> signed in to an empty account of their own', async () => {
    const agent = request.agent(app.callback());
    const details = person({ email: 'Rosa.Flow@Delgado.example', planId: 'growth' });
    const signup = await agent.post('/api/auth/signup').send(details);
    expect(signup.status).toBe(201);
    expect(signup.body.data).toEqual({ accountId: expect.any(String), email: 'rosa.flow@delgado.example', planId: 'growth' });
    const cookie = ([] as string[]).concat(signup.headers['set-cookie'] ?? []).find((c) => c.startsWith('caucus_signup='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Max-Age=3600/);
    const token = cookie!.split(';')[0].split('=')[1];
    // Only a digest is stored.
    expect(await count('sessions', { tokenHash: token })).toBe(0);
    const accountId = signup.body.data.accountId as string;
    expect(await knex('accounts').where('id', accountId).first('status', 'planId', 'name')).toEqual({
      status: 'pending',
      planId: 'growth',
      name: details.organizationName,
    });
    const pendingUser = await knex('users').where('email', 'rosa.flow@delgado.example').first('status', 'passwordHash');
    expect(pendingUser.status).toBe('pending');
    expect(pendingUser.passwordHash).toMatch(/^\$argon2id\$/);

    // Not before paying.
    const early = await http().post('/api/auth/login').send({ email: details.email, password: details.password });
    expect(early.status).toBe(401);

    const created = await agent.post('/api/billing/create-checkout-session').send(checkoutBody('rosa.flow@delgado.example', { successUrl: '/signup/success' }));
    expect(created.status).toBe(200);
    const { sessionId, url } = created.body.data as { sessionId: string; url: string };
    expect(sessionId).toMatch(/^cs_local_[A-Za-z0-9_-]+$/);
    expect(url).toBe(`/api/billing/local-checkout/${sessionId}`);

    const unpaid = await http().get(`/api/billing/checkout-session/${sessionId}`);
    expect(unpaid.status).toBe(402);
    expect(unpaid.body).toEqual({ message: 'Payment not completed' });

    const page = await http().get(url);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('Growth');
    expect(page.text).toContain('$200/month');
    expect(page.text).toContain('rosa.flow@delgado.example');
    expect(page.text).toContain('>Pay $200</button>');
    expect(page.text).toContain('>Cancel</button>');
    expect(page.text).toContain(`action="/api/billing/local-checkout/${sessionId}/pay"`);
    expect(page.text).toContain('#667eea');
    expect(page.text).not.toContain('<script');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");

    const paid = await payForm(agent, sessionId, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(`/signup/success?session_id=${sessionId}`);

    // Another browser (the session id leaked through history or a shared link): the payment is
    // confirmed and the account activated, but nobody is signed in.
    const stranger = request.agent(app.callback());
    const before = await snapshot();
    // Headers never decide where the welcome email's sign-in link points.
    const elsewhere = await stranger
      .get(`/api/billing/checkout-session/${sessionId}`)
      .set('Origin', 'https://evil.example')
      .set('Host', 'evil.example')
      .set('X-Forwarded-Host', 'evil.example');
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.data).toEqual({ status: 'paid', planId: 'growth', signedIn: false });
    expect(elsewhere.headers['set-cookie']).toBeUndefined();
    expect((await stranger.get('/api/auth/me')).status).toBe(401);
    const afterFirst = await snapshot();
    expect(afterFirst).toEqual({ ...before, subscriptions: before.subscriptions + 1, emails: before.emails + 1 });
    expect(await count('subscriptions', { accountId, status: 'active', provider: 'local', planId: 'growth' })).toBe(1);
    expect(await count('email_outbox', { to: 'rosa.flow@delgado.example', kind: 'welcome', subject: 'Welcome to Caucus' })).toBe(1);
    const welcome = await knex('email_outbox').where({ to: 'rosa.flow@delgado.example', kind: 'welcome' }).first('text');
    expect(welcome.text).toContain('http://localhost:8080/login');
    expect(welcome.text).not.toContain('evil.example');
    expect(await knex('accounts').where('id', accountId).first('status')).toEqual({ status: 'active' });

    // The browser that signed up is signed in, and its signup cookie is spent.
    const verified = await agent.get(`/api/billing/checkout-session/${sessionId}`);
    expect(verified.status).toBe(200);
    expect(verified.body.data).toEqual({
      status: 'paid',
      planId: 'growth',
      signedIn: true,
      token: expect.any(String),
      user: { id: expect.any(String), email: 'rosa.flow@delgado.example', firstName: 'Rosa', lastName: 'Delgado' },
      accounts: [{ id: accountId, name: details.organizationName, organizationType: 'nonprofit' }],
    });
    const verifiedCookies = ([] as string[]).concat(verified.headers['set-cookie'] ?? []);
    const sessionCookie = verifiedCookies.find((c) => c.startsWith('caucus_session='));
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).not.toMatch(/Max-Age/);
    expect(verifiedCookies.some((c) => /^caucus_signup=;.*Max-Age=0/.test(c))).toBe(true);
    expect(await snapshot()).toEqual({ ...afterFirst, sessions: afterFirst.sessions + 1 });
    const signedIn = await agent.get('/api/auth/me');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.email).toBe('rosa.flow@delgado.example');

    // Verifying again, even with the spent cookie, still answers paid and changes nothing.
    const afterSignIn = await snapshot();
    for (const again of [
      await agent.get(`/api/billing/checkout-session/${sessionId}`),
      await http().get(`/api/billing/checkout-session/${sessionId}`).set('Cookie', `caucus_signup=${token}`),
    ]) {
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual({ status: 'paid', planId: 'growth', signedIn: false });
      expect(again.headers['set-cookie']).toBeUndefined();
    }
    expect(await snapshot()).toEqual(afterSignIn);
    expect((await agent.get('/api/auth/me')).status).toBe(200);

    // The signup cookie is spent once the account is active, even when presented again.
    const reuse = await http()
      .post('/api/billing/create-checkout-session')
      .set('Cookie', `caucus_signup=${token}`)
      .send(checkoutBody('rosa.flow@delgado.example'));
    expect(reuse.status).toBe(401);

    const login = await http().post('/api/auth/login').send({ email: details.email, password: details.password });
    expect(login.status).toBe(200);
    const contacts = await http().get('/api/contacts').set('Authorization', `Bearer ${login.body.data.token}`);
    expect(contacts.status).toBe(200);
    expect(contacts.body.data.total).toBe(0);
    const me = await http().get('/api/auth/me').set('Authorization', `Bearer ${verified.body.data.token}`);
    expect(me.status).toBe(200);
    expect(me.body.data.accounts).toEqual([{ id: accountId, name: details.organizationName, organizationType: 'nonprofit' }]);
  });

  it('two verifications at the same moment activate once', async () => {
    const { agent, sessionId, details } = await startSignup();
    expect((await payForm(agent, sessionId, 'pay')).status).toBe(303);
    const [one, two] = await Promise.all([agent.get(`/api/billing/checkout-session/${sessionId}`), agent.get(`/api/billing/checkout-session/${sessionId}`)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.data.signedIn || two.body.data.signedIn).toBe(true);
    expect(await count('subscriptions', { checkoutSessionId: sessionId })).toBe(1);
    expect(await count('email_outbox', { to: details.email, kind: 'welcome' })).toBe(1);
  });

  it("signs in only with the checkout's own signup cookie, within its hour", async () => {
    const first = await startSignup();
    const second = await startSignup();
    expect((await payForm(first.agent, first.sessionId, 'pay')).status).toBe(303);
    // Another pending signup's cookie does not sign into this checkout, and stays usable for its own.
    const crossed = await second.agent.get(`/api/billing/checkout-session/${first.sessionId}`);
    expect(crossed.body.data).toEqual({ status: 'paid', planId: 'growth', signedIn: false });
    expect(crossed.headers['set-cookie']).toBeUndefined();
    expect((await second.agent.get('/api/auth/me')).status).toBe(401);

    // An expired signup cookie no longer signs in; the account is active all the same.
    const cookie = ([] as string[]).concat(first.signup.headers['set-cookie'] ?? []).find((c) => c.startsWith('caucus_signup='))!;
    const token = cookie.split(';')[0].split('=')[1];
    await knex('sessions')
      .where('tokenHash', signupTokenHash(token))
      .update({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await first.agent.get(`/api/billing/checkout-session/${first.sessionId}`);
    expect(expired.body.data).toEqual({ status: 'paid', planId: 'growth', signedIn: false });
    expect(await knex('accounts').where('id', first.signup.body.data.accountId).first('status')).toEqual({ status: 'active' });

    expect((await payForm(second.agent, second.sessionId, 'pay')).status).toBe(303);
    const own = await second.agent.get(`/api/billing/checkout-session/${second.sessionId}`);
    expect(own.body.data).toMatchObject({ status: 'paid', signedIn: true, user: { email: second.details.email } });
  });

  it('cancel returns to the cancel address and leaves the signup unpaid', async () => {
    const { agent, sessionId } = await startSignup({ planId: 'team' });
    const page = await http().get(`/api/billing/local-checkout/${sessionId}`);
    expect(page.text).toContain('$300/month');
    const cancelled = await payForm(agent, sessionId, 'cancel');
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.location).toBe('/signup?plan=growth');
    const verify = await http().get(`/api/billing/checkout-session/${sessionId}`);
    expect(verify.status).toBe(402);
    expect(await count('subscriptions')).toBe(await count('subscriptions', { status: 'active' }));
  });

  it('appends session_id to a success address without the placeholder and accepts PUBLIC_URL addresses', async () => {
    const publicApp = testApp(knex, { publicUrl: 'https://app.caucus.example' });
    const agent = request.agent(publicApp.callback());
    const details = person();
    expect((await agent.post('/api/auth/signup').send(details)).status).toBe(201);
    const created = await agent.post('/api/billing/create-checkout-session').send(
      checkoutBody(details.email, {
        successUrl: 'https://app.caucus.example/signup/success',
        cancelUrl: 'https://app.caucus.example/signup?plan=growth',
      }),
    );
    expect(created.status).toBe(200);
    const { sessionId } = created.body.data;
    const paid = await agent
      .post(`/api/billing/local-checkout/${sessionId}/pay`)
      .set('Origin', 'https://app.caucus.example')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('');
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(`https://app.caucus.example/signup/success?session_id=${sessionId}`);
  });

  it('escapes what the page shows', async () => {
    const { sessionId } = await startSignup({ email: `o'neil<b>${counter}@example.org` });
    const page = await http().get(`/api/billing/local-checkout/${sessionId}`);
    expect(page.text).toContain('o&#39;neil&lt;b&gt;');
    expect(page.text).not.toContain('<b>');
  });

  it('answers unknown checkout pages and sessions with 404', async () => {
    const page = await http().get('/api/billing/local-checkout/cs_local_nope');
    expect(page.status).toBe(404);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const weird = await http().get('/api/billing/local-checkout/%3Cscript%3E');
    expect(weird.status).toBe(404);
    expect(weird.text).not.toContain('<script>');
    const verify = await http().get('/api/billing/checkout-session/cs_local_nope');
    expect(verify.status).toBe(404);
    expect(verify.body).toEqual({ message: 'Invalid session. Please try again.' });
    const pay = await http().post('/api/billing/local-checkout/cs_local_nope/pay').set('Origin', 'http://127.0.0.1').set('Host', '127.0.0.1');
    expect(pay.status).toBe(404);
  });

  it('refuses a checkout form posted from another site, and lets a signed-in browser post it', async () => {
    const { agent, sessionId } = await startSignup();
    const foreign = await agent
      .post(`/api/billing/local-checkout/${sessionId}/pay`)
      .set('Origin', 'https://evil.example')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('x=1');
    expect(foreign.status).toBe(403);
    const verify = await http().get(`/api/billing/checkout-session/${sessionId}`);
    expect(verify.status).toBe(402);

    const member = await createAccountWithUser(knex);
    const login = await http().post('/api/auth/login').send({ email: member.email, password: member.password });
    const sessionCookie = ([] as string[])
      .concat(login.headers['set-cookie'])
      .find((c) => c.startsWith('caucus_session='))!
      .split(';')[0];
    const ok = await http()
      .post(`/api/billing/local-checkout/${sessionId}/pay`)
      .set('Cookie', sessionCookie)
      .set('Origin', 'http://127.0.0.1')
      .set('Host', '127.0.0.1')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('x=1');
    expect(ok.status).toBe(303);
    // Other form posts to the API stay refused.
    const other = await http().post('/api/auth/logout').set('Cookie', sessionCookie).set('Content-Type', 'application/x-www-form-urlencoded').send('x=1');
    expect(other.status).toBe(415);
  });
});

describe('bad input stores nothing', () => {
  it.each([
    ['missing first name', { firstName: undefined }, 'First name is required'],
    ['blank last name', { lastName: '  ' }, 'Last name is required'],
    ['missing email', { email: '' }, 'Email is required'],
    ['malformed email', { email: 'rosa@nowhere' }, 'Please enter a valid email address'],
    ['missing password', { password: '', confirmPassword: '' }, 'Password is required'],
    ['short password', { password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters long'],
    ['mismatched passwords', { confirmPassword: 'something-else' }, 'Passwords do not match'],
    ['missing organization', { organizationName: '' }, 'Organization name is required'],
    ['unknown organization type', { organizationType: 'church' }, 'Organization type is required'],
    ['missing phone', { phone: undefined }, 'Phone number is required'],
    ['terms not agreed', { agreeToTerms: false }, 'You must agree to the terms and conditions'],
    ['wrong type', { firstName: 42 }, 'First name is required'],
    ['terms as a string', { agreeToTerms: 'true' }, 'You must agree to the terms and conditions'],
  ])('signup: %s -> 400', async (_name, overrides, message) => {
    const before = await snapshot();
    const res = await http().post('/api/auth/signup').send(person(overrides));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await snapshot()).toEqual(before);
  });

  it('signup: a body that is not an object, an unknown plan, an oversized body', async () => {
    const before = await snapshot();
    expect((await http().post('/api/auth/signup').send([1, 2])).status).toBe(400);
    const plan = await http()
      .post('/api/auth/signup')
      .send(person({ planId: 'platinum' }));
    expect(plan.status).toBe(404);
    expect(plan.body).toEqual({ message: 'Selected plan not found' });
    const big = await http()
      .post('/api/auth/signup')
      .send(person({ organizationName: 'x'.repeat(9000) }));
    expect(big.status).toBe(413);
    const form = await http().post('/api/auth/signup').set('Content-Type', 'application/x-www-form-urlencoded').send('firstName=a');
    expect(form.status).toBe(415);
    expect(await snapshot()).toEqual(before);
  });

  it('signup: an email used by an active user -> 409; an abandoned pending signup is replaced', async () => {
    const member = await createAccountWithUser(knex);
    const before = await snapshot();
    const taken = await http()
      .post('/api/auth/signup')
      .send(person({ email: member.email.toUpperCase() }));
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: 'An account with this email already exists' });
    expect(await snapshot()).toEqual(before);

    const first = await startSignup();
    // Abandoned: its signup token expired.
    const firstToken = ([] as string[]).concat(first.signup.headers['set-cookie'] ?? []).find((c) => c.startsWith('caucus_signup='))!;
    await knex('sessions')
      .where('tokenHash', signupTokenHash(firstToken.split(';')[0].split('=')[1]))
      .update({ expiresAt: new Date(Date.now() - 1000) });
    const second = await http()
      .post('/api/auth/signup')
      .send(person({ email: first.details.email, organizationName: 'Second try' }));
    expect(second.status).toBe(201);
    expect(await count('users', { email: first.details.email })).toBe(1);
    expect(await count('accounts', { id: first.signup.body.data.accountId })).toBe(0);
    expect(await count('checkout_sessions', { id: first.sessionId })).toBe(0);
    expect(await knex('accounts').where('id', second.body.data.accountId).first('name')).toEqual({ name: 'Second try' });
    // The abandoned signup's cookie no longer opens checkout.
    const stale = await first.agent.post('/api/billing/create-checkout-session').send(checkoutBody(first.details.email));
    expect(stale.status).toBe(401);
  });

  it('signup: a pending signup belongs to the browser that started it until it expires', async () => {
    const first = await startSignup();
    const before = await snapshot();
    // Another browser cannot take the email over while the first one is checking out.
    const other = await http()
      .post('/api/auth/signup')
      .send(person({ email: first.details.email, organizationName: 'Hijack' }));
    expect(other.status).toBe(409);
    expect(other.body.message).toMatch(/already in progress/);
    // Nothing changes but the start-over link emailed to the address (its owner's way in: signupEmailCheck.test.ts).
    expect(await snapshot()).toEqual({ ...before, emails: before.emails + 1 });
    const paid = await payForm(first.agent, first.sessionId, 'pay');
    expect(paid.status).toBe(303);

    // The browser that started it may start over.
    const again = await startSignup();
    const restart = await again.agent.post('/api/auth/signup').send(person({ email: again.details.email, organizationName: 'Restarted' }));
    expect(restart.status).toBe(201);
    expect(await count('users', { email: again.details.email })).toBe(1);
    expect(await knex('accounts').where('id', restart.body.data.accountId).first('name')).toEqual({ name: 'Restarted' });
  });

  it('checkout: no signup cookie or another email -> 401, unknown plan -> 404, bad fields -> 400', async () => {
    const agent = request.agent(app.callback());
    const details = person();
    expect((await agent.post('/api/auth/signup').send(details)).status).toBe(201);
    const before = await snapshot();

    const noCookie = await http().post('/api/billing/create-checkout-session').send(checkoutBody(details.email));
    expect(noCookie.status).toBe(401);
    expect(noCookie.body).toEqual({ message: 'Please complete the account step first' });
    const forged = await http()
      .post('/api/billing/create-checkout-session')
      .set('Cookie', 'caucus_signup=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
      .send(checkoutBody(details.email));
    expect(forged.status).toBe(401);
    const otherEmail = await agent.post('/api/billing/create-checkout-session').send(checkoutBody('someone@else.example'));
    expect(otherEmail.status).toBe(401);
    const plan = await agent.post('/api/billing/create-checkout-session').send(checkoutBody(details.email, { planId: 'platinum' }));
    expect(plan.status).toBe(404);
    expect(plan.body).toEqual({ message: 'Selected plan not found' });
    for (const body of [
      checkoutBody(details.email, { planId: undefined }),
      checkoutBody(details.email, { planId: 7 }),
      checkoutBody(details.email, { customerEmail: 'nope' }),
      checkoutBody(details.email, { metadata: 'x' }),
      checkoutBody(details.email, { successUrl: undefined }),
    ]) {
      const res = await agent.post('/api/billing/create-checkout-session').send(body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    'https://evil.example/signup/success',
    '//evil.example/signup/success',
    '/\\evil.example',
    'javascript:alert(1)',
    'http://user@127.0.0.1/signup',
    'ftp://127.0.0.1/x',
    '/signup\n/success',
    'signup/success',
  ])('checkout: return address %j -> 400', async (target) => {
    const agent = request.agent(app.callback());
    const details = person();
    expect((await agent.post('/api/auth/signup').send(details)).status).toBe(201);
    const before = await snapshot();
    const success = await agent.post('/api/billing/create-checkout-session').send(checkoutBody(details.email, { successUrl: target }));
    expect(success.status).toBe(400);
    expect(success.body.message).toBe('Success address must be an address on this site');
    const cancel = await agent.post('/api/billing/create-checkout-session').send(checkoutBody(details.email, { cancelUrl: target }));
    expect(cancel.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses foreign return addresses even when the Origin header names that same site, and never echoes them', async () => {
    const agent = request.agent(app.callback());
    const details = person();
    expect((await agent.post('/api/auth/signup').send(details)).status).toBe(201);
    const fromEvil = (body: object) => agent.post('/api/billing/create-checkout-session').set('Origin', 'https://evil.example').send(body);
    const before = await snapshot();
    for (const [overrides, field] of [
      [{ successUrl: 'https://evil.example/phish', cancelUrl: 'https://evil.example/back' }, 'successUrl'],
      [{ cancelUrl: 'https://evil.example/back' }, 'cancelUrl'],
    ] as const) {
      const res = await fromEvil(checkoutBody(details.email, overrides));
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.details)).toEqual([field]);
      expect(JSON.stringify({ body: res.body, headers: res.headers })).not.toContain('evil.example');
    }
    expect(await snapshot()).toEqual(before);

    // This site's own paths, still with the foreign Origin: the checkout and every way out of it stay on this site.
    const created = await fromEvil(checkoutBody(details.email));
    expect(created.status).toBe(200);
    const sessionId = created.body.data.sessionId as string;
    expect(JSON.stringify(created.body)).not.toContain('evil.example');
    expect(JSON.stringify(await knex('checkout_sessions').where({ id: sessionId }).first('url', 'successUrl', 'cancelUrl'))).not.toContain('evil.example');
    expect((await agent.get(`/api/billing/local-checkout/${sessionId}`)).text).not.toContain('evil.example');
    const paid = await payForm(agent, sessionId, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(`/signup/success?session_id=${sessionId}`);
  });
});

describe('POST /api/billing/webhook', () => {
  it('activates a paid checkout once; replays change nothing', async () => {
    const { agent, sessionId, signup, details } = await startSignup();
    const event = {
      id: `evt_${sessionId.slice(-10)}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', customer: 'cus_W1', subscription: 'sub_W1' } },
    };
    const { body, header } = signed(event);
    const first = await http().post('/api/billing/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', header).send(body);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ received: true, duplicate: false });
    const accountId = signup.body.data.accountId as string;
    expect(await knex('accounts').where('id', accountId).first('status')).toEqual({ status: 'active' });
    expect(await knex('subscriptions').where('accountId', accountId).first('providerSubscriptionId', 'providerCustomerId', 'status')).toEqual({
      providerSubscriptionId: 'sub_W1',
      providerCustomerId: 'cus_W1',
      status: 'active',
    });
    expect(await count('email_outbox', { to: details.email, kind: 'welcome' })).toBe(1);
    expect(await count('webhook_events', { providerEventId: event.id, type: 'checkout.session.completed' })).toBe(1);

    const before = await snapshot();
    const replay = await http().post('/api/billing/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', header).send(body);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual({ received: true, duplicate: true });
    expect(await snapshot()).toEqual(before);

    // The browser's own verification afterwards only signs in: activation left its signup cookie valid.
    const verified = await agent.get(`/api/billing/checkout-session/${sessionId}`);
    expect(verified.status).toBe(200);
    expect(verified.body.data.signedIn).toBe(true);
    expect(await snapshot()).toEqual({ ...before, sessions: before.sessions + 1 });
  });

  it('refuses unsigned, wrongly signed and tampered events, storing nothing', async () => {
    const before = await snapshot();
    const payload = { id: 'evt_bad', object: 'event', type: 'customer.subscription.deleted', data: { object: { id: 'sub_x' } } };
    const unsigned = await http().post('/api/billing/webhook').set('Content-Type', 'application/json').send(JSON.stringify(payload));
    expect(unsigned.status).toBe(400);
    const wrong = signed(payload, 'whsec_not_ours');
    const wrongRes = await http().post('/api/billing/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', wrong.header).send(wrong.body);
    expect(wrongRes.status).toBe(400);
    expect(wrongRes.body).toEqual({ message: 'Invalid Stripe signature' });
    const good = signed(payload);
    const tampered = await http()
      .post('/api/billing/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', good.header)
      .send(good.body.replace('sub_x', 'sub_y'));
    expect(tampered.status).toBe(400);
    const garbage = await http().post('/api/billing/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', 'nonsense').send(good.body);
    expect(garbage.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses every event, however signed, when no webhook secret is configured', async () => {
    const unconfigured = testApp(knex, { stripeWebhookSecret: undefined });
    const before = await snapshot();
    const payload = { id: 'evt_forged', object: 'event', type: 'customer.subscription.deleted', data: { object: { id: 'sub_x' } } };
    // The fixed secret that used to ship in the source signs nothing any more.
    for (const secret of ['whsec_caucus_local_development_only', WEBHOOK_SECRET, '']) {
      const { body, header } = signed(payload, secret);
      const res = await request(unconfigured.callback())
        .post('/api/billing/webhook')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', header)
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/not configured/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('customer.subscription.updated/deleted change the status; a late "updated" does not revive a canceled one', async () => {
    const { agent, sessionId, signup } = await startSignup();
    await payForm(agent, sessionId, 'pay');
    expect((await http().get(`/api/billing/checkout-session/${sessionId}`)).status).toBe(200);
    const accountId = signup.body.data.accountId as string;
    const sub = await knex('subscriptions').where('accountId', accountId).first('providerSubscriptionId');
    expect(sub.providerSubscriptionId).toMatch(/^sub_local_/);

    const send = (id: string, type: string, object: object) => {
      const { body, header } = signed({ id, object: 'event', type, data: { object } });
      return http().post('/api/billing/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', header).send(body);
    };
    const periodEnd = Math.floor(Date.UTC(2027, 0, 1) / 1000);
    const updated = await send(`evt_u_${sessionId.slice(-8)}`, 'customer.subscription.updated', {
      id: sub.providerSubscriptionId,
      status: 'past_due',
      cancel_at_period_end: true,
      items: { data: [{ current_period_end: periodEnd }] },
    });
    expect(updated.status).toBe(200);
    const afterUpdate = await knex('subscriptions').where('accountId', accountId).first('status', 'cancelAtPeriodEnd', 'currentPeriodEnd');
    expect(afterUpdate.status).toBe('past_due');
    expect(Boolean(afterUpdate.cancelAtPeriodEnd)).toBe(true);
    expect(new Date(afterUpdate.currentPeriodEnd).getTime()).toBe(periodEnd * 1000);

    const deleted = await send(`evt_d_${sessionId.slice(-8)}`, 'customer.subscription.deleted', { id: sub.providerSubscriptionId, status: 'canceled' });
    expect(deleted.status).toBe(200);
    expect(await knex('subscriptions').where('accountId', accountId).first('status')).toEqual({ status: 'canceled' });

    const late = await send(`evt_l_${sessionId.slice(-8)}`, 'customer.subscription.updated', { id: sub.providerSubscriptionId, status: 'active' });
    expect(late.status).toBe(200);
    expect(await knex('subscriptions').where('accountId', accountId).first('status')).toEqual({ status: 'canceled' });

    // Unknown event types are recorded and acknowledged.
    const other = await send(`evt_o_${sessionId.slice(-8)}`, 'invoice.paid', { id: 'in_1' });
    expect(other.status).toBe(200);
    expect(await count('webhook_events', { type: 'invoice.paid' })).toBe(1);
  });
});

describe('Settings > Payment: one bill per period', () => {
  const DAY = 24 * 3600 * 1000;

  async function signedIn(): Promise<{ member: Awaited<ReturnType<typeof createAccountWithUser>>; auth: { Authorization: string } }> {
    const member = await createAccountWithUser(knex);
    const res = await http().post('/api/auth/login').send({ email: member.email, password: member.password });
    if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
    return { member, auth: { Authorization: `Bearer ${res.body.data.token as string}` } };
  }

  async function subscribe(accountId: string, fields: Record<string, unknown> = {}): Promise<string> {
    const id = newId();
    const at = new Date();
    await knex('subscriptions').insert({
      id,
      accountId,
      planId: 'growth',
      provider: 'local',
      providerCustomerId: null,
      providerSubscriptionId: null,
      checkoutSessionId: null,
      status: 'active',
      currentPeriodEnd: new Date(at.getTime() + 15 * DAY),
      cancelAtPeriodEnd: false,
      createdAt: new Date(at.getTime() - 15 * DAY),
      updatedAt: at,
      ...fields,
    });
    return id;
  }

  async function payLocally(url: string): Promise<void> {
    const sessionId = url.split('/').pop()!;
    expect((await http().post(`/api/billing/local-checkout/${sessionId}/pay`)).status).toBe(303);
    expect((await http().get(`/api/billing/checkout-session/${sessionId}`)).status).toBe(200);
  }

  async function paid(accountId: string): Promise<number[]> {
    const rows = await knex('checkout_sessions').where({ accountId, status: 'complete' }).orderBy('completedAt').select('amount');
    return rows.map((row: { amount: unknown }) => Number(row.amount));
  }

  const change = (auth: { Authorization: string }, planId: string) => http().post('/api/settings/billing/checkout').set(auth).send({ planId });

  it('refuses to renew an active subscription: 409, nothing opened or charged', async () => {
    const { member, auth } = await signedIn();
    const id = await subscribe(member.accountId);
    const before = await snapshot();
    const renew = await change(auth, 'growth');
    expect(renew.status).toBe(409);
    expect(renew.body.message).toBe(RENEW_NOT_NEEDED);
    expect(await snapshot()).toEqual(before);
    expect(await knex('subscriptions').where({ id }).first('planId', 'status')).toEqual({ planId: 'growth', status: 'active' });
    // A subscription that ends at the period's end is still paid for the period: no renewal either.
    await knex('subscriptions').where({ id }).update({ cancelAtPeriodEnd: true });
    expect((await change(auth, 'growth')).status).toBe(409);
  });

  it('an upgrade on an active subscription pays only the difference for the rest of the period, on the same subscription', async () => {
    const { member, auth } = await signedIn();
    const id = await subscribe(member.accountId);
    const end = (await knex('subscriptions').where({ id }).first('currentPeriodEnd')).currentPeriodEnd;
    const periodEnd = new Date(end as string | Date);
    const res = await change(auth, 'team');
    expect(res.status).toBe(200);
    expect(res.body.data.url).toMatch(/^\/api\/billing\/local-checkout\/cs_local_/);
    const sessionId = (res.body.data.url as string).split('/').pop()!;
    const session = await knex('checkout_sessions').where({ id: sessionId }).first('amount', 'purpose', 'subscriptionId', 'fromPlanId', 'planId');
    const expected = proratedDifference({ fromPrice: 200, toPrice: 300, periodStart: oneMonthBefore(periodEnd), periodEnd, now: new Date() });
    expect(expected).toBeGreaterThan(40);
    expect(expected).toBeLessThan(60);
    expect(Math.abs(Number(session.amount) - expected)).toBeLessThanOrEqual(0.01);
    expect(session).toMatchObject({ purpose: 'plan_change', subscriptionId: id, fromPlanId: 'growth', planId: 'team' });
    expect((await http().get(`/api/billing/local-checkout/${sessionId}`)).text).toContain('the difference for the rest of the current period');

    await payLocally(res.body.data.url as string);
    const subscriptions = await knex('subscriptions').where({ accountId: member.accountId }).select('id', 'planId', 'status', 'currentPeriodEnd');
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({ id, planId: 'team', status: 'active' });
    expect(new Date(subscriptions[0].currentPeriodEnd as string | Date).getTime()).toBe(periodEnd.getTime());
    expect(await paid(member.accountId)).toEqual([Number(session.amount)]);
    // Paid up on Team now: renewing Team is refused as well.
    expect((await change(auth, 'team')).status).toBe(409);
  });

  it('a downgrade on an active subscription changes the plan at once and charges nothing', async () => {
    const { member, auth } = await signedIn();
    const id = await subscribe(member.accountId);
    const checkouts = await count('checkout_sessions', { accountId: member.accountId });
    const res = await change(auth, 'starter');
    expect(res.status).toBe(200);
    expect(res.body.data.url).toBeNull();
    expect(res.body.data.message).toContain('nothing is charged now');
    expect(await knex('subscriptions').where({ id }).first('planId', 'status')).toEqual({ planId: 'starter', status: 'active' });
    expect(await count('checkout_sessions', { accountId: member.accountId })).toBe(checkouts);
  });

  it('a plan-change checkout priced from a plan the subscription has left cannot be paid', async () => {
    const { member, auth } = await signedIn();
    const id = await subscribe(member.accountId);
    const stale = await change(auth, 'organization');
    expect(stale.status).toBe(200);
    expect((await change(auth, 'starter')).body.data.url).toBeNull();
    const sessionId = (stale.body.data.url as string).split('/').pop()!;
    expect((await http().post(`/api/billing/local-checkout/${sessionId}/pay`)).status).toBe(410);
    expect((await http().get(`/api/billing/checkout-session/${sessionId}`)).status).toBe(402);
    expect(await knex('subscriptions').where({ id }).first('planId')).toEqual({ planId: 'starter' });
    expect(await paid(member.accountId)).toEqual([]);
  });

  it.each(['canceled', 'past_due'])('renews a %s subscription for a month, replacing it', async (status) => {
    const { member, auth } = await signedIn();
    const old = await subscribe(member.accountId, { status, currentPeriodEnd: new Date(Date.now() - 10 * DAY) });
    const res = await change(auth, 'growth');
    expect(res.status).toBe(200);
    const sessionId = (res.body.data.url as string).split('/').pop()!;
    expect(await knex('checkout_sessions').where({ id: sessionId }).first('amount', 'purpose', 'subscriptionId')).toMatchObject({
      purpose: 'renewal',
      subscriptionId: old,
    });
    await payLocally(res.body.data.url as string);
    expect(await paid(member.accountId)).toEqual([200]);
    const billing = (await http().get('/api/settings/billing').set(auth)).body.data;
    expect(billing).toMatchObject({ readOnly: false, subscription: { planId: 'growth', status: 'active' } });
    const renewsAt = Date.parse(billing.subscription.renewsAt as string);
    expect(renewsAt).toBeGreaterThan(Date.now() + 27 * DAY);
    expect(renewsAt).toBeLessThan(Date.now() + 32 * DAY);
    // The lapsed subscription is over for good: only the new one can bill.
    expect(await knex('subscriptions').where({ id: old }).first('status')).toEqual({ status: 'canceled' });
    // Renewed and active: a second renewal the same day is refused.
    expect((await change(auth, 'growth')).status).toBe(409);
    expect(await paid(member.accountId)).toEqual([200]);
  });

  it.each(['canceled', 'past_due'])('a plan change on a %s subscription is a renewal on the new plan at its full price', async (status) => {
    const { member, auth } = await signedIn();
    await subscribe(member.accountId, { status, currentPeriodEnd: new Date(Date.now() - 2 * DAY) });
    const res = await change(auth, 'team');
    expect(res.status).toBe(200);
    const sessionId = (res.body.data.url as string).split('/').pop()!;
    expect(await knex('checkout_sessions').where({ id: sessionId }).first('amount', 'purpose')).toMatchObject({ purpose: 'renewal' });
    await payLocally(res.body.data.url as string);
    expect(await paid(member.accountId)).toEqual([300]);
    expect((await http().get('/api/settings/billing').set(auth)).body.data.subscription).toMatchObject({ planId: 'team', status: 'active' });
  });

  describe('with Stripe (its network replaced by fakes)', () => {
    function stripeService(calls: { updates: unknown[]; checkouts: unknown[] }) {
      const subscriptions: StripeSubscriptionClient = {
        subscriptions: {
          async retrieve(id) {
            return { id, items: { data: [{ id: 'si_growth' }] } };
          },
          async update(id, params) {
            calls.updates.push({ id, params });
            return { id };
          },
        },
      };
      const checkoutClient: StripeCheckoutClient = {
        checkout: {
          sessions: {
            async create(params) {
              calls.checkouts.push(params);
              return { id: `cs_test_${newId()}`, url: 'https://checkout.stripe.com/c/pay/test', expires_at: null };
            },
            async retrieve(id) {
              return { id, status: 'open', payment_status: 'unpaid', customer: null, subscription: null };
            },
          },
        },
      };
      return createSettingsService({
        repo: createSettingsRepository(knex),
        billingRepo: createBillingRepository(knex),
        hasher: createPasswordHasher(TEST_HASH_COST),
        mailer: createMailer({ smtpUrl: undefined, mailFrom: 'test@caucus.local' }, { knex }),
        provider: stripeProvider(checkoutClient),
        portal: undefined,
        stripeSubscriptions: subscriptions,
        // Plan changes never reach the email-change flow.
        emailChange: {} as EmailChangeService,
        config: { publicUrl: 'https://app.caucus.test', stripePriceIds: { starter: 'price_s', growth: 'price_g', team: 'price_t', organization: 'price_o' } },
      });
    }

    it('changes an active subscription in place with proration; renewing it is refused; nothing is checked out', async () => {
      const member = await createAccountWithUser(knex);
      const id = await subscribe(member.accountId, { provider: 'stripe', providerCustomerId: 'cus_1', providerSubscriptionId: 'sub_1' });
      const calls = { updates: [] as unknown[], checkouts: [] as unknown[] };
      const service = stripeService(calls);
      const auth = { userId: member.userId, accountId: member.accountId, sessionId: newId() };

      await expect(service.planCheckout(auth, 'growth', 'https://app.caucus.test')).rejects.toEqual(new HttpError(409, RENEW_NOT_NEEDED));
      const result = await service.planCheckout(auth, 'team', 'https://app.caucus.test');
      expect(result.url).toBeNull();
      expect(calls.updates).toEqual([
        {
          id: 'sub_1',
          params: {
            items: [{ id: 'si_growth', price: 'price_t' }],
            proration_behavior: 'always_invoice',
            payment_behavior: 'error_if_incomplete',
            metadata: { planId: 'team' },
          },
        },
      ]);
      expect(calls.checkouts).toEqual([]);
      expect(await knex('subscriptions').where({ id }).first('planId')).toEqual({ planId: 'team' });
      expect(await count('checkout_sessions', { accountId: member.accountId })).toBe(0);
    });

    it('a past-due Stripe subscription is paid at Stripe, not by a second subscription; a cancelled one is renewed by checkout', async () => {
      const member = await createAccountWithUser(knex);
      const id = await subscribe(member.accountId, { provider: 'stripe', providerSubscriptionId: 'sub_2', status: 'past_due' });
      const calls = { updates: [] as unknown[], checkouts: [] as unknown[] };
      const service = stripeService(calls);
      const auth = { userId: member.userId, accountId: member.accountId, sessionId: newId() };
      await expect(service.planCheckout(auth, 'growth', 'https://app.caucus.test')).rejects.toEqual(new HttpError(409, STRIPE_OVERDUE_AT_STRIPE));
      expect(calls).toEqual({ updates: [], checkouts: [] });

      await knex('subscriptions').where({ id }).update({ status: 'canceled' });
      const renewal = await service.planCheckout(auth, 'growth', 'https://app.caucus.test');
      expect(renewal.url).toBe('https://checkout.stripe.com/c/pay/test');
      expect(calls.checkouts).toHaveLength(1);
      expect(calls.updates).toEqual([]);
    });
  });

  it('prorates by the time left in the period, never below zero', () => {
    const periodStart = new Date('2026-11-01T00:00:00Z');
    const periodEnd = oneMonthAfter(periodStart);
    expect(periodEnd.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(oneMonthAfter(new Date('2026-01-31T12:00:00Z')).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(proratedDifference({ fromPrice: 200, toPrice: 300, periodStart, periodEnd, now: new Date('2026-11-16T00:00:00Z') })).toBe(50);
    expect(proratedDifference({ fromPrice: 200, toPrice: 300, periodStart, periodEnd, now: periodStart })).toBe(100);
    expect(proratedDifference({ fromPrice: 300, toPrice: 100, periodStart, periodEnd, now: new Date('2026-11-16T00:00:00Z') })).toBe(0);
    expect(proratedDifference({ fromPrice: 200, toPrice: 300, periodStart, periodEnd, now: new Date('2026-12-02T00:00:00Z') })).toBe(0);
  });
});
