import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { DEFAULT_RATE_LIMITS } from '../src/config';
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
  request(target.callback()).post('/api/auth/signup/check-email').set('X-Forwarded-For', ip).send(body as object);

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
    const signup = await request(limited.callback())
      .post('/api/auth/signup')
      .set('X-Forwarded-For', ip)
      .send(signupDetails('after-probes@osei.example'));
    expect(signup.status).toBe(201);
  });
});
