import request from 'supertest';
import { createApp } from '../src/app';
import { createBullQueue } from '../src/jobs/bullmq';
import { reconcileAccount } from '../src/modules/ledger';
import { insertCampaign, login, createAccountWithUser, testConfig, type LoggedIn } from './helpers/fixtures';
import { killWorkers, REDIS_URL, redisReachable, spawnWorker, waitFor } from './helpers/workers';
import { createTestDb, type TestDb } from './support/testDb';

// The fault test of docs/product/imports.md (At scale and after a crash) and ADR 0007: a real
// worker process is killed (SIGKILL, no cleanup) in the middle of an import; a new worker continues
// it, and every count adds up with no donation made twice.

const ROWS = 3000;

let db: TestDb;
let app: ReturnType<typeof createApp>;
let who: LoggedIn;
let campaignId: string;
const prefix = `caucus-test-${process.pid}-${Date.now()}`;
const startWorker = () => spawnWorker(prefix, { IMPORT_BATCH_SIZE: '25', IMPORT_LEASE_MS: '1500', ...db.env });

let reachable = false;

beforeAll(async () => {
  reachable = await redisReachable();
  db = await createTestDb();
  // The API only enqueues here: the work is done by the separate worker processes. The API cuts the
  // rows into chunks of its batch size, which must match the worker's (many batches to kill between).
  app = createApp({ knex: db.knex, config: testConfig({ importBatchSize: 25 }), jobs: () => createBullQueue(REDIS_URL, prefix) });
  who = await login(app as never, await createAccountWithUser(db.knex));
  campaignId = await insertCampaign(db.knex, who.accountId, { name: 'Kill test' });
});

afterAll(async () => {
  killWorkers();
  await app.jobs.queue.close();
  await db.destroy();
});

it('continues after the worker is killed mid-import: counts add up, no donation twice', async () => {
  if (!reachable) throw new Error(`Redis is not reachable at ${REDIS_URL} (set REDIS_TEST_URL)`);
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    Email: `donor${i % 700}@example.org`,
    Amount: String((i % 40) + 1),
    Tx: `TX-${i}`,
    Date: '2026-02-01',
  }));
  // One bad row, so skipped rows are part of the sum.
  rows[10] = { ...rows[10], Amount: 'ten' };
  const expectedTotal = rows.reduce((sum, row, i) => (i === 10 ? sum : sum + Number(row.Amount)), 0);

  const res = await request(app.callback())
    .post('/api/data-import/import')
    .set('Authorization', `Bearer ${who.token}`)
    .send({
      campaignId,
      fileName: 'kill.csv',
      headers: ['Email', 'Amount', 'Tx', 'Date'],
      mapping: { Email: 'email', Amount: 'amount', Tx: 'transactionId', Date: 'donationDate' },
      rows,
    });
  expect(res.status).toBe(202);
  const importId = res.body.data.importId as string;
  const progress = async () => {
    const row = await db.knex('imports').where({ id: importId }).first('status', 'recordsImported', 'recordsSkipped', 'failureReason');
    return {
      status: String(row.status),
      done: Number(row.recordsImported) + Number(row.recordsSkipped),
      ...(row.failureReason ? { failureReason: String(row.failureReason) } : {}),
    };
  };

  const first = startWorker();
  const atKill = await waitFor(progress, (p) => p.done >= 200, 60_000, 5);
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));
  const afterKill = await progress();
  expect(afterKill.status).toBe('processing');
  expect(afterKill.done).toBeLessThan(ROWS);
  expect(afterKill.done).toBeGreaterThanOrEqual(atKill.done);

  startWorker();
  const final = await waitFor(progress, (p) => p.status !== 'processing', 120_000, 100);
  expect(final).toEqual({ status: 'completed', done: ROWS });

  const counts = await db.knex('imports').where({ id: importId }).first('recordsTotal', 'recordsImported', 'recordsSkipped');
  expect([Number(counts.recordsTotal), Number(counts.recordsImported), Number(counts.recordsSkipped)]).toEqual([ROWS, ROWS - 1, 1]);
  const donations = await db
    .knex('donations')
    .where({ importId })
    .count({ n: '*' })
    .countDistinct({ tx: 'transactionId' })
    .sum({ total: 'donationAmount' })
    .first();
  expect([Number(donations?.n), Number(donations?.tx), Number(donations?.total)]).toEqual([ROWS - 1, ROWS - 1, expectedTotal]);
  expect(await db.knex('import_chunks').where({ importId, done: false })).toHaveLength(0);
  const contacts = await db.knex('contacts').where({ accountId: who.accountId }).count({ n: '*' }).sum({ total: 'totalDonated' }).first();
  expect([Number(contacts?.n), Number(contacts?.total)]).toEqual([700, expectedTotal]);
  const campaign = await db.knex('campaigns').where({ id: campaignId }).first('amountRaised', 'donationCount');
  expect([Number(campaign.amountRaised), Number(campaign.donationCount)]).toEqual([expectedTotal, ROWS - 1]);
  // The ledger's trace was written with each batch: one entry per imported gift, none from the
  // batch the kill rolled back; and every derived figure equals its rows.
  const traced = await db
    .knex('audit_log')
    .where({ accountId: who.accountId, entityType: 'donation', action: 'import' })
    .countDistinct({ n: 'entityId' })
    .count({ all: '*' })
    .first();
  expect([Number(traced?.n), Number(traced?.all)]).toEqual([ROWS - 1, ROWS - 1]);
  expect((await reconcileAccount(db.knex, who.accountId)).differences).toEqual([]);
}, 240_000);
