// The request pipeline's libraries (pino, @koa/bodyparser, helmet) configured the way the API
// needs them: what the access log holds and hides, what the parser keeps, which headers go out.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { createApp } from '../src/app';
import { createLogger } from '../src/http/logger';
import { createAccountWithUser, login, testConfig } from './helpers/fixtures';
import { createTestDb, type TestDb } from './support/testDb';

let db: TestDb;
let knex: Knex;

beforeAll(async () => {
  db = await createTestDb();
  knex = db.knex;
});

afterAll(async () => {
  await db.destroy();
});

function loggedApp(level: 'info' | 'silent' = 'info'): { app: Koa; lines: () => Record<string, unknown>[] } {
  const written: string[] = [];
  const app = createApp({ knex, config: testConfig(), logger: createLogger(level, (line) => written.push(line)) }) as unknown as Koa;
  return { app, lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('logging (pino)', () => {
  it('logs each request with its id, duration, status and the account that made it', async () => {
    const { app, lines } = loggedApp();
    const member = await login(app, await createAccountWithUser(knex));
    await request(app.callback()).get('/api/contacts').set('Authorization', `Bearer ${member.token}`).set('X-Request-Id', 'req-42');

    const entry = lines().find((line) => line.requestId === 'req-42');
    expect(entry).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'GET',
      path: '/api/contacts',
      status: 200,
      accountId: member.accountId,
      userId: member.userId,
    });
    expect(typeof entry!.durationMs).toBe('number');
    expect(new Date(entry!.time as string).toISOString()).toBe(entry!.time);
  });

  it('never writes passwords, tokens, cookies or authorization headers', () => {
    const written: string[] = [];
    const logger = createLogger('info', (line) => written.push(line));
    logger.info('debugging a request', {
      password: 'hunter2-password',
      token: 'reset-token-value',
      body: { password: 'body-password', newPassword: 'new-password', email: 'kept@example.org' },
      headers: { authorization: 'Bearer bearer-value', cookie: 'caucus_session=cookie-value', 'set-cookie': 'caucus_session=set-value' },
      req: { headers: { authorization: 'Bearer req-bearer', cookie: 'caucus_session=req-cookie' } },
    });
    const line = written.join('');
    for (const secret of [
      'hunter2-password',
      'reset-token-value',
      'body-password',
      'new-password',
      'bearer-value',
      'cookie-value',
      'set-value',
      'req-bearer',
      'req-cookie',
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('kept@example.org');
    expect(JSON.parse(line).body.password).toBe('[redacted]');
  });

  it('censors credentials at any depth a request body can hold, in objects and lists alike', () => {
    const written: string[] = [];
    const logger = createLogger('info', (line) => written.push(line));
    const input = {
      body: {
        contact: { notes: [{ subject: 'kept-subject' }] },
        members: [{ email: 'deep@example.org', password: 'list-password' }],
        settings: { security: { smtp: { auth: { Password: 'four-deep-password', user: 'kept-user' } } } },
        integrations: [[{ apiKey: 'nested-api-key', 'X-Api-Key': 'header-api-key', accessToken: 'access-token-value' }]],
        headers: { 'Set-Cookie': 'caucus_session=deep-cookie', Authorization: 'Bearer deep-bearer' },
        reset: { confirm_password: 'snake-password', signupToken: 'signup-token-value', clientSecret: 'client-secret-value' },
      },
    };
    const original = JSON.stringify(input);
    logger.error('request failed', input);
    const line = written.join('');
    for (const secret of [
      'list-password',
      'four-deep-password',
      'nested-api-key',
      'header-api-key',
      'access-token-value',
      'deep-cookie',
      'deep-bearer',
      'snake-password',
      'signup-token-value',
      'client-secret-value',
    ]) {
      expect(line).not.toContain(secret);
    }
    const logged = JSON.parse(line);
    expect(logged.body.members).toEqual([{ email: 'deep@example.org', password: '[redacted]' }]);
    expect(logged.body.settings.security.smtp.auth).toEqual({ Password: '[redacted]', user: 'kept-user' });
    expect(logged.body.contact.notes[0].subject).toBe('kept-subject');
    // The caller's object is left as it was.
    expect(JSON.stringify(input)).toBe(original);
  });

  it('logs a signed file URL by its route, not by the token that is its credential', async () => {
    const { app, lines } = loggedApp();
    await request(app.callback()).get('/api/files/not-a-valid-token-but-secret-looking');
    const entry = lines().find((line) => line.msg === 'request');
    expect(entry).toMatchObject({ path: '/api/files/:token', status: 403 });
    expect(JSON.stringify(lines())).not.toContain('secret-looking');
  });

  it('LOG_LEVEL=silent writes nothing', async () => {
    const { app, lines } = loggedApp('silent');
    await request(app.callback()).get('/api/health');
    await request(app.callback()).get('/api/nope');
    expect(lines()).toEqual([]);
  });
});

describe('body parsing (@koa/bodyparser)', () => {
  // The API echoes nothing back, so the parser is observed through the routes' validation.
  const http = () => request(createApp({ knex, config: testConfig() }).callback());

  it('parses JSON, and +json types too', async () => {
    const res = await http()
      .post('/api/analytics/events')
      .set('Content-Type', 'application/vnd.caucus+json')
      .send(JSON.stringify({ events: [{ name: 'page_view' }] }));
    expect(res.status).toBe(202);
  });

  it('treats an empty or blank JSON body as no body', async () => {
    for (const body of ['', '   \n']) {
      const res = await http().post('/api/auth/login').set('Content-Type', 'application/json').send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Email is required');
    }
  });

  it('refuses prototype pollution as malformed JSON', async () => {
    const res = await http()
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"email":"a@b.co","password":"x","__proto__":{"admin":true}}');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Malformed JSON body' });
  });

  it('applies the limit to the inflated size of a compressed body, and refuses broken compression', async () => {
    const server = createApp({ knex, config: testConfig({ bodyLimitBytes: 2048 }) }).listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const post = (body: Buffer) =>
        new Promise<{ status: number; body: unknown }>((resolve, reject) => {
          const req = httpRequest(
            { port, method: 'POST', path: '/api/auth/login', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' } },
            (res) => {
              let text = '';
              res.on('data', (chunk) => (text += chunk));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
            },
          );
          req.on('error', reject);
          req.end(body);
        });
      const bomb = gzipSync(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(64 * 1024) }));
      expect(bomb.length).toBeLessThan(2048);
      expect(await post(bomb)).toEqual({ status: 413, body: { message: 'Request body too large: the limit is 2 KiB' } });
      expect(await post(Buffer.from('not gzip at all'))).toEqual({ status: 400, body: { message: 'Malformed compressed body' } });
      const fine = await post(gzipSync(JSON.stringify({ email: '', password: 'x' })));
      expect(fine).toEqual({ status: 400, body: expect.objectContaining({ message: 'Email is required' }) });
    } finally {
      server.close();
    }
  });
});

describe('security headers (helmet)', () => {
  it("sends today's policy: the same CSP directives, frame and opener isolation, permissions", async () => {
    const res = await request(createApp({ knex, config: testConfig() }).callback()).get('/api/health');
    const directives = (res.headers['content-security-policy'] as string)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .sort();
    expect(directives).toEqual(
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob: https:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "frame-src 'none'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].sort(),
    );
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=()');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends HSTS when PUBLIC_URL is https, even behind a proxy that does not say so', async () => {
    const res = await request(createApp({ knex, config: testConfig({ publicUrl: 'https://caucus.example' }) }).callback()).get('/api/health');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
