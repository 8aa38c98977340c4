import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { createApp } from '../../src/app';
import type { AppConfig } from '../../src/config';
import { createTestDb, type TestDb } from '../support/testDb';
import { testConfig } from './fixtures';

/**
 * The app on a real port, on a fresh test database, for tests whose clients are concurrent HTTP
 * requests (supertest serialises nothing, but a real socket per request is what a contended
 * workload needs). Registers its own beforeAll/afterAll; read the fields inside tests only.
 */
export type ListeningApp = { knex: Knex; app: ReturnType<typeof createApp>; baseUrl: string };

export function useListeningApp(config: Partial<AppConfig> = {}, dbOptions?: Parameters<typeof createTestDb>[0]): ListeningApp {
  const harness = {} as ListeningApp;
  let db: TestDb;
  let server: Server;

  beforeAll(async () => {
    db = await createTestDb(dbOptions);
    harness.knex = db.knex;
    harness.app = createApp({ knex: db.knex, config: testConfig(config) });
    server = harness.app.listen(0);
    await new Promise<void>((resolve) => server.once('listening', resolve));
    harness.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await harness.app?.jobs.queue.close();
    server?.closeAllConnections();
    if (server) await new Promise((resolve) => server.close(resolve));
    await db?.destroy();
  });

  return harness;
}

export type ApiAnswer = { status: number; data?: Record<string, unknown>; message?: string };

/**
 * A JSON client signed in with a bearer token. Keeps the first ten failures (status 300 and up) so a
 * test can print what went wrong beside its count.
 */
export function apiClient(baseUrl: string, token: string) {
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
  const failures: string[] = [];
  async function call(method: string, path: string, body?: unknown): Promise<ApiAnswer> {
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as { data?: Record<string, unknown>; message?: string };
    if (res.status >= 300 && failures.length < 10) failures.push(`${method} ${path} ${res.status} ${json.message}`);
    return { status: res.status, data: json.data, message: json.message };
  }
  return { call, failures };
}
