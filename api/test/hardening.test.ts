import { createServer, type AddressInfo, type Socket } from 'node:net';
import type { Knex } from 'knex';
import Koa from 'koa';
import request from 'supertest';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../src/config';
import { createKnex, engineOf, whileDatabaseUnavailable } from '../src/db';
import { errorHandler } from '../src/http/errorHandler';
import { createRateLimiter } from '../src/http/rateLimit';
import { safeFileName } from '../src/modules/files/sniff';
import { createTestDb, type TestDb } from './support/testDb';
import { createAccountWithUser, insertCampaign, insertContact, login, signupDetails, testApp, type LoggedIn } from './helpers/fixtures';

let db: TestDb;
let knex: Knex;
let app: Koa;
let user: LoggedIn;
let ipCounter = 0;
/** Each test acts from its own address, so per-IP limits of one test never touch another. */
const nextIp = () => `203.0.113.${++ipCounter}`;

beforeAll(async () => {
  db = await createTestDb();
  knex = db.knex;
  app = testApp(knex, { trustProxy: true });
  user = await login(app, await createAccountWithUser(knex));
});

afterAll(async () => {
  await db.destroy();
});

const http = (target: Koa = app) => request(target.callback());
const count = async (table: string) => Number(((await knex(table).count({ n: '*' }).first()) as { n: number | string }).n);

describe('per-IP limits that hold across instances', () => {
  it('refuses logins from an IP that failed for many different emails, before verifying any password', async () => {
    const ip = nextIp();
    for (let i = 0; i < DEFAULT_RATE_LIMITS.loginFailuresPerIp; i += 1) {
      const res = await http()
        .post('/api/auth/login')
        .set('X-Forwarded-For', ip)
        .send({ email: `spray${i}@example.org`, password: 'guess-123' });
      expect(res.status).toBe(401);
    }
    // Even the right password of a real user is refused from that IP (no argon2 work is done for it).
    const member = await createAccountWithUser(knex);
    const blocked = await http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: member.email, password: member.password });
    expect(blocked.status).toBe(429);
    // The limit is the database's, so a second instance of the API refuses it too.
    const otherInstance = testApp(knex, { trustProxy: true });
    expect((await http(otherInstance).post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: member.email, password: member.password })).status).toBe(
      429,
    );
    // Another address is unaffected.
    expect((await http().post('/api/auth/login').set('X-Forwarded-For', nextIp()).send({ email: member.email, password: member.password })).status).toBe(200);
  });

  it('limits signups per IP', async () => {
    const limited = testApp(knex, { trustProxy: true, rateLimits: { ...DEFAULT_RATE_LIMITS, signupsPerIpPerHour: 2 } });
    const ip = nextIp();
    const signup = (n: number, from = ip) =>
      http(limited)
        .post('/api/auth/signup')
        .set('X-Forwarded-For', from)
        .send(signupDetails(`limit${n}-${ip}@example.org`));
    expect((await signup(1)).status).toBe(201);
    expect((await signup(2)).status).toBe(201);
    const users = await count('users');
    const third = await signup(3);
    expect(third.status).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(await count('users')).toBe(users);
    expect((await signup(4, nextIp())).status).toBe(201);
  });

  it('limits anonymous analytics per IP; signed-in users are not counted against it', async () => {
    const limited = testApp(knex, { trustProxy: true, rateLimits: { ...DEFAULT_RATE_LIMITS, anonymousAnalyticsPerIpPerMinute: 2 } });
    const ip = nextIp();
    const send = () =>
      http(limited)
        .post('/api/analytics/events')
        .set('X-Forwarded-For', ip)
        .send({ events: [{ name: 'page_view', path: '/' }] });
    expect((await send()).status).toBe(202);
    expect((await send()).status).toBe(202);
    const rows = await count('analytics_events');
    expect((await send()).status).toBe(429);
    expect(await count('analytics_events')).toBe(rows);
    const signedIn = await http(limited)
      .post('/api/analytics/events')
      .set('X-Forwarded-For', ip)
      .set('Authorization', `Bearer ${user.token}`)
      .send({ events: [{ name: 'page_view', path: '/' }] });
    expect(signedIn.status).toBe(202);
  });

  it('counts the address the proxy saw, not addresses a client writes into X-Forwarded-For', async () => {
    const limited = testApp(knex, { trustProxy: true, rateLimits: { ...DEFAULT_RATE_LIMITS, loginFailuresPerIp: 3 } });
    const proxySaw = nextIp();
    // Our proxy appends the address it saw; everything left of it came from the client.
    const forged = (i: number) => `10.9.8.${i}, 192.0.2.${i}, ${proxySaw}`;
    for (let i = 0; i < 3; i += 1) {
      const res = await http(limited)
        .post('/api/auth/login')
        .set('X-Forwarded-For', forged(i))
        .send({ email: `forged${i}@example.org`, password: 'guess-123' });
      expect(res.status).toBe(401);
    }
    const member = await createAccountWithUser(knex);
    expect(
      (await http(limited).post('/api/auth/login').set('X-Forwarded-For', forged(99)).send({ email: member.email, password: member.password })).status,
    ).toBe(429);
    expect(Number((await knex('login_attempts').where({ ip: proxySaw, kind: 'login' }).count({ n: '*' }).first())!.n)).toBe(3);
    // Two proxies in front (TRUST_PROXY_HOPS=2): the second entry from the right is the client.
    const twoHops = testApp(knex, { trustProxy: true, trustProxyHops: 2, rateLimits: { ...DEFAULT_RATE_LIMITS, loginFailuresPerIp: 3 } });
    expect(
      (await http(twoHops).post('/api/auth/login').set('X-Forwarded-For', `${nextIp()}, ${proxySaw}`).send({ email: member.email, password: member.password }))
        .status,
    ).toBe(200);
  });

  it('holds against a parallel burst of wrong passwords: no more than the limit reach the password check', async () => {
    const member = await createAccountWithUser(knex);
    const ip = nextIp();
    // The burst is about the limiter, not about opening 30 MariaDB connections at once: on a machine
    // as loaded as CI's, their handshakes outlasted MYSQL_CONNECT_TIMEOUT_MS and answered 503 (rightly).
    // The pool is filled first, a refused handshake tried again.
    await whileDatabaseUnavailable(() =>
      Promise.all(Array.from({ length: 30 }, () => knex.raw(engineOf(knex) === 'mysql' ? 'select sleep(0.05)' : 'select 1'))),
    );
    const burst = await Promise.all(
      Array.from({ length: 30 }, () => http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: member.email, password: 'wrong-guess-1' })),
    );
    const statuses = burst.map((res) => res.status);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    // Each 401 was a full argon2 verify; the email+IP limit allows 10 in the window.
    const verified = statuses.filter((status) => status === 401).length;
    expect(verified).toBeLessThanOrEqual(10);
    expect(Number((await knex('login_attempts').where({ ip, kind: 'login' }).count({ n: '*' }).first())!.n)).toBe(verified);
    // Refused attempts took their records back: one at a time, the rest of the window is allowed, then no more.
    let later = 0;
    for (let i = 0; i < 12; i += 1) {
      if ((await http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: member.email, password: 'wrong-guess-2' })).status === 401) later += 1;
    }
    expect(verified + later).toBe(10);
    expect((await http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: member.email, password: member.password })).status).toBe(429);
  });

  it('holds against a parallel burst on the shared limiter (anonymous analytics)', async () => {
    const limited = testApp(knex, { trustProxy: true, rateLimits: { ...DEFAULT_RATE_LIMITS, anonymousAnalyticsPerIpPerMinute: 5 } });
    const ip = nextIp();
    const rows = await count('analytics_events');
    const burst = await Promise.all(
      Array.from({ length: 30 }, () =>
        http(limited)
          .post('/api/analytics/events')
          .set('X-Forwarded-For', ip)
          .send({ events: [{ name: 'page_view', path: '/burst' }] }),
      ),
    );
    const statuses = burst.map((res) => res.status);
    expect(statuses.filter((status) => status !== 202 && status !== 429)).toEqual([]);
    const accepted = statuses.filter((status) => status === 202).length;
    expect(accepted).toBeLessThanOrEqual(5);
    expect(await count('analytics_events')).toBe(rows + accepted);
    // Refused requests leave no record behind: only the accepted ones count against the window.
    expect(Number((await knex('login_attempts').where({ ip, kind: 'analytics' }).count({ n: '*' }).first())!.n)).toBe(accepted);
  });
});

it('lets no parallel burst of hits past the limit, and keeps what is left of the window usable', async () => {
  const limiter = createRateLimiter(knex);
  const limit = { kind: 'burst_test', max: 5, windowMs: 60_000, message: 'slow down' };
  const hit = () => limiter.hit({ set: () => {} }, limit, '198.51.100.9');
  const burst = await Promise.allSettled(Array.from({ length: 30 }, hit));
  const admitted = burst.filter((result) => result.status === 'fulfilled').length;
  expect(admitted).toBeLessThanOrEqual(limit.max);
  expect(Number((await knex('login_attempts').where({ kind: limit.kind }).count({ n: '*' }).first())!.n)).toBe(admitted);
  // Refused hits took their records back: one at a time, the rest of the window is admitted, then no more.
  let later = 0;
  for (let i = 0; i < 10; i += 1) {
    if ((await Promise.allSettled([hit()]))[0].status === 'fulfilled') later += 1;
  }
  expect(admitted + later).toBe(limit.max);
});

it('forgets limiter rows older than a day, now and then', async () => {
  await knex('login_attempts').insert({
    id: 'old-attempt-1',
    ip: '198.51.100.1',
    kind: 'analytics',
    success: true,
    attemptedAt: new Date(Date.now() - 2 * 86_400_000),
  });
  const limiter = createRateLimiter(
    knex,
    () => new Date(),
    () => 0,
  );
  await limiter.hit({ set: () => {} }, { kind: 'analytics', max: 10, windowMs: 60_000, message: 'slow down' }, '198.51.100.2');
  expect(await knex('login_attempts').where({ id: 'old-attempt-1' }).first()).toBeUndefined();
});

describe('readiness', () => {
  it('answers ok when the database answers, 503 with Retry-After when it does not', async () => {
    const ok = await http().get('/api/health');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ data: { status: 'ok' } });

    // Nothing listens on port 1: the connection is refused.
    const unreachable = createKnex({ databaseUrl: 'mysql://root@127.0.0.1:1/caucus' });
    try {
      const down = testApp(unreachable);
      const started = Date.now();
      const res = await http(down).get('/api/health');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(Date.now() - started).toBeLessThan(5000);
      // A request that needs the database is a 503 as well, not a 500.
      const login = await http(down).post('/api/auth/login').send({ email: 'a@example.org', password: 'x' });
      expect(login.status).toBe(503);
      expect(login.headers['retry-after']).toBe('5');
    } finally {
      await unreachable.destroy();
    }
  }, 30_000);
});

describe('database errors that a moment later may not repeat', () => {
  // What mysql2 reports for a Galera node that lost its quorum (seen in the cluster suite's logs):
  // the statement refused before it ran, or the commit not replicated. And a lock conflict still lost
  // after inTransaction's last attempt (a certification conflict, another node having committed the
  // same row first, is a deadlock to the driver), rolled back whole.
  const retryLater = {
    'a statement refused': { message: 'WSREP has not yet prepared node for application use', code: 'ER_UNKNOWN_COM_ERROR', errno: 1047, sqlState: '08S01' },
    'a commit not replicated': {
      message: 'Error while appending streaming replication fragment(provider status: Not connected to Primary Component)',
      code: 'ER_ERROR_DURING_COMMIT',
      errno: 1180,
      sqlState: 'HY000',
    },
    'a deadlock or certification conflict that outlasted its retries': {
      message: 'Deadlock found when trying to get lock; try restarting transaction',
      code: 'ER_LOCK_DEADLOCK',
      errno: 1213,
      sqlState: '40001',
    },
    'a lock wait timeout that outlasted its retries': {
      message: 'Lock wait timeout exceeded; try restarting transaction',
      code: 'ER_LOCK_WAIT_TIMEOUT',
      errno: 1205,
      sqlState: 'HY000',
    },
  };
  it.each(Object.entries(retryLater))('answers %s with 503 and Retry-After, as a database out of reach', async (_, fields) => {
    const failing = new Koa();
    failing.use(errorHandler());
    failing.use(async () => {
      throw Object.assign(new Error(fields.message), { ...fields, sqlMessage: fields.message });
    });
    const res = await request(failing.callback()).get('/');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({ message: 'The service is temporarily unavailable; please try again shortly' });
  });

  it('leaves another failed commit a 500', async () => {
    const failing = new Koa();
    failing.use(errorHandler());
    failing.use(async () => {
      const message = 'Got error 28 "No space left on device" during COMMIT';
      throw Object.assign(new Error(message), { code: 'ER_ERROR_DURING_COMMIT', errno: 1180, sqlState: 'HY000', sqlMessage: message });
    });
    expect((await request(failing.callback()).get('/')).status).toBe(500);
  });
});

describe('a database that accepts connections and never answers', () => {
  it('fails requests with 503 within a few seconds, not after the defaults give up', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const hung = createKnex({ databaseUrl: `mysql://root@127.0.0.1:${(silent.address() as AddressInfo).port}/caucus` });
    try {
      expect(hung.client.config.acquireConnectionTimeout).toBeLessThanOrEqual(5000);
      const down = testApp(hung);
      const started = Date.now();
      const [login, contacts] = await Promise.all([
        http(down).post('/api/auth/login').send({ email: 'a@example.org', password: 'x' }),
        http(down).get('/api/contacts').set('Authorization', `Bearer ${user.token}`),
      ]);
      expect([login.status, contacts.status]).toEqual([503, 503]);
      expect(login.headers['retry-after']).toBe('5');
      expect(Date.now() - started).toBeLessThan(4500);
    } finally {
      for (const socket of sockets) socket.destroy();
      await hung.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 30_000);
});

describe('headers', () => {
  it('does not allow the development origins in production', async () => {
    const production = testApp(knex, {
      corsOrigins: loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://app.example.org', TOTP_ENCRYPTION_KEY: 'k'.repeat(64) }).corsOrigins,
    });
    const preflight = await http(production).options('/api/contacts').set('Origin', 'http://localhost:3002').set('Access-Control-Request-Method', 'GET');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps API answers out of caches, except what a route marks public', async () => {
    const contacts = await http().get('/api/contacts').set('Authorization', `Bearer ${user.token}`);
    expect(contacts.status).toBe(200);
    expect(contacts.headers['cache-control']).toBe('no-store');
    const me = await http().get('/api/auth/me').set('Authorization', `Bearer ${user.token}`);
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await http().get('/api/contacts');
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await http().get('/api/billing/plans')).headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('error logs', () => {
  /** An app whose only route fails with `failure`, and the lines its error handler logs. */
  function failingWith(failure: () => Promise<void>) {
    const lines: string[] = [];
    const logger = {
      debug: () => {},
      info: () => {},
      warn: () => {},
      error: (msg: string, fields?: Record<string, unknown>) => lines.push(JSON.stringify({ msg, ...fields })),
    };
    const failing = new Koa();
    failing.use(async (ctx, next) => {
      ctx.state.logger = logger;
      await next();
    });
    failing.use(errorHandler());
    failing.use(failure);
    return { lines, get: () => request(failing.callback()).get('/') };
  }

  it('never carry the failing SQL or its bound values', async () => {
    // A real driver error on either engine: a foreign key refuses the row.
    const { lines, get } = failingWith(async () => {
      await knex('contacts').insert({
        id: 'x-secret-id',
        accountId: 'no-such-account',
        firstName: 'Ada Secretname',
        primaryEmail: 'ada.secret@example.org',
        status: 'active',
        country: 'US',
        totalDonated: 0,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
    });
    const res = await get();
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Internal server error' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/foreign key|FOREIGN KEY/i);
    expect(lines[0]).not.toMatch(/Secretname|ada\.secret|x-secret-id|insert into/i);
  });

  it('never carry the query under which the connection was lost', async () => {
    // As knex reports mysql2's error when a node dies under a query (seen in the cluster suite's
    // logs): the query and its values first, no errno or SQL state.
    const { lines, get } = failingWith(async () => {
      const message =
        "insert into `contacts` (`first_name`, `primary_email`) values ('Ada Secretname', 'ada.secret@example.org') - Connection lost: The server closed the connection.";
      throw Object.assign(new Error(message), { code: 'PROTOCOL_CONNECTION_LOST', fatal: true });
    });
    expect((await get()).status).toBe(503);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({
      msg: 'database unavailable',
      error: 'Connection lost: The server closed the connection.',
      code: 'PROTOCOL_CONNECTION_LOST',
    });
    expect(lines[0]).not.toMatch(/Secretname|ada\.secret|insert into/i);
  });
});

describe('values the columns cannot hold', () => {
  const as = () => ({
    post: (path: string, body: object) => http().post(path).set('Authorization', `Bearer ${user.token}`).send(body),
  });

  it('refuses a donation whose campaign or contact total would pass DECIMAL(14,2), storing nothing', async () => {
    const contactId = await insertContact(knex, user.accountId, { firstName: 'Big' });
    const campaignId = await insertCampaign(knex, user.accountId);
    const first = await as().post(`/api/contacts/${contactId}/donations`, { donationAmount: 999_999_999_999, donationDate: '2026-01-01', campaignId });
    expect(first.status).toBe(201);
    const donations = await count('donations');
    const second = await as().post(`/api/contacts/${contactId}/donations`, { donationAmount: 1, donationDate: '2026-01-02', campaignId });
    expect(second.status).toBe(422);
    expect(Object.keys(second.body.details)).toEqual(['donationAmount']);
    expect(await count('donations')).toBe(donations);
    expect(Number((await knex('campaigns').where({ id: campaignId }).first('amountRaised')).amountRaised)).toBe(999_999_999_999);
  });

  it('names the field of an impossible date, an amount that rounds to nothing and text too long in bytes', async () => {
    const contactId = await insertContact(knex, user.accountId, { firstName: 'Dates' });
    const campaignId = await insertCampaign(knex, user.accountId);
    const contacts = await count('contacts');
    const birth = await as().post('/api/contacts', { firstName: 'A', birthDate: '2024-02-30' });
    expect(birth.status).toBe(400);
    expect(birth.body.details.birthDate).toMatch(/real date between 1900 and 2100/);
    const notes = await as().post('/api/contacts', { firstName: 'A', quickNotes: '😀'.repeat(17_000) });
    expect(notes.status).toBe(400);
    expect(notes.body.details.quickNotes).toBe('Quick notes is too long');
    expect(await count('contacts')).toBe(contacts);
    const tiny = await as().post(`/api/contacts/${contactId}/pledges`, { pledgeAmount: 0.001, pledgeDate: '2026-01-01', campaignId });
    expect(tiny.status).toBe(400);
    expect(Object.keys(tiny.body.details)).toEqual(['pledgeAmount']);
    const yearZero = await as().post('/api/campaigns', { name: 'Zero', slug: 'zero', campaignType: 'fundraising', startDate: '0000-01-01' });
    expect(yearZero.status).toBe(400);
    expect(Object.keys(yearZero.body.details)).toEqual(['startDate']);
  });

  it('refuses JSON nested thousands of levels deep with a 400', async () => {
    let nested = '1';
    for (let i = 0; i < 5000; i += 1) nested = `{"a":${nested}}`;
    const before = await count('analytics_events');
    const res = await http()
      .post('/api/analytics/events')
      .set('X-Forwarded-For', nextIp())
      .set('Content-Type', 'application/json')
      .send(`{"events":[{"name":"page_view","properties":${nested}}]}`);
    expect(res.status).toBe(400);
    // Named by the field that holds it, as every other refusal is.
    expect(res.body).toEqual({
      message: 'JSON nested too deeply: events nests deeper than 32 levels',
      details: { events: 'events nests deeper than 32 levels' },
    });
    expect(await count('analytics_events')).toBe(before);
  });
});

describe('document names', () => {
  it.each([
    ['invoice\u202Efdp.exe', 'application/pdf', 'invoicefdp.pdf'],
    ['report.exe', 'application/pdf', 'report.pdf'],
    ['Photo.JPEG', 'image/jpeg', 'Photo.jpeg'],
    ['letter', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'letter.docx'],
    ['../../etc/passwd', 'application/pdf', 'passwd.pdf'],
    ['zero\u200Bwidth\u0007.pdf', 'application/pdf', 'zerowidth.pdf'],
    ['\u2067.pdf', 'application/pdf', 'document.pdf'],
  ])('%j as %s is stored as %j', (name, mime, expected) => {
    expect(safeFileName(name, mime)).toBe(expected);
  });
});
