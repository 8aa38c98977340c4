import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { DEFAULT_RATE_LIMITS } from '../src/config';
import { latestEmailTo } from '../src/modules/email';
import { SIGNUP_IN_PROGRESS } from '../src/modules/signup/service';
import { createAccountWithUser, testApp } from './helpers/fixtures';
import { createTestDb, type TestDb } from './support/testDb';

// Step 2 of the signup wizard asks whether the address is free before anyone pays.
let db: TestDb;
let knex: Knex;
let app: Koa;

beforeAll(async () => {
  db = await createTestDb();
  knex = db.knex;
  app = testApp(knex, { trustProxy: true, rateLimits: { ...DEFAULT_RATE_LIMITS, signupsPerIpPerHour: 1000 } });
});

afterAll(async () => {
  await db.destroy();
});

let ipCounter = 0;
const nextIp = () => `198.51.100.${(ipCounter += 1)}`;
const check = (body: unknown, ip = nextIp(), target: Koa = app) =>
  request(target.callback())
    .post('/api/auth/signup/check-email')
    .set('X-Forwarded-For', ip)
    .send(body as object);

function signupDetails(email: string) {
  return {
    firstName: 'Ike',
    lastName: 'Osei',
    email,
    password: 'change-later-1',
    confirmPassword: 'change-later-1',
    organizationName: 'Osei Tenants Union',
    organizationType: 'nonprofit',
    phone: '(555) 010-2030',
    planId: 'team',
    agreeToTerms: true,
  };
}

describe('POST /api/auth/signup/check-email', () => {
  it('reports an address that already has an account as unavailable, whatever its case and spacing', async () => {
    const member = await createAccountWithUser(knex);
    const taken = await check({ email: `  ${member.email.toUpperCase()} ` });
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual({ data: { available: false } });
  });

  it('reports a new address, and one whose signup is still pending payment, as available in the same shape', async () => {
    const fresh = await check({ email: 'nobody.yet@osei.example' });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({ data: { available: true } });

    expect((await request(app.callback()).post('/api/auth/signup').send(signupDetails('pending@osei.example'))).status).toBe(201);
    const pending = await check({ email: 'pending@osei.example' });
    expect(pending.body).toEqual({ data: { available: true } });
  });

  it('refuses a missing or malformed address with the signup form message and writes nothing', async () => {
    const users = await knex('users').count<{ n: number }[]>({ n: '*' });
    const missing = await check({});
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('Email is required');
    const malformed = await check({ email: 'not-an-address' });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain('Please enter a valid email address');
    expect(await knex('users').count<{ n: number }[]>({ n: '*' })).toEqual(users);
  });

  it('is limited per IP (three checks per allowed signup), apart from the signup limit', async () => {
    const limited = testApp(knex, { trustProxy: true, rateLimits: { ...DEFAULT_RATE_LIMITS, signupsPerIpPerHour: 1 } });
    const ip = nextIp();
    for (let n = 0; n < 3; n += 1) expect((await check({ email: `probe${n}@example.org` }, ip, limited)).status).toBe(200);
    const refused = await check({ email: 'probe4@example.org' }, ip, limited);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is unaffected, and the checks did not use up this address's signup.
    expect((await check({ email: 'probe5@example.org' }, nextIp(), limited)).status).toBe(200);
    const signup = await request(limited.callback()).post('/api/auth/signup').set('X-Forwarded-For', ip).send(signupDetails('after-probes@osei.example'));
    expect(signup.status).toBe(201);
  });
});

describe('a pending signup cannot keep the address from its owner', () => {
  const signupAs = (agent: ReturnType<typeof request.agent>, body: Record<string, unknown>) =>
    agent.post('/api/auth/signup').set('X-Forwarded-For', nextIp()).send(body);
  const restartLinkTo = async (email: string) => {
    const mail = await latestEmailTo(knex, email, 'signup_restart');
    return mail?.text ? new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('restart') : null;
  };
  const emailsTo = async (email: string) =>
    Number((await knex('email_outbox').where({ to: email, kind: 'signup_restart' }).count<{ n: number }[]>({ n: '*' }).first())?.n);

  it("lets another browser start over only with the link emailed to the address, once, and ends the first browser's signup", async () => {
    const email = 'owner@osei.example';
    const squatter = request.agent(app.callback());
    expect((await signupAs(squatter, { ...signupDetails(email), organizationName: 'Squatter' })).status).toBe(201);

    // The owner, in their own browser: refused, and mailed a link.
    const owner = request.agent(app.callback());
    const refused = await signupAs(owner, signupDetails(email));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(SIGNUP_IN_PROGRESS);
    const token = await restartLinkTo(email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const link = (await latestEmailTo(knex, email, 'signup_restart'))!.text;
    expect(link).toContain('/signup?restart=');

    // Retrying without it, or with a made-up or another address's token, changes nothing and mails no more.
    expect((await signupAs(owner, signupDetails(email))).status).toBe(409);
    expect((await signupAs(owner, { ...signupDetails(email), restartToken: 'A'.repeat(43) })).status).toBe(409);
    expect((await signupAs(request.agent(app.callback()), signupDetails('someone.else@osei.example'))).status).toBe(201);
    expect((await signupAs(owner, { ...signupDetails('someone.else@osei.example'), restartToken: token })).status).toBe(409);
    expect(await emailsTo(email)).toBe(1);
    expect(await knex('accounts').where({ email }).pluck('name')).toEqual(['Squatter']);

    // With the link: a fresh start; the squatter's signup and its cookie are gone.
    const restarted = await signupAs(owner, { ...signupDetails(email), organizationName: 'Owner', restartToken: token });
    expect(restarted.status).toBe(201);
    expect(await knex('accounts').where({ email }).pluck('name')).toEqual(['Owner']);
    const squattersCheckout = await squatter
      .post('/api/billing/create-checkout-session')
      .send({ planId: 'team', successUrl: '/signup/success', cancelUrl: '/signup', customerEmail: email });
    expect(squattersCheckout.status).toBe(401);

    // The link works once: the squatter cannot use it (or anything) to take the address back.
    expect((await signupAs(squatter, { ...signupDetails(email), restartToken: token })).status).toBe(409);
    expect(await knex('accounts').where({ email }).pluck('name')).toEqual(['Owner']);
  });

  it('refuses an expired link and a malformed one', async () => {
    const email = 'late@osei.example';
    expect((await signupAs(request.agent(app.callback()), signupDetails(email))).status).toBe(201);
    const owner = request.agent(app.callback());
    expect((await signupAs(owner, signupDetails(email))).status).toBe(409);
    const token = await restartLinkTo(email);
    await knex('signup_restarts')
      .where({ email })
      .update({ expiresAt: new Date(Date.now() - 1000) });
    expect((await signupAs(owner, { ...signupDetails(email), restartToken: token })).status).toBe(409);
    const malformed = await signupAs(owner, { ...signupDetails(email), restartToken: 'x' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.details).toEqual({ restartToken: 'The start-over link is invalid or has expired' });
  });
});
