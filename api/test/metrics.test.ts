import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApp } from '../src/app';
import { startMetricsServer } from '../src/metrics/server';
import { createAccountWithUser, login, testConfig } from './helpers/fixtures';
import { createTestDb, type TestDb } from './support/testDb';

let db: TestDb;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  db = await createTestDb();
  app = createApp({ knex: db.knex, config: testConfig() });
});

afterAll(async () => {
  await app.jobs.queue.close();
  await db.destroy();
});

/** The value of one sample line of the registry's text, or undefined when the series is absent. */
async function sample(series: string): Promise<number | undefined> {
  const text = await app.metrics.registry.metrics();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics of the API', () => {
  it('counts and times requests by route pattern and status, never by path, account or user', async () => {
    const member = await createAccountWithUser(db.knex);
    const { token } = await login(app, member);
    const http = () => request(app.callback());
    const before = (await sample('caucus_http_requests_total{method="GET",route="/api/contacts/:id",status="404"}')) ?? 0;

    await http().get('/api/health').expect(200);
    await http().get('/api/contacts/01J0000000000000000000000A').set('Authorization', `Bearer ${token}`).expect(404);
    await http().get('/api/contacts/01J0000000000000000000000B').set('Authorization', `Bearer ${token}`).expect(404);
    await http().get('/api/contacts/01J0000000000000000000000C').expect(401);
    await http().get('/api/no-such-thing/42').expect(404);
    await http().delete('/api/health').expect(405);

    expect(await sample('caucus_http_requests_total{method="GET",route="/api/health",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(await sample('caucus_http_requests_total{method="GET",route="/api/contacts/:id",status="404"}')).toBe(before + 2);
    expect(await sample('caucus_http_requests_total{method="GET",route="/api/contacts/:id",status="401"}')).toBe(1);
    expect(await sample('caucus_http_requests_total{method="POST",route="/api/auth/login",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(await sample('caucus_http_requests_total{method="DELETE",route="/api/health",status="405"}')).toBe(1);
    // An unknown path is one series, whatever was asked.
    expect(await sample('caucus_http_requests_total{method="GET",route="unmatched",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(await sample('caucus_http_request_duration_seconds_count{method="GET",route="/api/contacts/:id"}')).toBe(before + 3);
    expect(await sample('caucus_http_requests_in_flight')).toBe(0);

    // The series' names and labels (each sample line less its value).
    const series = (await app.metrics.registry.metrics())
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.slice(0, line.lastIndexOf(' ')));
    for (const secret of ['01J0000000000000000000000A', 'no-such-thing', member.accountId, member.userId, member.email, token]) {
      expect(series.filter((name) => name.includes(secret))).toEqual([]);
    }
  });

  it("reads the database pool's connections and the job queue's depth at each scrape", async () => {
    const text = await app.metrics.registry.metrics();
    expect(text).toMatch(/^caucus_db_pool_connections\{state="used"\} 0$/m);
    expect(text).toMatch(/^caucus_db_pool_connections\{state="pending_acquires"\} 0$/m);

    // A job waiting for a later try is counted as delayed until it runs (or the queue closes).
    await app.jobs.queue.enqueue('duplicate-scan', { scanId: 'not-a-scan' }, 60_000);
    expect(await sample('caucus_jobs{state="delayed"}')).toBe(1);
    expect(await sample('caucus_jobs{state="waiting"}')).toBe(0);
    expect(await sample('caucus_jobs{state="active"}')).toBe(0);
  });

  it('serves GET /metrics on its own port only, in Prometheus text format', async () => {
    const server = await startMetricsServer(app.metrics.registry, { host: '127.0.0.1', port: 0 });
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const scrape = await fetch(`${base}/metrics`);
      expect(scrape.status).toBe(200);
      expect(scrape.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(await scrape.text()).toMatch(/^# TYPE caucus_http_requests_total counter$/m);
      expect((await fetch(`${base}/metrics`, { method: 'HEAD' })).status).toBe(200);
      expect((await fetch(`${base}/`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    // The public port has no such path.
    const onApp = await request(app.callback()).get('/metrics');
    expect(onApp.status).toBe(404);
    expect(onApp.text).not.toContain('caucus_http_requests_total');
  });
});
