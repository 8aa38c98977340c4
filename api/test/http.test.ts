import fs from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { createApp } from '../src/app';
import { createKnex } from '../src/db';
import { createLogger } from '../src/http/logger';
import { createAccountWithUser, login, testApp, testConfig } from './helpers/fixtures';
import { freshApp } from './helpers/twoAccountApp';

const ctx = freshApp();
let knex: Knex, app: Koa;

beforeAll(() => ({ knex, app } = ctx));

const http = () => request(app.callback());

describe('envelope and errors', () => {
  it('GET /api/health', async () => {
    const res = await http().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'ok' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('unknown /api routes are a 404 envelope, with or without a session', async () => {
    for (const url of ['/api/nope', '/api', '/api/contacts/1/unknown-thing']) {
      const res = await http().get(url);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Not found' });
    }
    const post = await http().post('/api/nope').send({ a: 1 });
    expect(post.status).toBe(404);
  });

  it('a known path with the wrong method is 405 in the envelope', async () => {
    const res = await http().delete('/api/health');
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ message: 'Method not allowed' });
  });

  it('malformed JSON is a 400', async () => {
    const res = await http().post('/api/auth/login').set('Content-Type', 'application/json').send('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Malformed JSON body' });
  });

  it('a body over the limit is a 413, declared or streamed', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) });
    const res = await http().post('/api/auth/login').set('Content-Type', 'application/json').send(big);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request body too large: the limit is 1 MiB' });

    // Without a Content-Length the limit is enforced while reading.
    const small = testApp(knex, { bodyLimitBytes: 2048 });
    const server = small.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest({ port, method: 'POST', path: '/api/analytics/events', headers: { 'Content-Type': 'application/json' } }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        for (let i = 0; i < 8; i += 1) req.write('x'.repeat(1000));
        req.end();
      });
      expect(chunked.status).toBe(413);
      expect(JSON.parse(chunked.body)).toEqual({ message: 'Request body too large: the limit is 2 KiB' });
    } finally {
      server.close();
    }
  });

  it('a non-JSON body is 415', async () => {
    const res = await http().post('/api/auth/login').set('Content-Type', 'text/plain').send('email=a');
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Content-Type must be application/json');
  });

  it('an unexpected error is a 500 without internals, and is logged', async () => {
    // A database without tables makes every query fail the way an outage would.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caucus-broken-'));
    const broken = createKnex({ sqliteFile: path.join(dir, 'empty.sqlite') });
    const lines: string[] = [];
    const brokenApp = createApp({ knex: broken, config: testConfig(), logger: createLogger('error', (line) => lines.push(line)) });
    try {
      const res = await request(brokenApp.callback()).post('/api/auth/login').send({ email: 'a@b.co', password: 'secret-pw' });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: 'Internal server error' });
      expect(res.text).not.toMatch(/sqlite|stack|at /i);
      expect(lines).toHaveLength(1);
      const logged = JSON.parse(lines[0]);
      expect(logged).toMatchObject({ level: 'error', msg: 'unhandled error', path: '/api/auth/login' });
      expect(logged.stack).toContain('no such table');
    } finally {
      await broken.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes one JSON access-log line per request', async () => {
    const lines: string[] = [];
    const logged = createApp({ knex, config: testConfig(), logger: createLogger('info', (line) => lines.push(line)) });
    await request(logged.callback()).get('/api/health').set('X-Request-Id', 'req-123');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ msg: 'request', method: 'GET', path: '/api/health', status: 200, requestId: 'req-123' });
  });
});

describe('security headers and CORS', () => {
  it('sets CSP, nosniff, referrer policy and frame-ancestors; HSTS only under https', async () => {
    const res = await http().get('/api/health');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();

    const proxied = testApp(knex, { trustProxy: true });
    const https = await request(proxied.callback()).get('/api/health').set('X-Forwarded-Proto', 'https');
    expect(https.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('allows credentialed CORS for the configured origins only', async () => {
    const allowed = await http().options('/api/contacts').set('Origin', 'http://localhost:3002').set('Access-Control-Request-Method', 'GET');
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3002');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');

    const foreign = await http().get('/api/health').set('Origin', 'https://evil.example');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('static site (STATIC_DIR)', () => {
  let root: string;
  let siteApp: Koa;
  let outside: string;

  beforeAll(() => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'caucus-site-'));
    root = path.join(base, 'site');
    outside = path.join(base, 'secret.txt');
    fs.mkdirSync(path.join(root, 'remotes', 'mfe-contacts', '0.1.0-3f2a9c1b'), { recursive: true });
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(root, 'remotes.json'), '{"mfe_contacts":"/remotes/mfe-contacts/0.1.0-3f2a9c1b/mf-manifest.json"}');
    fs.writeFileSync(path.join(root, 'remotes', 'mfe-contacts', '0.1.0-3f2a9c1b', 'mf-manifest.json'), '{}');
    fs.writeFileSync(path.join(root, 'main.3f2a9c1b.js'), 'console.log(1)');
    fs.writeFileSync(path.join(root, 'favicon.ico'), 'icon');
    fs.writeFileSync(path.join(root, '.env'), 'SECRET=1');
    fs.writeFileSync(outside, 'top secret');
    fs.symlinkSync(outside, path.join(root, 'assets', 'link.txt'));
    siteApp = testApp(knex, { staticDir: root });
  });

  afterAll(() => {
    fs.rmSync(path.dirname(root), { recursive: true, force: true });
  });

  const site = () => request(siteApp.callback());

  it('serves index.html at / with no-cache and the security headers', async () => {
    const res = await site().get('/').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('<div id="root">');
    expect(res.headers['content-security-policy']).toBeDefined();
  });

  it('uses the cache rules of the ADR', async () => {
    const remotes = await site().get('/remotes.json');
    expect(remotes.headers['cache-control']).toBe('no-store');
    expect(remotes.headers['content-type']).toMatch(/application\/json/);

    const manifest = await site().get('/remotes/mfe-contacts/0.1.0-3f2a9c1b/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const hashed = await site().get('/main.3f2a9c1b.js');
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers['content-type']).toMatch(/javascript/);

    const plain = await site().get('/favicon.ico');
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('answers a revalidation with 304', async () => {
    const first = await site().get('/index.html');
    const again = await site().get('/index.html').set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
  });

  it('falls back to index.html for HTML navigations only', async () => {
    const nav = await site().get('/dashboard/contacts/123').set('Accept', 'text/html,application/xhtml+xml');
    expect(nav.status).toBe(200);
    expect(nav.text).toContain('<div id="root">');
    expect(nav.headers['cache-control']).toBe('no-cache');

    const asset = await site().get('/remotes/mfe-contacts/0.1.0-3f2a9c1b/missing.js').set('Accept', '*/*');
    expect(asset.status).toBe(404);

    const api = await site().get('/api/unknown').set('Accept', 'text/html');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ message: 'Not found' });
  });

  it('never lists directories, serves dotfiles, or leaves the root', async () => {
    const dir = await site().get('/remotes/').set('Accept', 'application/json');
    expect(dir.status).toBe(404);
    expect(dir.text).not.toContain('mfe-contacts');

    for (const attempt of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/remotes/%2e%2e/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/.env',
      '/assets/link.txt',
      '/%00index.html',
    ]) {
      const res = await site().get(attempt).set('Accept', '*/*');
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('top secret');
      expect(res.text).not.toContain('SECRET=1');
    }
  });

  it('signed-in API calls still work next to the site', async () => {
    const member = await login(siteApp, await createAccountWithUser(knex));
    const res = await site().get('/api/contacts').set('Authorization', `Bearer ${member.token}`);
    expect(res.status).toBe(200);
  });
});
