import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import nodePath from 'node:path';
import { createGzip } from 'node:zlib';
import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import Koa from 'koa';
import request from 'supertest';
import { errorHandler } from '../src/http/errorHandler';
import { dataImportModule } from '../src/modules/dataImport';
import { createAccountWithUser, login, testApp, testConfig, type LoggedIn } from './helpers/fixtures';
import { freshApp } from './helpers/twoAccountApp';

const ctx = freshApp();
let knex: Knex, app: Koa;
let user: LoggedIn;
// One server for the app's requests: supertest given a callback starts and stops a server per
// request, and the alias walks below send a few thousand.
let server: Server;

beforeAll(async () => {
  ({ knex, app } = ctx);
  user = await login(app, await createAccountWithUser(knex));
  server = app.listen(0);
  await new Promise<void>((resolve) => server.once('listening', resolve));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const http = (target: Koa = app) => request(target === app ? server : target.callback());

/** A walk of every alias sends a few thousand requests: seconds alone, minutes when CI's lanes share the two cores. */
const ALIAS_WALK_MS = 300_000;

/** Each (method, alias) of every documented operation, answered with a few requests in flight at a time. */
async function answersToAliases(auth?: LoggedIn): Promise<{ method: string; alias: string; status: number; body: { message?: string } }[]> {
  const queue = (await documentedOperations()).flatMap(({ method, path }) => aliases(path).map((alias) => ({ method, alias })));
  const answers: { method: string; alias: string; status: number; body: { message?: string } }[] = [];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const res = await send(next.method, next.alias, auth);
      answers.push({ ...next, status: res.status, body: res.body as { message?: string } });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return answers;
}

type Operation = { method: string; path: string };

/** Every operation of the OpenAPI document, with its path parameters filled in. */
async function documentedOperations(): Promise<Operation[]> {
  const doc = (await http().get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    const path = template.replace(/\{[^}]+\}/g, 'abc123');
    for (const method of Object.keys(item)) operations.push({ method: method.toUpperCase(), path });
  }
  expect(operations.length).toBeGreaterThan(50);
  return operations;
}

/** The first segment after /api that is not a filled-in parameter ('contacts' of /api/contacts/abc123). */
function literalSegmentIndex(segments: string[]): number {
  const index = segments.findIndex((segment, i) => i >= 2 && segment !== 'abc123' && /[a-z]/.test(segment));
  return index === -1 ? 1 : index;
}

/** Other spellings of an /api path: case, trailing and doubled slashes, percent-encoded letters and slashes. */
function aliases(path: string): string[] {
  const segments = path.split('/');
  const at = literalSegmentIndex(segments);
  const withSegment = (segment: string) => segments.map((s, i) => (i === at ? segment : s)).join('/');
  const literal = segments[at];
  const letter = literal.search(/[a-z]/);
  const encodedLetter = `${literal.slice(0, letter)}%${literal.charCodeAt(letter).toString(16)}${literal.slice(letter + 1)}`;
  return [
    path.toUpperCase(),
    path.replace(/^\/api/, '/Api'),
    withSegment(literal[0].toUpperCase() + literal.slice(1)),
    withSegment(literal.toUpperCase()),
    `${path}/`,
    `/${path}`,
    path.replace(/^\/api\//, '/api//'),
    `${path.slice(0, path.lastIndexOf('/'))}//${path.slice(path.lastIndexOf('/') + 1)}`,
    path.replace(/^\/api/, '/%61pi'),
    path.replace(/^\/api/, '/%41PI'),
    withSegment(encodedLetter),
    path.replace(/^\/api\//, '/api%2F'),
  ];
}

function send(method: string, url: string, auth?: LoggedIn) {
  let req = http()[method.toLowerCase() as 'get'](url);
  if (auth) req = req.set('Authorization', `Bearer ${auth.token}`);
  if (!['GET', 'HEAD', 'DELETE'].includes(method)) req = req.send({});
  return req;
}

describe('one spelling per API path', () => {
  it('every router matches paths case-sensitively, and serves nothing outside /api', () => {
    const routers = app.middleware.map((mw) => (mw as { router?: Router }).router).filter((r): r is Router => r !== undefined);
    expect(routers.length).toBeGreaterThan(0);
    for (const router of routers) {
      for (const layer of router.stack) {
        expect({ path: String(layer.path), sensitive: layer.opts.sensitive }).toEqual({ path: String(layer.path), sensitive: true });
        if (typeof layer.path === 'string' && layer.methods.length > 0) expect(layer.path).toMatch(/^\/api\//);
      }
    }
  });

  it(
    'signed out, any other spelling of any documented route is 401 or 404, never served and never a crash',
    async () => {
      const failures: string[] = [];
      for (const { method, alias, status } of await answersToAliases()) {
        if (status !== 401 && status !== 404) failures.push(`${method} ${alias} -> ${status}`);
      }
      expect(failures).toEqual([]);
    },
    ALIAS_WALK_MS,
  );

  it(
    'signed in, any other spelling is a 404 envelope: it never reaches a handler',
    async () => {
      const failures: string[] = [];
      for (const { method, alias, status, body: answered } of await answersToAliases(user)) {
        const body = method === 'HEAD' ? { message: 'Not found' } : answered;
        if (status !== 404 || body.message !== 'Not found') failures.push(`${method} ${alias} -> ${status}`);
      }
      expect(failures).toEqual([]);
    },
    ALIAS_WALK_MS,
  );

  it('the canonical spelling still works, with its parameters percent-encoded as usual', async () => {
    expect((await http().get('/api/health')).status).toBe(200);
    expect((await send('GET', '/api/contacts', user)).status).toBe(200);
    // An encoded space in a parameter is no alias of anything: it reaches the route (and is no contact).
    expect((await send('GET', '/api/contacts/no%20such', user)).status).toBe(404);
    expect((await send('GET', '/api/contacts/no%20such')).status).toBe(401);
  });

  it('handlers take the session from authOf (401 when absent), never from a non-null assertion', () => {
    const srcDir = nodePath.join(__dirname, '..', 'src');
    const sources = (readdirSync(srcDir, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts'));
    const asserted = sources.filter((file) => /state\.auth!/.test(readFileSync(nodePath.join(srcDir, file), 'utf8')));
    expect(asserted).toEqual([]);
  });

  it('a handler reached without a session answers 401, not 500', async () => {
    // The import routes mounted with no session check in front of them: a mounting mistake.
    const bare = new Koa();
    bare.use(errorHandler());
    bare.use(dataImportModule(knex, testConfig()).routes.routes());
    for (const [method, url] of [
      ['get', '/data-import/history'],
      ['get', '/data-import/abc123'],
      ['post', '/data-import/abc123/cancel'],
    ] as const) {
      const res = await request(bare.callback())[method](url);
      expect({ url, status: res.status, body: res.body }).toEqual({ url, status: 401, body: { message: 'Unauthorized' } });
    }
  });
});

describe('methods', () => {
  it('a method the API serves nowhere is 405, with Allow where the path exists', async () => {
    for (const method of ['PROPFIND', 'TRACE', 'MKCOL']) {
      const known = await http()[method.toLowerCase() as 'get']('/api/contacts').set('Authorization', `Bearer ${user.token}`);
      expect(known.status).toBe(405);
      expect(known.headers.allow?.split(', ').sort()).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST']);
      const unknown = await http()[method.toLowerCase() as 'get']('/api/nothing-here');
      expect(unknown.status).toBe(405);
      expect(unknown.headers.allow).toBeUndefined();
    }
    const outsideApi = await http().propfind('/');
    expect(outsideApi.status).toBe(405);
  });

  it('a served method on a path that does not take it is 405 with Allow; OPTIONS lists them', async () => {
    const res = await http().delete('/api/health');
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ message: 'Method not allowed' });
    expect(res.headers.allow?.split(', ').sort()).toEqual(['GET', 'HEAD', 'OPTIONS']);
    const options = await http().options('/api/contacts');
    expect(options.status).toBe(200);
    expect(options.headers.allow?.split(', ').sort()).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST']);
  });
});

describe('readiness', () => {
  it('is 503 with Retry-After when a table the app needs is missing, though the database answers', async () => {
    expect((await http().get('/api/health')).status).toBe(200);
    await knex.schema.renameTable('sessions', 'sessions_moved');
    try {
      const res = await http().get('/api/health');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body.message).toMatch(/database/);
    } finally {
      await knex.schema.renameTable('sessions_moved', 'sessions');
    }
    expect((await http().get('/api/health')).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------
// Bodies are read only once the session is checked, and within bounds.

type RawResponse = { status: number; headers: IncomingHttpHeaders; body: string; ms: number };

function listen(target: Koa): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = target.listen(0, () => resolve({ server, port: (server.address() as AddressInfo).port }));
  });
}

function post(port: number, path: string, body: Buffer, headers: Record<string, string>): Promise<RawResponse> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { port, method: 'POST', path, headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length), ...headers } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, ms: Date.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** An import request whose one cell is `inflatedMiB` MiB of 'x', gzipped (about a thousand to one). */
async function gzipBomb(inflatedMiB: number): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => gzip.on('end', resolve));
  gzip.write('{"fileName":"bomb.csv","importType":"contacts","headers":["Name"],"mapping":{"Name":"fullName"},"rows":[["');
  const mib = Buffer.alloc(1024 * 1024, 'x');
  for (let i = 0; i < inflatedMiB; i += 1) {
    if (!gzip.write(mib)) await new Promise((resolve) => gzip.once('drain', resolve));
  }
  gzip.end('"]]}');
  await done;
  return Buffer.concat(chunks);
}

describe('no body is read before the session is checked', () => {
  let bomb: Buffer;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    bomb = await gzipBomb(127);
    ({ server, port } = await listen(app));
  });

  afterAll(() => {
    server.close();
  });

  it('signed out, a gzip bomb to the import routes is a 401 at once, without inflating it', async () => {
    expect(bomb.length).toBeLessThan(300 * 1024);
    const gzip = { 'Content-Encoding': 'gzip' };
    await post(port, '/api/data-import/import', Buffer.from('{}'), {});
    global.gc?.();
    const before = process.memoryUsage().rss;
    const results = await Promise.all([
      post(port, '/api/data-import/import', bomb, gzip),
      post(port, '/api/data-import/import', bomb, gzip),
      post(port, '/api/data-import/abc123/rows', bomb, gzip),
    ]);
    const grown = process.memoryUsage().rss - before;
    for (const res of results) {
      expect(res.status).toBe(401);
      expect(JSON.parse(res.body)).toEqual({ message: 'Unauthorized' });
    }
    expect(grown).toBeLessThan(20 * 1024 * 1024);
    // One at a time, each answers within 100 ms (the whole upload takes longer to inflate and parse).
    for (const path of ['/api/data-import/import', '/api/data-import/abc123/rows']) {
      const res = await post(port, path, bomb, gzip);
      expect({ path, status: res.status, fast: res.ms < 100 }).toEqual({ path, status: 401, fast: true });
    }
  });

  it('signed in, a gzip bomb is a 413 naming the limit, refused while it inflates', async () => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    const res = await post(port, '/api/data-import/import', bomb, { 'Content-Encoding': 'gzip', Authorization: `Bearer ${user.token}` });
    const grown = process.memoryUsage().rss - before;
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe('Request body too large: a compressed body may inflate to at most 100 times its size (and 128 MiB)');
    expect(grown).toBeLessThan(100 * 1024 * 1024);
    expect(await knex('imports').count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it('signed in, a body over the inflated limit is a 413 naming the limit, compressed or not', async () => {
    const small = testApp(knex, { importBodyLimitBytes: 64 * 1024 });
    const { server: smallServer, port: smallPort } = await listen(small);
    try {
      const auth = { Authorization: `Bearer ${user.token}` };
      const plain = Buffer.from(JSON.stringify({ rows: [['y'.repeat(70 * 1024)]] }));
      const declared = await post(smallPort, '/api/data-import/import', plain, auth);
      expect({ status: declared.status, body: JSON.parse(declared.body) }).toEqual({
        status: 413,
        body: { message: 'Request body too large: the limit is 64 KiB' },
      });
      // Under the ratio (a small body), over the limit once inflated.
      const inflated = await post(smallPort, '/api/data-import/import', await gzipBomb(1), { ...auth, 'Content-Encoding': 'gzip' });
      expect({ status: inflated.status, body: JSON.parse(inflated.body) }).toEqual({
        status: 413,
        body: { message: 'Request body too large: the limit is 64 KiB' },
      });
    } finally {
      smallServer.close();
    }
  });

  it('a workspace route refuses a signed-out body before reading it, whatever its size', async () => {
    const res = await post(port, '/api/contacts', Buffer.alloc(900 * 1024, ' '), {});
    expect(res.status).toBe(401);
  });
});

describe('uploads in flight per user', () => {
  it('a third concurrent upload of one user is a 429 with Retry-After; others and later ones go through', async () => {
    const { server, port } = await listen(app);
    const stalled: Array<ReturnType<typeof httpRequest>> = [];
    try {
      // Two uploads that have sent their headers and part of their body, and wait.
      for (let i = 0; i < 2; i += 1) {
        const req = httpRequest({
          port,
          method: 'POST',
          path: '/api/data-import/import',
          headers: { 'Content-Type': 'application/json', 'Content-Length': '100000', Authorization: `Bearer ${user.token}` },
        });
        req.on('error', () => {});
        req.write('{"rows":[');
        stalled.push(req);
      }
      await new Promise((resolve) => setTimeout(resolve, 300));

      const third = await post(port, '/api/data-import/import', Buffer.from('{}'), { Authorization: `Bearer ${user.token}` });
      expect(third.status).toBe(429);
      expect(third.headers['retry-after']).toBe('5');
      expect(JSON.parse(third.body).message).toMatch(/At most 2 uploads at a time/);

      // Another user is not held up by this one.
      const other = await login(app, await createAccountWithUser(knex));
      const theirs = await post(port, '/api/data-import/import', Buffer.from('{}'), { Authorization: `Bearer ${other.token}` });
      expect(theirs.status).toBe(400);

      // Once the stalled uploads end, the slots are free again.
      for (const req of stalled) req.destroy();
      let later: RawResponse | undefined;
      for (let attempt = 0; attempt < 20; attempt += 1) {
        later = await post(port, '/api/data-import/import', Buffer.from('{}'), { Authorization: `Bearer ${user.token}` });
        if (later.status !== 429) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(later?.status).toBe(400);
    } finally {
      for (const req of stalled) req.destroy();
      server.close();
    }
  });
});
