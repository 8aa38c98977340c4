import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { createAccountWithUser, addMembership, login, testApp, type TestMember } from './helpers/fixtures';
import { freshApp } from './helpers/twoAccountApp';
import { hashToken } from '../src/modules/auth/tokens';
import { SESSION_CACHE_TTL_MS } from '../src/modules/auth/sessionCache';

const ctx = freshApp();
let knex: Knex, app: Koa;
let member: TestMember;

beforeAll(async () => {
  ({ knex, app } = ctx);
  member = await createAccountWithUser(knex, { accountName: 'Friends of Rivera' });
});

const http = () => request(app.callback());

describe('POST /api/auth/login', () => {
  it('sets an httpOnly session cookie and returns the token, user and accounts', async () => {
    const res = await http().post('/api/auth/login').send({ email: member.email.toUpperCase(), password: member.password });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toEqual({ id: member.userId, email: member.email, firstName: 'Pat', lastName: member.lastName });
    expect(res.body.data.accounts).toEqual([{ id: member.accountId, name: 'Friends of Rivera', organizationType: 'political' }]);
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.data.user.passwordHash).toBeUndefined();

    const cookie = ([] as string[]).concat(res.headers['set-cookie'])[0];
    expect(cookie).toMatch(/^caucus_session=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    // A browser-session cookie unless "Remember me".
    expect(cookie).not.toContain('Max-Age');
    expect(cookie).not.toContain('Secure');

    const me = await http().get('/api/auth/me').set('Cookie', cookie.split(';')[0]);
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual({ user: res.body.data.user, accounts: res.body.data.accounts, role: 'owner', permissions: res.body.data.permissions });
    expect(me.body.data.permissions).toContain('billing.write');
  });

  it('stores only the sha256 of the token, with a 12 hour expiry, and a new token at every login', async () => {
    const first = await login(app, member);
    const second = await login(app, member);
    expect(first.token).not.toBe(second.token);
    const stored = await knex('sessions')
      .where({ tokenHash: hashToken(first.token) })
      .first();
    expect(stored).toBeTruthy();
    expect(await knex('sessions').where({ tokenHash: first.token }).first()).toBeUndefined();
    const expires = new Date(typeof stored.expiresAt === 'number' ? stored.expiresAt : stored.expiresAt).getTime();
    const hours = (expires - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
  });

  it('remember me gives a persistent cookie and a 30 day session; Secure when configured', async () => {
    const secureApp = testApp(knex, { cookieSecure: true });
    const res = await request(secureApp.callback()).post('/api/auth/login').send({ email: member.email, password: member.password, rememberMe: true });
    expect(res.status).toBe(200);
    const cookie = ([] as string[]).concat(res.headers['set-cookie'])[0];
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
    expect(maxAge).toBeGreaterThan(29 * 24 * 3600);
    expect(maxAge).toBeLessThanOrEqual(30 * 24 * 3600);
    expect(cookie).toContain('Secure');
  });

  it.each([
    ['without Remember me, a session cookie (no Max-Age or Expires): it ends when the browser closes', { rememberMe: false }, false],
    ['with Remember me not sent, a session cookie too', {}, false],
    ['with Remember me, a persistent cookie that lasts as long as the server session', { rememberMe: true }, true],
  ])('login %s', async (_label, remember, persistent) => {
    const res = await http()
      .post('/api/auth/login')
      .send({ email: member.email, password: member.password, ...remember });
    expect(res.status).toBe(200);
    const cookie = ([] as string[]).concat(res.headers['set-cookie'])[0];
    // Every tab of the browser sends this one cookie; the frontend's cached profile follows its lifetime.
    expect(cookie).not.toMatch(/Expires=/i);
    const stored = await knex('sessions')
      .where({ tokenHash: hashToken(res.body.data.token) })
      .first();
    const serverExpiry = new Date(stored.expiresAt).getTime();
    if (!persistent) {
      expect(cookie).not.toMatch(/Max-Age/i);
      return;
    }
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
    expect(Math.abs(Date.now() + maxAge * 1000 - serverExpiry)).toBeLessThan(5000);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const wrong = await http().post('/api/auth/login').send({ email: member.email, password: 'not-the-password' });
    const unknown = await http().post('/api/auth/login').send({ email: 'nobody@example.org', password: 'whatever-it-is' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('refuses users and accounts that are not active with the same text', async () => {
    const pendingAccount = await createAccountWithUser(knex, { accountStatus: 'pending' });
    const pendingUser = await createAccountWithUser(knex, { userStatus: 'pending' });
    for (const who of [pendingAccount, pendingUser]) {
      const res = await http().post('/api/auth/login').send({ email: who.email, password: who.password });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid email or password' });
    }
  });

  it('validates with the spec texts', async () => {
    const empty = await http().post('/api/auth/login').send({});
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(empty.body.message).toBe('Email is required');

    const invalid = await http().post('/api/auth/login').send({ email: 'not-an-email', password: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details).toEqual({ email: 'Email is invalid', password: 'Password is required' });
  });

  it('locks an email+IP out after 10 failures in 15 minutes, even for the right password', async () => {
    const victim = await createAccountWithUser(knex);
    for (let i = 0; i < 10; i += 1) {
      const res = await http()
        .post('/api/auth/login')
        .send({ email: victim.email, password: `wrong-${i}` });
      expect(res.status).toBe(401);
    }
    const eleventh = await http().post('/api/auth/login').send({ email: victim.email, password: victim.password });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual({ message: 'Too many login attempts. Please try again later.' });

    // Attempts older than the window no longer count.
    await knex('login_attempts')
      .where({ email: victim.email })
      .update({ attemptedAt: new Date(Date.now() - 16 * 60 * 1000) });
    const later = await http().post('/api/auth/login').send({ email: victim.email, password: victim.password });
    expect(later.status).toBe(200);
  });
});

describe('sessions', () => {
  it('logout revokes the session and clears the cookie; the old cookie is then 401', async () => {
    const session = await login(app, member);
    const out = await http().post('/api/auth/logout').set('Cookie', session.cookie).set('X-Requested-With', 'caucus');
    expect(out.status).toBe(200);
    const cleared = ([] as string[]).concat(out.headers['set-cookie'])[0];
    expect(cleared).toMatch(/^caucus_session=; /);
    expect(cleared).toContain('Max-Age=0');

    const me = await http().get('/api/auth/me').set('Cookie', session.cookie);
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ message: 'Unauthorized' });
    const bearer = await http().get('/api/auth/me').set('Authorization', `Bearer ${session.token}`);
    expect(bearer.status).toBe(401);
  });

  it('accepts the token as a bearer header', async () => {
    const session = await login(app, member);
    const res = await http().get('/api/contacts').set('Authorization', `Bearer ${session.token}`);
    expect(res.status).toBe(200);
  });

  it("refuses the spec's forgeable 'userId:accountId' bearer and unknown tokens", async () => {
    for (const value of [`${member.userId}:${member.accountId}`, 'x'.repeat(43), 'garbage', '']) {
      const res = await http().get('/api/auth/me').set('Authorization', `Bearer ${value}`);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthorized' });
    }
    expect((await http().get('/api/auth/me')).status).toBe(401);
  });

  it('refuses an expired session', async () => {
    const session = await login(app, member);
    await knex('sessions')
      .where({ tokenHash: hashToken(session.token) })
      .update({ expiresAt: new Date(Date.now() - 1000) });
    const res = await http().get('/api/auth/me').set('Cookie', session.cookie);
    expect(res.status).toBe(401);
  });

  it('lets a member pick another of their accounts with X-Account-Id, and refuses a foreign one', async () => {
    const session = await login(app, member);
    const other = await createAccountWithUser(knex, { accountName: 'Second committee' });
    await addMembership(knex, other.accountId, member.userId);

    const me = await http().get('/api/auth/me').set('Authorization', `Bearer ${session.token}`);
    expect(me.body.data.accounts.map((a: { id: string }) => a.id)).toEqual([member.accountId, other.accountId]);

    const chosen = await http().get('/api/contacts').set('Authorization', `Bearer ${session.token}`).set('X-Account-Id', other.accountId);
    expect(chosen.status).toBe(200);

    const stranger = await createAccountWithUser(knex);
    const refused = await http().get('/api/contacts').set('Authorization', `Bearer ${session.token}`).set('X-Account-Id', stranger.accountId);
    expect(refused.status).toBe(403);
  });
});

describe('session lookups, reused for a moment (docs/product/performance.md)', () => {
  /** How many times the requests `run` makes read a session from the database. */
  async function sessionReads(run: () => Promise<unknown>): Promise<number> {
    let reads = 0;
    const count = (query: { sql: string }) => {
      if (/from [`"]sessions[`"] inner join/i.test(query.sql)) reads += 1;
    };
    knex.on('query', count);
    try {
      await run();
    } finally {
      knex.off('query', count);
    }
    return reads;
  }
  const me = (token: string) => http().get('/api/auth/me').set('Authorization', `Bearer ${token}`);

  it('reads a session once while it is fresh, for any number of requests', async () => {
    const session = await login(app, member);
    const reads = await sessionReads(async () => {
      for (let i = 0; i < 3; i += 1) expect((await me(session.token)).status).toBe(200);
      await Promise.all([me(session.token), me(session.token)]);
    });
    expect(reads).toBe(1);
  });

  it('keeps them across analytics events (posted on every page view), and drops them after any other write', async () => {
    const session = await login(app, member);
    const pageView = () =>
      http()
        .post('/api/analytics/events')
        .set('Authorization', `Bearer ${session.token}`)
        .send({ events: [{ name: 'page_view', path: '/dashboard' }] });
    const kept = await sessionReads(async () => {
      expect((await me(session.token)).status).toBe(200);
      expect((await pageView()).status).toBe(202);
      expect((await me(session.token)).status).toBe(200);
    });
    expect(kept).toBe(1);
    const dropped = await sessionReads(async () => {
      expect((await http().post('/api/contacts').set('Authorization', `Bearer ${session.token}`).send({})).status).toBe(400);
      expect((await me(session.token)).status).toBe(200);
    });
    // The write itself used the cached lookup; the request after it reads the session again.
    expect(dropped).toBe(1);
  });

  it('a sign-out or revocation made in this process holds for the very next request', async () => {
    const session = await login(app, member);
    const other = await login(app, member);
    expect((await me(session.token)).status).toBe(200);
    expect((await me(other.token)).status).toBe(200);
    expect((await http().post('/api/settings/sessions/sign-out-others').set('Authorization', `Bearer ${other.token}`)).status).toBe(200);
    expect((await me(session.token)).status).toBe(401);
    expect((await me(other.token)).status).toBe(200);
    expect((await http().post('/api/auth/logout').set('Authorization', `Bearer ${other.token}`)).status).toBe(200);
    expect((await me(other.token)).status).toBe(401);
  });

  it(`a revocation made by another process holds within ${SESSION_CACHE_TTL_MS} ms`, async () => {
    const session = await login(app, member);
    expect((await me(session.token)).status).toBe(200);
    const revokedAt = Date.now();
    await knex('sessions')
      .where({ tokenHash: hashToken(session.token) })
      .update({ revokedAt: new Date(revokedAt) });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, revokedAt + SESSION_CACHE_TTL_MS - Date.now())));
    expect((await me(session.token)).status).toBe(401);
  });
});

describe('CSRF', () => {
  it('refuses a cookie-authenticated state change without JSON or X-Requested-With', async () => {
    const session = await login(app, member);
    const forged = await http().post('/api/auth/logout').set('Cookie', session.cookie);
    expect(forged.status).toBe(403);
    expect(forged.body.message).toMatch(/X-Requested-With/);
    // The session survived the forged request.
    expect((await http().get('/api/auth/me').set('Cookie', session.cookie)).status).toBe(200);

    const json = await http()
      .post('/api/analytics/events')
      .set('Cookie', session.cookie)
      .send({ events: [{ name: 'page_view', path: '/dashboard' }] });
    expect(json.status).toBe(202);

    // Bearer clients carry no ambient credential, so the rule does not apply to them.
    const bearer = await http().post('/api/auth/logout').set('Authorization', `Bearer ${session.token}`);
    expect(bearer.status).toBe(200);
  });
});
