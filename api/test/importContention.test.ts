import { importRequestSchema } from '@caucus/contract';
import { reconcileAccount } from '../src/modules/ledger';
import { createImportHistory } from '../src/modules/dataImport/history';
import { contendedRetryDelayMs, createImportJob } from '../src/modules/dataImport/importJob';
import { createImportPipeline, type ImportPipeline } from '../src/modules/dataImport/pipeline';
import { createDataImportRepository } from '../src/modules/dataImport/repository';
import type { ImportTuning } from '../src/modules/dataImport/tuning';
import { createImportUploads } from '../src/modules/dataImport/uploads';
import { createAccountWithUser, insertCampaign, insertContact, login, type LoggedIn } from './helpers/fixtures';
import { apiClient, useListeningApp } from './helpers/listeningApp';
import { testEngine } from './support/testDb';

/**
 * An import whose batches lose lock contests against users saving gifts at the same moment to the
 * same contacts and campaign still completes, and every row is done exactly once: one donation per
 * row, every transaction id once, every figure equal to its rows. A batch that loses every attempt
 * of its transaction is split in halves and tried again (importJob.ts); a half that still loses at
 * the floor is taken up again later, with a jittered, growing wait. On MariaDB the gifts and the
 * batches meet on real row locks; on SQLite (one writer at a time) the same workload runs serialised.
 */

const harness = useListeningApp({ config: { importBatchSize: 40 } });

type Row = Record<string, unknown>;

/** A deadlock as the MariaDB driver reports it: what inTransaction and the import job retry. */
function deadlock(): Error {
  return Object.assign(new Error('Deadlock found when trying to get lock; try restarting transaction'), { code: 'ER_LOCK_DEADLOCK', errno: 1213 });
}

/** The import was done exactly once: one donation per row, each transaction id once, the figures equal to their rows. */
async function expectDoneOnce(accountId: string, importId: string, rows: number, prefix: string): Promise<void> {
  const { knex } = harness;
  const record = (await knex('imports').where({ id: importId }).first('status', 'recordsImported', 'recordsSkipped', 'failureReason')) as Row;
  expect({ ...record, recordsImported: Number(record.recordsImported), recordsSkipped: Number(record.recordsSkipped) }).toEqual({
    status: 'completed',
    recordsImported: rows,
    recordsSkipped: 0,
    failureReason: null,
  });
  const imported = (await knex('donations').where({ accountId, importId }).select('transactionId')) as Row[];
  expect(imported).toHaveLength(rows);
  const ids = imported.map((d) => String(d.transactionId));
  expect(new Set(ids).size).toBe(rows);
  expect(ids.every((id) => id.startsWith(prefix))).toBe(true);
  expect(toInt(await knex('import_chunks').where({ importId, done: false }).count({ n: '*' }).first())).toBe(0);
  expect((await reconcileAccount(knex, accountId)).differences).toEqual([]);
}

const toInt = (row: unknown) => Number(Object.values((row ?? {}) as Row)[0] ?? 0);

it('completes an import once while gifts to the same contacts and campaign are saved meanwhile', async () => {
  const { knex, app, baseUrl } = harness;
  const member: LoggedIn = await login(app as never, await createAccountWithUser(knex));
  const campaignId = await insertCampaign(knex, member.accountId, { amountRaised: 0, donationCount: 0, contactsReached: 0 });
  const EXISTING = 24;
  const ROWS = 480;
  const existing: string[] = [];
  for (let i = 0; i < EXISTING; i++) {
    existing.push(await insertContact(knex, member.accountId, { firstName: `Giver${i}`, lastName: 'Existing', primaryEmail: `giver${i}@example.org` }));
  }
  const { call, failures } = apiClient(baseUrl, member.token);

  // Rows for the contacts the users give to (matched by email: the batch locks them) and for new
  // ones (the batch creates them, which takes the account's figures before its first write).
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    Email: i % 3 === 0 ? `fresh${i % 90}@example.org` : `giver${i % EXISTING}@example.org`,
    Amount: `${(i % 23) + 1}.50`,
    Tx: `CT-${i}`,
    Date: '2026-02-01',
  }));
  const start = await call('POST', '/api/data-import/import', {
    campaignId,
    fileName: 'contended.csv',
    headers: ['Email', 'Amount', 'Tx', 'Date'],
    mapping: { Email: 'email', Amount: 'amount', Tx: 'transactionId', Date: 'donationDate' },
    rows,
  });
  expect(start.status).toBe(202);
  const importId = String(start.data!.importId);

  let importDone = false;
  let acknowledged = 0;
  async function client(n: number) {
    for (let round = 0; !importDone || round < 4; round++) {
      const res =
        round % 5 === 4
          ? await call('POST', '/api/contacts', { firstName: `Walkin${n}`, lastName: `Round${round}` })
          : await call('POST', `/api/contacts/${existing[(n * 5 + round) % EXISTING]}/donations`, {
              donationAmount: 1 + ((n * 13 + round) % 30) / 4,
              donationDate: '2026-03-01',
              paymentMethod: 'credit_card',
              campaignId,
              confirmDuplicate: true,
            });
      if (res.status === 201) acknowledged += 1;
    }
  }
  async function watch() {
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline) {
      const res = await call('GET', `/api/data-import/${importId}`);
      if ((res.data?.import as { status: string }).status !== 'processing') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    importDone = true;
  }
  await Promise.all([watch(), ...Array.from({ length: 6 }, (_, n) => client(n))]);
  await app.jobs.queue.idle();

  console.log(`import under contention (${testEngine()}): ${acknowledged} gifts and contacts saved during a ${ROWS}-row import`);
  expect(failures).toEqual([]);
  expect(acknowledged).toBeGreaterThan(0);
  await expectDoneOnce(member.accountId, importId, ROWS, 'CT-');
}, 240_000);

it('splits a batch that loses every attempt to deadlocks into halves, down to the floor, and does every row once', async () => {
  const { knex } = harness;
  const member = await createAccountWithUser(knex);
  const campaignId = await insertCampaign(knex, member.accountId, { amountRaised: 0, donationCount: 0, contactsReached: 0 });
  const donor = await insertContact(knex, member.accountId, { firstName: 'Known', lastName: 'Donor', primaryEmail: 'known@example.org' });
  const ROWS = 90;
  const BATCH = 40;
  const FLOOR = 6;
  const repo = createDataImportRepository(knex);
  const tuning: ImportTuning = { batchSize: BATCH, leaseMs: 30_000, splitFloorRows: FLOOR };
  const context = {
    repo,
    jobs: null,
    tuning,
    batchSize: async () => BATCH,
    enqueue: async () => {},
    history: createImportHistory(repo, tuning),
  };
  const real = createImportPipeline(repo);
  // Every batch of more than the floor's rows does all its writes, then loses a deadlock at its last
  // statement: nothing it wrote may survive. A batch at the floor loses its first two tries too, so
  // the job also comes back to a batch later.
  const sizes: number[] = [];
  let floorLosses = 0;
  const contended: ImportPipeline = {
    async processBatch(trx, importRow, options) {
      const result = await real.processBatch(trx, importRow, options);
      sizes.push(result.processed);
      if (result.processed > FLOOR) throw deadlock();
      if (result.processed > 0 && floorLosses < 2 * 6) {
        floorLosses += 1;
        throw deadlock();
      }
      return result;
    },
  };
  const { runImportJob } = createImportJob(context, contended, 'contended-worker');

  const input = importRequestSchema.parse({
    campaignId,
    fileName: 'split.csv',
    headers: ['Email', 'Amount', 'Tx'],
    mapping: { Email: 'email', Amount: 'amount', Tx: 'transactionId' },
    rows: Array.from({ length: ROWS }, (_, i) => ({ Email: i % 4 === 0 ? 'known@example.org' : `new${i}@example.org`, Amount: `${i + 1}`, Tx: `SP-${i}` })),
  });
  const { importId } = await createImportUploads(context).start(member.accountId, member.userId, input);
  expect(toInt(await knex('import_chunks').where({ importId }).count({ n: '*' }).first())).toBe(Math.ceil(ROWS / BATCH));

  const delays: number[] = [];
  for (let run = 0; run < 50; run++) {
    const outcome = await runImportJob(importId);
    if (!outcome || outcome.retryAfterMs === undefined) break;
    delays.push(outcome.retryAfterMs);
  }

  // 40 rows went 20, 10, 5; the last chunk's 10 rows 5 and 5: no batch above the floor was kept.
  const chunks = (await knex('import_chunks').where({ importId }).select('rowCount', 'done')) as Row[];
  expect(chunks.every((c) => Number(c.rowCount) <= FLOOR && Boolean(Number(c.done)))).toBe(true);
  expect(chunks.reduce((sum, c) => sum + Number(c.rowCount), 0)).toBe(ROWS);
  expect(sizes.filter((n) => n > FLOOR).length).toBeGreaterThan(0);
  // The floor's two lost tries (each of six attempts) came back later, after a growing, jittered wait.
  expect(delays).toHaveLength(2);
  expect(delays.every((ms) => ms > 0)).toBe(true);
  await expectDoneOnce(member.accountId, importId, ROWS, 'SP-');
  const donorRow = (await knex('contacts').where({ id: donor }).first('donationCount')) as Row;
  expect(Number(donorRow.donationCount)).toBe(input.rows.filter((row) => row.Email === 'known@example.org').length);
}, 120_000);

it('waits a growing, jittered time before a contended batch is taken up again', () => {
  const low = [1, 2, 3, 4, 5, 6].map((tries) => contendedRetryDelayMs(tries, () => 0));
  const high = [1, 2, 3, 4, 5, 6].map((tries) => contendedRetryDelayMs(tries, () => 1));
  for (let i = 0; i < low.length; i++) {
    expect(high[i]).toBe(2 * low[i]);
    if (i > 0) expect(low[i]).toBeGreaterThanOrEqual(low[i - 1]);
  }
  expect(Math.max(...high)).toBeLessThanOrEqual(10_000);
});
