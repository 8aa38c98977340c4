import type { Knex } from 'knex';
import request from 'supertest';
import { createApp } from '../../src/app';
import type { AppConfig } from '../../src/config';
import { createTestDb, type TestDb } from '../support/testDb';
import { testConfig, twoLoggedInAccounts, type LoggedIn } from './fixtures';

export type TestApp = ReturnType<typeof createApp>;

/** What freshApp() builds: filled in by its beforeAll, so read the fields in hooks and tests. */
export interface FreshApp {
  db: TestDb;
  knex: Knex;
  app: TestApp;
}

/** What twoAccountApp() builds, likewise filled in by its beforeAll. */
export interface TwoAccountApp extends FreshApp {
  /** Owners of two separate accounts ('Account A' and 'Account B'), logged in. */
  a: LoggedIn;
  b: LoggedIn;
}

type AppOptions = { config?: Partial<AppConfig>; timeoutMs?: number; db?: Parameters<typeof createTestDb>[0] };

/**
 * A fresh migrated database and the app on it (with `config` over testConfig()). Registers the
 * beforeAll that builds them (before any the file registers after calling this) and the afterAll
 * that closes the app's job queue and drops the database.
 */
export function freshApp(options: AppOptions = {}): FreshApp {
  const ctx = {} as FreshApp;
  beforeAll(async () => {
    ctx.db = await createTestDb(options.db);
    ctx.knex = ctx.db.knex;
    ctx.app = createApp({ knex: ctx.knex, config: testConfig(options.config) });
  }, options.timeoutMs);
  afterAll(async () => {
    await ctx.app?.jobs.queue.close();
    await ctx.db?.destroy();
  });
  return ctx;
}

/** The setup most API test files share: freshApp() and two accounts, each with a logged-in owner. */
export function twoAccountApp(options: AppOptions = {}): TwoAccountApp {
  const ctx = freshApp(options) as TwoAccountApp;
  beforeAll(async () => {
    Object.assign(ctx, await twoLoggedInAccounts(ctx.knex, ctx.app as never));
  });
  return ctx;
}

/** GET and JSON POST as `who`, by bearer token. */
export function bearer(app: TestApp, who: LoggedIn) {
  const agent = request(app.callback());
  const auth = { Authorization: `Bearer ${who.token}` };
  return {
    get: (url: string) => agent.get(url).set(auth),
    delete: (url: string) => agent.delete(url).set(auth),
    post: (url: string, body: unknown = {}) =>
      agent
        .post(url)
        .set(auth)
        .send(body as object),
  };
}
