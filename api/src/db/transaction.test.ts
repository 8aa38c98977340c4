import type { Knex } from 'knex';
import { createTestDb, testEngine } from '../../test/support/testDb';
import { createKnex } from './knex';
import { inTransaction, isRetryableLockError } from './transaction';

const lockError = (errno: number, code: string) => Object.assign(new Error(code), { errno, code });

/** A knex stand-in whose transaction() just runs the work: the retry logic alone. */
const fakeKnex = { transaction: (work: (trx: unknown) => unknown) => Promise.resolve().then(() => work({})) } as unknown as Knex;
const noSleep = { sleep: async () => {} };

describe('inTransaction', () => {
  it('runs the work again after a deadlock or a lock wait timeout, and returns its result', async () => {
    const failures = [lockError(1213, 'ER_LOCK_DEADLOCK'), lockError(1205, 'ER_LOCK_WAIT_TIMEOUT')];
    let calls = 0;
    const result = await inTransaction(
      fakeKnex,
      async () => {
        calls += 1;
        const failure = failures.shift();
        if (failure) throw failure;
        return 'saved';
      },
      noSleep,
    );
    expect(result).toBe('saved');
    expect(calls).toBe(3);
  });

  it('runs the work again when COMMIT itself fails with a certification conflict (Galera) or the node left the cluster', async () => {
    // knex.transaction() rejects with the COMMIT's error after the work resolved: the whole work runs again.
    const commitFailures = [lockError(1213, 'ER_LOCK_DEADLOCK'), lockError(1047, 'ER_UNKNOWN_COM_ERROR')];
    let calls = 0;
    const committingKnex = {
      transaction: async (work: (trx: unknown) => unknown) => {
        const result = await work({});
        const failure = commitFailures.shift();
        if (failure) throw failure;
        return result;
      },
    } as unknown as Knex;
    const result = await inTransaction(
      committingKnex,
      async () => {
        calls += 1;
        return 'saved';
      },
      noSleep,
    );
    expect(result).toBe('saved');
    expect(calls).toBe(3);
  });

  it('runs the work again when the connection broke before COMMIT, never when it broke during COMMIT (the outcome is unknown)', async () => {
    const lost = () => Object.assign(new Error('Connection lost: The server closed the connection.'), { code: 'PROTOCOL_CONNECTION_LOST', fatal: true });
    let calls = 0;
    const result = await inTransaction(
      fakeKnex,
      async () => {
        calls += 1;
        if (calls === 1) throw lost();
        return 'saved';
      },
      noSleep,
    );
    expect([result, calls]).toEqual(['saved', 2]);

    calls = 0;
    const lostAtCommit = {
      transaction: async (work: (trx: unknown) => unknown) => {
        await work({});
        throw lost();
      },
    } as unknown as Knex;
    await expect(
      inTransaction(
        lostAtCommit,
        async () => {
          calls += 1;
        },
        noSleep,
      ),
    ).rejects.toMatchObject({ code: 'PROTOCOL_CONNECTION_LOST' });
    expect(calls).toBe(1);
  });

  it('gives up after the last attempt, and never retries other errors', async () => {
    let calls = 0;
    await expect(
      inTransaction(
        fakeKnex,
        async () => {
          calls += 1;
          throw lockError(1213, 'ER_LOCK_DEADLOCK');
        },
        { ...noSleep, attempts: 4 },
      ),
    ).rejects.toMatchObject({ errno: 1213 });
    expect(calls).toBe(4);

    calls = 0;
    await expect(
      inTransaction(
        fakeKnex,
        async () => {
          calls += 1;
          throw lockError(1062, 'ER_DUP_ENTRY');
        },
        noSleep,
      ),
    ).rejects.toMatchObject({ errno: 1062 });
    expect(calls).toBe(1);
    expect(isRetryableLockError(new Error('plain'))).toBe(false);
  });

  it('waits a jittered, growing time between attempts', async () => {
    const waits: number[] = [];
    let calls = 0;
    await inTransaction(
      fakeKnex,
      async () => {
        calls += 1;
        if (calls < 4) throw lockError(1213, 'ER_LOCK_DEADLOCK');
      },
      { baseDelayMs: 10, sleep: async (ms) => void waits.push(ms) },
    );
    expect(waits).toHaveLength(3);
    waits.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(0);
      expect(ms).toBeLessThan(10 * 2 ** i);
    });
  });

  (testEngine() === 'mysql' ? it : it.skip)(
    'lets both sides of a real MariaDB deadlock commit',
    async () => {
      const db = await createTestDb();
      try {
        const { knex } = db;
        const [a, b] = (await knex('plans').orderBy('id').limit(2).pluck('id')) as string[];
        let deadlocks = 0;
        // Each locks one row, waits until the other has locked its row, then wants the other's: a
        // barrier, not a timer (on a loaded machine a side can take longer than any fixed wait to
        // lock its row, and the two then queue instead of deadlocking).
        let lockedRows = 0;
        let release = () => {};
        const bothLocked = new Promise<void>((resolve) => (release = resolve));
        const crossing = (first: string, second: string) =>
          inTransaction(knex, async (trx) => {
            try {
              await trx('plans')
                .where({ id: first })
                .update({ name: `${first} by ${first}` });
              lockedRows += 1;
              if (lockedRows >= 2) release();
              await bothLocked;
              await trx('plans')
                .where({ id: second })
                .update({ name: `${second} by ${first}` });
            } catch (err) {
              if (isRetryableLockError(err)) deadlocks += 1;
              throw err;
            }
          });
        await Promise.all([crossing(a, b), crossing(b, a)]);
        expect(deadlocks).toBeGreaterThanOrEqual(1);
        // Both committed: the retried one ran last and wrote both rows.
        const names = (await knex('plans').whereIn('id', [a, b]).orderBy('id').pluck('name')) as string[];
        expect([
          [`${a} by ${a}`, `${b} by ${a}`],
          [`${a} by ${b}`, `${b} by ${b}`],
        ]).toContainEqual(names);
      } finally {
        await db.destroy();
      }
    },
    60_000,
  );

  (testEngine() === 'sqlite' ? it : it.skip)(
    'starts a SQLite transaction again when another process wrote between its read and its write (SQLITE_BUSY_SNAPSHOT)',
    async () => {
      const db = await createTestDb();
      // Another connection to the same file, as a worker process has.
      const otherProcess = createKnex({ sqliteFile: db.env.SQLITE_FILE });
      try {
        const { knex } = db;
        const [planId] = (await knex('plans').orderBy('id').limit(1).pluck('id')) as string[];
        let attempts = 0;
        const written = await inTransaction(knex, async (trx) => {
          attempts += 1;
          const { name } = (await trx('plans').where({ id: planId }).first('name')) as { name: string };
          // A worker commits after this transaction's read, the first time only.
          if (attempts === 1) await otherProcess('plans').where({ id: planId }).update({ name: 'renamed by a worker' });
          await trx('plans')
            .where({ id: planId })
            .update({ name: `${name} (seen)` });
          return name;
        });
        expect(attempts).toBe(2);
        expect(written).toBe('renamed by a worker');
        expect(await knex('plans').where({ id: planId }).first('name')).toEqual({ name: 'renamed by a worker (seen)' });
      } finally {
        await otherProcess.destroy();
        await db.destroy();
      }
    },
    60_000,
  );
});
