import net from 'node:net';
import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { createTestDb, type TestDb } from './support/testDb';
import { createAccountWithUser, login, testApp, type TestMember } from './helpers/fixtures';
import { latestEmailTo } from '../src/modules/email';
import { hashToken } from '../src/modules/auth/tokens';
import { FORGOT_MIN_RESPONSE_MS, TOO_MANY_RESET_REQUESTS } from '../src/modules/auth/passwordReset';

const SENT = "If an account with that email exists, we've sent a password reset link to the address";
const INVALID = 'This reset link is invalid or has expired. Please request a new one.';

let db: TestDb;
let knex: Knex;
let app: Koa;

// Every test speaks from its own address, so the per-ip limits of one test never reach another.
let ipCounter = 0;
const nextIp = () => `203.0.113.${++ipCounter}`;

beforeAll(async () => {
  db = await createTestDb();
  knex = db.knex;
  app = testApp(knex, { trustProxy: true, publicUrl: 'https://app.example.org' });
});

afterAll(async () => {
  await db.destroy();
});

function forgot(email: unknown, ip = nextIp(), target: Koa = app) {
  return request(target.callback()).post('/api/auth/forgot-password').set('X-Forwarded-For', ip).send({ email });
}

function reset(body: Record<string, unknown>, ip = nextIp()) {
  return request(app.callback()).post('/api/auth/reset-password').set('X-Forwarded-For', ip).send(body);
}

async function countRows(table: string): Promise<number> {
  const row = await knex(table).count<{ count: number | string }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

/** Asks for a reset and returns the token from the queued email. */
async function requestToken(member: TestMember): Promise<string> {
  const res = await forgot(member.email);
  expect(res.status).toBe(200);
  const email = await latestEmailTo(knex, member.email, 'password_reset');
  const match = /\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(email?.text ?? '');
  if (!match) throw new Error(`no reset link in ${email?.text}`);
  return match[1];
}

describe('POST /api/auth/forgot-password', () => {
  it('answers a known and an unknown address identically; only the known one gets an email', async () => {
    const member = await createAccountWithUser(knex);
    const unknown = `nobody-${ipCounter}@example.org`;

    const startedUnknown = Date.now();
    const a = await forgot(unknown);
    const unknownMs = Date.now() - startedUnknown;
    const startedKnown = Date.now();
    const b = await forgot(member.email.toUpperCase());
    const knownMs = Date.now() - startedKnown;

    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body).toEqual({ data: { message: SENT } });
    expect(b.body).toEqual(a.body);
    // Both wait out the same floor, so the extra work for a real account does not show.
    expect(unknownMs).toBeGreaterThanOrEqual(FORGOT_MIN_RESPONSE_MS - 5);
    expect(knownMs).toBeGreaterThanOrEqual(FORGOT_MIN_RESPONSE_MS - 5);

    expect(await latestEmailTo(knex, unknown)).toBeUndefined();
    const email = await latestEmailTo(knex, member.email);
    expect(email).toMatchObject({ kind: 'password_reset', subject: 'Reset your Caucus password', sentAt: null });
    expect(email?.text).toContain('Hi Pat,');
    expect(email?.text).toMatch(/https:\/\/app\.example\.org\/reset-password\?token=[A-Za-z0-9_-]{43}\n/);
  });

  it('stores only the sha256 of a 32-byte token, expiring in one hour', async () => {
    const member = await createAccountWithUser(knex);
    const token = await requestToken(member);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await knex('password_resets').where('userId', member.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(hashToken(token));
    expect(await knex('password_resets').where('tokenHash', token).first()).toBeUndefined();
    const expires = new Date(rows[0].expiresAt).getTime();
    expect((expires - Date.now()) / 60_000).toBeGreaterThan(59);
    expect((expires - Date.now()) / 60_000).toBeLessThanOrEqual(60);
  });

  it('sends nothing to a pending signup', async () => {
    const member = await createAccountWithUser(knex, { userStatus: 'pending', accountStatus: 'pending' });
    const res = await forgot(member.email);
    expect(res.body).toEqual({ data: { message: SENT } });
    expect(await latestEmailTo(knex, member.email)).toBeUndefined();
  });

  it('links to a configured frontend the browser is on, else to PUBLIC_URL; never to a Host or Origin header', async () => {
    const local = testApp(knex, { trustProxy: true, publicUrl: 'http://localhost:8080', corsOrigins: ['http://localhost:3000'] });
    const member = await createAccountWithUser(knex);
    await request(local.callback())
      .post('/api/auth/forgot-password')
      .set('X-Forwarded-For', nextIp())
      .set('Origin', 'http://localhost:3000')
      .send({ email: member.email })
      .expect(200);
    expect((await latestEmailTo(knex, member.email))?.text).toContain('http://localhost:3000/reset-password?token=');

    await request(local.callback())
      .post('/api/auth/forgot-password')
      .set('X-Forwarded-For', nextIp())
      .set('X-Forwarded-Host', 'attacker.example')
      .set('Origin', 'https://evil.example')
      .set('Host', 'caucus.example.net')
      .send({ email: member.email })
      .expect(200);
    const text = (await latestEmailTo(knex, member.email))?.text ?? '';
    expect(text).toContain('http://localhost:8080/reset-password?token=');
    expect(text).not.toMatch(/evil\.example|caucus\.example\.net|attacker\.example/);
  });

  it('still answers 200 when the SMTP server is down; the email stays queued with the error', async () => {
    // A port that was just free and is now closed: the connection is refused at once.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const down = testApp(knex, { trustProxy: true, publicUrl: 'https://app.example.org', smtpUrl: `smtp://127.0.0.1:${port}` });
    const member = await createAccountWithUser(knex);
    const res = await forgot(member.email, nextIp(), down);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { message: SENT } });
    let email = await latestEmailTo(knex, member.email);
    for (let i = 0; i < 100 && !email?.error; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      email = await latestEmailTo(knex, member.email);
    }
    expect(email).toMatchObject({ kind: 'password_reset', sentAt: null });
    expect(email?.error).toBeTruthy();
  });

  it('limits requests per address and ip with a 429 and a clear message', async () => {
    const member = await createAccountWithUser(knex);
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1) expect((await forgot(member.email, ip)).status).toBe(200);
    const limited = await forgot(member.email, ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: TOO_MANY_RESET_REQUESTS });
    // An unknown address hits the same wall, so the limit reveals nothing either.
    const unknown = 'limit-probe@example.org';
    for (let i = 0; i < 5; i += 1) await forgot(unknown, ip);
    expect((await forgot(unknown, ip)).status).toBe(429);
    // Another address from the same ip, or the same address elsewhere, still works.
    expect((await forgot(member.email, nextIp())).status).toBe(200);
    expect(await knex('password_resets').where('userId', member.userId).count<{ c: number }[]>({ c: '*' }).first()).toEqual({ c: 6 });
  });

  it('refuses a missing or malformed email with 400 and stores nothing', async () => {
    const before = await countRows('password_resets');
    for (const [email, message] of [
      [undefined, 'Email is required'],
      ['', 'Email is required'],
      [42, 'Email is required'],
      ['not-an-email', 'Please enter a valid email address'],
      [`${'a'.repeat(250)}@example.org`, 'Please enter a valid email address'],
    ] as const) {
      const res = await forgot(email);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.details).toEqual({ email: message });
    }
    expect(await countRows('password_resets')).toBe(before);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password once, ends every session, and the old password stops working', async () => {
    const member = await createAccountWithUser(knex);
    const laptop = await login(app, member);
    const phone = await login(app, member, true);
    const token = await requestToken(member);

    const res = await reset({ token, password: 'a-brand-new-secret' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { message: 'Password reset successful!' } });

    for (const session of [laptop, phone]) {
      expect((await request(app.callback()).get('/api/auth/me').set('Cookie', session.cookie)).status).toBe(401);
      expect((await request(app.callback()).get('/api/auth/me').set('Authorization', `Bearer ${session.token}`)).status).toBe(401);
    }
    const old = await request(app.callback()).post('/api/auth/login').send({ email: member.email, password: member.password });
    expect(old.status).toBe(401);
    const fresh = await login(app, { ...member, password: 'a-brand-new-secret' });
    expect((await request(app.callback()).get('/api/auth/me').set('Cookie', fresh.cookie)).status).toBe(200);

    const again = await reset({ token, password: 'yet-another-secret' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: INVALID });
    // The second attempt changed nothing.
    await login(app, { ...member, password: 'a-brand-new-secret' });
  });

  it('retires the older links of the same user', async () => {
    const member = await createAccountWithUser(knex);
    const first = await requestToken(member);
    const second = await requestToken(member);
    expect((await reset({ token: second, password: 'second-link-wins' })).status).toBe(200);
    const res = await reset({ token: first, password: 'first-link-late' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID);
  });

  it('refuses an expired link', async () => {
    const member = await createAccountWithUser(knex);
    const token = await requestToken(member);
    await knex('password_resets')
      .where('tokenHash', hashToken(token))
      .update({ expiresAt: new Date(Date.now() - 1000) });
    const res = await reset({ token, password: 'too-late-for-this' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: INVALID });
    await login(app, member);
  });

  it('refuses a short password and changes nothing (the link still works afterwards)', async () => {
    const member = await createAccountWithUser(knex);
    const session = await login(app, member);
    const token = await requestToken(member);
    const before = await knex('users').where('id', member.userId).first('passwordHash');

    const res = await reset({ token, password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Password must be at least 8 characters long.',
      details: { password: 'Password must be at least 8 characters long.' },
    });
    expect(await knex('users').where('id', member.userId).first('passwordHash')).toEqual(before);
    expect((await knex('password_resets').where('tokenHash', hashToken(token)).first()).usedAt).toBeNull();
    expect((await request(app.callback()).get('/api/auth/me').set('Cookie', session.cookie)).status).toBe(200);

    expect((await reset({ token, password: 'long-enough-now' })).status).toBe(200);
  });

  it('refuses a missing, unknown or malformed token with a clear message', async () => {
    const missing = await reset({ password: 'whatever-long' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Invalid reset link. Please request a new password reset.');
    const blank = await reset({ token: '', password: 'whatever-long' });
    expect(blank.body.message).toBe('Invalid reset link. Please request a new password reset.');
    for (const token of ['nope', 'A'.repeat(43), 'x'.repeat(300)]) {
      const res = await reset({ token, password: 'whatever-long' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(INVALID);
    }
    const wrongType = await reset({ token: 12, password: ['no'] });
    expect(wrongType.status).toBe(400);
  });

  it('refuses a link whose user is no longer active', async () => {
    const member = await createAccountWithUser(knex);
    const token = await requestToken(member);
    await knex('users').where('id', member.userId).update({ status: 'suspended' });
    const res = await reset({ token, password: 'suspended-user-pass' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID);
  });

  it('limits failed attempts per ip', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i += 1) expect((await reset({ token: 'B'.repeat(43), password: 'guessing-away' }, ip)).status).toBe(400);
    const limited = await reset({ token: 'B'.repeat(43), password: 'guessing-away' }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Too many password reset attempts. Please try again later.');
  });
});
