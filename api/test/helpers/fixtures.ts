import argon2 from 'argon2';
import type { Knex } from 'knex';
import request from 'supertest';
import type Koa from 'koa';
import { createApp } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config';
import { newId } from '../../src/lib/ids';

/** Cheap argon2id for tests only; production cost lives in config.ts and is never lowered there. */
export const TEST_HASH_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    passwordHashCost: TEST_HASH_COST,
    ...overrides,
  };
}

export function testApp(knex: Knex, overrides: Partial<AppConfig> = {}): Koa {
  return createApp({ knex, config: testConfig(overrides) }) as unknown as Koa;
}

export type TestMember = {
  accountId: string;
  userId: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  accountName: string;
};

let counter = 0;

export async function createAccountWithUser(
  knex: Knex,
  options: { accountStatus?: string; userStatus?: string; accountName?: string; email?: string; password?: string } = {},
): Promise<TestMember> {
  counter += 1;
  const now = new Date();
  const accountId = newId();
  const userId = newId();
  const email = options.email ?? `user${counter}-${accountId.slice(-6)}@example.org`;
  const password = options.password ?? `correct-horse-${counter}`;
  const accountName = options.accountName ?? `Committee ${counter}`;
  await knex('accounts').insert({
    id: accountId,
    name: accountName,
    organizationType: 'political',
    status: options.accountStatus ?? 'active',
    planId: 'growth',
    createdAt: now,
    updatedAt: now,
  });
  await knex('users').insert({
    id: userId,
    email,
    passwordHash: await argon2.hash(password, { type: argon2.argon2id, ...TEST_HASH_COST }),
    firstName: 'Pat',
    lastName: `Tester${counter}`,
    status: options.userStatus ?? 'active',
    createdAt: now,
    updatedAt: now,
  });
  await addMembership(knex, accountId, userId, 'owner');
  return { accountId, userId, email, password, firstName: 'Pat', lastName: `Tester${counter}`, accountName };
}

export async function addMembership(knex: Knex, accountId: string, userId: string, role = 'admin'): Promise<void> {
  const now = new Date();
  await knex('memberships').insert({ id: newId(), accountId, userId, role, createdAt: now, updatedAt: now });
}

export type LoggedIn = TestMember & { token: string; cookie: string };

export async function login(app: Koa, member: TestMember, rememberMe = false): Promise<LoggedIn> {
  const res = await request(app.callback()).post('/api/auth/login').send({ email: member.email, password: member.password, rememberMe });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = setCookie.find((c) => c.startsWith('caucus_session='));
  if (!cookie) throw new Error('login set no session cookie');
  return { ...member, token: res.body.data.token as string, cookie: cookie.split(';')[0] };
}

/** Two accounts, each with its own signed-in user. */
export async function twoLoggedInAccounts(knex: Knex, app: Koa): Promise<{ a: LoggedIn; b: LoggedIn }> {
  const a = await login(app, await createAccountWithUser(knex, { accountName: 'Account A' }));
  const b = await login(app, await createAccountWithUser(knex, { accountName: 'Account B' }));
  return { a, b };
}

function stamp(extra: Record<string, unknown>): Record<string, unknown> {
  const now = new Date();
  return { id: newId(), createdAt: now, updatedAt: now, ...extra };
}

export async function insertContact(knex: Knex, accountId: string, fields: Record<string, unknown> = {}): Promise<string> {
  const row = stamp({ accountId, status: 'active', country: 'US', totalDonated: 0, tags: '[]', ...fields });
  await knex('contacts').insert(row);
  return row.id as string;
}

export async function insertCampaign(knex: Knex, accountId: string, fields: Record<string, unknown> = {}): Promise<string> {
  const id = newId();
  const row = stamp({
    id,
    accountId,
    name: `Campaign ${id.slice(-4)}`,
    slug: `campaign-${id.slice(-12)}`,
    campaignType: 'fundraising',
    status: 'active',
    fundraisingGoal: 1000,
    suggestedAmounts: '[25,50,100]',
    ...fields,
  });
  await knex('campaigns').insert(row);
  return id;
}

export async function insertEvent(knex: Knex, accountId: string, fields: Record<string, unknown> = {}): Promise<string> {
  const row = stamp({ accountId, name: 'Town hall', eventType: 'town_hall', status: 'published', ...fields });
  await knex('events').insert(row);
  return row.id as string;
}

export async function insertList(knex: Knex, accountId: string, fields: Record<string, unknown> = {}): Promise<string> {
  const row = stamp({ accountId, name: 'Major donors', type: 'static', tags: '["vip"]', isActive: true, memberCount: 0, ...fields });
  await knex('contact_lists').insert(row);
  return row.id as string;
}

export async function insertImport(knex: Knex, accountId: string, fields: Record<string, unknown> = {}): Promise<string> {
  const row = stamp({
    accountId,
    fileName: 'donors.csv',
    importType: 'contacts',
    status: 'completed',
    recordsTotal: 3,
    recordsImported: 2,
    recordsSkipped: 1,
    ...fields,
  });
  await knex('imports').insert(row);
  return row.id as string;
}

/** A complete body of POST /api/auth/signup for a fresh email. */
export function signupDetails(email = `signup${++counter}-${newId().slice(-6)}@example.org`): Record<string, unknown> {
  return {
    firstName: 'Rosa',
    lastName: 'Delgado',
    email,
    password: 'organise-2026',
    confirmPassword: 'organise-2026',
    organizationName: 'Delgado for School Board',
    organizationType: 'nonprofit',
    phone: '(555) 010-2030',
    planId: 'growth',
    agreeToTerms: true,
  };
}

/**
 * Requests as a signed-in member (bearer token). A POST without a body says it comes from a script
 * (X-Requested-With), as the app's clients do.
 */
export function signedIn(app: Koa, who: LoggedIn) {
  const agent = request(app.callback());
  const auth = { Authorization: `Bearer ${who.token}` };
  return {
    get: (url: string) => agent.get(url).set(auth),
    post: (url: string, body?: unknown) =>
      body === undefined
        ? agent.post(url).set(auth).set('X-Requested-With', 'fetch')
        : agent
            .post(url)
            .set(auth)
            .send(body as object),
    put: (url: string, body: unknown) =>
      agent
        .put(url)
        .set(auth)
        .send(body as object),
    delete: (url: string) => agent.delete(url).set(auth),
  };
}

/** POST /api/committees body of a House candidate's committee with a 2026 primary and general. */
export const federalCommitteeBody = (extra: Record<string, unknown> = {}) => ({
  name: 'Friends of Pat',
  fecId: 'C00123456',
  filingForm: 'F3',
  treasurerFirstName: 'Sam',
  treasurerLastName: 'Lee',
  street1: '1 Main St',
  city: 'Richmond',
  state: 'VA',
  zip: '23219',
  elections: [
    { code: 'P2026', date: '2026-06-09' },
    { code: 'G2026', date: '2026-11-03' },
  ],
  ...extra,
});
