import { freePort } from '../../test/helpers/freePort';
import { createTestDb, type TestDb } from '../../test/support/testDb';
import { isDatabaseUnavailable } from './errors';
import { createKnex } from './knex';
import { whileDatabaseUnavailable } from './readiness';

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db.destroy();
});

describe('whileDatabaseUnavailable', () => {
  it('tries again while the database refuses connections, then answers what the work returned', async () => {
    // A real refusal: nothing listens on this port, as when a node was killed a moment ago.
    const gone = createKnex({ databaseUrl: `mysql://root@127.0.0.1:${await freePort()}/caucus`, acquireTimeoutMs: 1000 });
    const waits: number[] = [];
    let calls = 0;
    try {
      const answer = await whileDatabaseUnavailable(
        async () => {
          calls += 1;
          const [row] = await (calls < 3 ? gone : db.knex).select(db.knex.raw('1 as one'));
          return Number(row.one);
        },
        { onWait: (error, attempt) => waits.push(attempt) },
      );
      expect(answer).toBe(1);
      expect(calls).toBe(3);
      expect(waits).toEqual([1, 2]);
    } finally {
      await gone.destroy();
    }
  });

  it('lets any other error through at once', async () => {
    let calls = 0;
    const missingTable = whileDatabaseUnavailable(async () => {
      calls += 1;
      await db.knex('no_such_table').select('id');
    });
    const error = await missingTable.catch((caught: unknown) => caught);
    expect(String((error as Error).message)).toMatch(/no_such_table/);
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(calls).toBe(1);
  });

  it('gives up with the last refusal once its time is out', async () => {
    const gone = createKnex({ databaseUrl: `mysql://root@127.0.0.1:${await freePort()}/caucus`, acquireTimeoutMs: 1000 });
    try {
      const started = Date.now();
      const error = await whileDatabaseUnavailable(() => gone.raw('select 1'), { timeoutMs: 600 }).catch((caught: unknown) => caught);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await gone.destroy();
    }
  });
});
