import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { newId } from '../src/lib/ids';
import { LOCAL_SESSION_GENERATION, redisSessionGeneration, type SessionGeneration } from '../src/modules/auth/sessionGeneration';
import { createAccountWithUser, login, testConfig, type LoggedIn } from './helpers/fixtures';
import { createTestDb, type TestDb } from './support/testDb';

// Two API instances on one database (docs/adr/0013-capacity-and-scale-out.md "One product on many
// instances"): what one instance answers must hold on the other at once, although each keeps a
// session cache. The cluster test (scripts/cluster/) checks the same through haproxy and Galera.

const REDIS_URL = process.env.REDIS_TEST_URL || process.env.REDIS_URL || 'redis://127.0.0.1:6379';

let db: TestDb;
let knex: Knex;
const generations: SessionGeneration[] = [];

function instance(generation: SessionGeneration): Koa {
  return createApp({ knex, config: testConfig(), sessionGeneration: generation }) as unknown as Koa;
}

function twoInstances(shared: boolean): [Koa, Koa] {
  const prefix = `caucus-test-sessions-${newId()}`;
  const make = () => {
    const generation = shared ? redisSessionGeneration(REDIS_URL, prefix) : LOCAL_SESSION_GENERATION;
    generations.push(generation);
    return instance(generation);
  };
  return [make(), make()];
}

const contactsOn = (app: Koa, who: LoggedIn) => request(app.callback()).get('/api/contacts?limit=1').set('Authorization', `Bearer ${who.token}`);

beforeAll(async () => {
  db = await createTestDb();
  knex = db.knex;
});

afterAll(async () => {
  await Promise.all(generations.map((generation) => generation.close()));
  await db.destroy();
});

describe('several API instances', () => {
  it('a sign-out answered by one instance holds on the next request to the other, whose cache had the session', async () => {
    const [a, b] = twoInstances(true);
    const who = await login(a, await createAccountWithUser(knex));
    expect((await contactsOn(b, who)).status).toBe(200);
    expect((await request(a.callback()).post('/api/auth/logout').set('Authorization', `Bearer ${who.token}`)).status).toBeLessThan(300);
    expect((await contactsOn(b, who)).status).toBe(401);
  });

  it('a session revoked on one instance is refused by the other at once', async () => {
    const [a, b] = twoInstances(true);
    const member = await createAccountWithUser(knex);
    const kept = await login(a, member);
    const revoked = await login(b, member);
    expect((await contactsOn(b, revoked)).status).toBe(200);
    const res = await request(a.callback()).post('/api/settings/sessions/sign-out-others').set('Authorization', `Bearer ${kept.token}`);
    expect(res.status).toBeLessThan(300);
    expect((await contactsOn(b, revoked)).status).toBe(401);
    expect((await contactsOn(b, kept)).status).toBe(200);
  });

  it('without the shared generation the other instance would still serve its cached session (what the generation is for)', async () => {
    const [a, b] = twoInstances(false);
    const who = await login(a, await createAccountWithUser(knex));
    expect((await contactsOn(b, who)).status).toBe(200);
    await request(a.callback()).post('/api/auth/logout').set('Authorization', `Bearer ${who.token}`);
    expect((await contactsOn(b, who)).status).toBe(200);
  });

  it('an unreachable Redis makes the instances read every session from the database, never trust a stale one', async () => {
    const deadA = redisSessionGeneration('redis://127.0.0.1:1', 'nowhere');
    const deadB = redisSessionGeneration('redis://127.0.0.1:1', 'nowhere');
    generations.push(deadA, deadB);
    const a = instance(deadA);
    const b = instance(deadB);
    const who = await login(a, await createAccountWithUser(knex));
    expect((await contactsOn(b, who)).status).toBe(200);
    await request(a.callback()).post('/api/auth/logout').set('Authorization', `Bearer ${who.token}`);
    expect((await contactsOn(b, who)).status).toBe(401);
  });

  it('counts failed sign-ins from one address on every instance together (the limit lives in the database)', async () => {
    const limit = 3;
    const make = () =>
      createApp({ knex, config: testConfig({ rateLimits: { ...testConfig().rateLimits, loginFailuresPerIp: limit }, trustProxy: true }) }) as unknown as Koa;
    const instances = [make(), make()];
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < limit + 2; attempt++) {
      const res = await request(instances[attempt % 2].callback())
        .post('/api/auth/login')
        .set('X-Forwarded-For', ip)
        .send({ email: `nobody-${attempt}@example.org`, password: 'wrong-password' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(401));
    expect(statuses[statuses.length - 1]).toBe(429);
  });

  it('signs file links alike on every instance of an install (derived from the shared TOTP key when FILE_URL_SECRET is unset)', () => {
    const env = { NODE_ENV: 'production', PUBLIC_URL: 'https://app.example.org', TOTP_ENCRYPTION_KEY: 'k'.repeat(64) };
    const one = loadConfig(env);
    const two = loadConfig(env);
    expect(one.fileUrlSecret).toBe(two.fileUrlSecret);
    expect(one.fileUrlSecret).not.toBe(loadConfig({ ...env, TOTP_ENCRYPTION_KEY: 'x'.repeat(64) }).fileUrlSecret);
    expect(loadConfig({ ...env, FILE_URL_SECRET: 'explicit-secret' }).fileUrlSecret).toBe('explicit-secret');
  });
});
