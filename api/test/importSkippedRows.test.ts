import type { Knex } from 'knex';
import { notSkippedRowMessage, FAILED_IMPORT_NOT_FIXED, rowsAlreadySentMessage, UNDONE_IMPORT_NOT_FIXED } from '../src/modules/dataImport/service';
import { insertCampaign, type LoggedIn } from './helpers/fixtures';
import { bearer, twoAccountApp, type TestApp } from './helpers/twoAccountApp';

// Skipped rows are kept with their import (the review's and the server's), listed by the report,
// counted by the history after a reload, and can be fixed and imported into the same import.

const ctx = twoAccountApp({ config: { importBatchSize: 3 } });
let knex: Knex, app: TestApp, a: LoggedIn, b: LoggedIn;
let campaignA: string;

beforeAll(async () => {
  ({ knex, app, a, b } = ctx);
  campaignA = await insertCampaign(knex, a.accountId, { name: 'Spring Appeal' });
});

const as = (who: LoggedIn) => bearer(app, who);

const HEADERS = ['Name', 'Email', 'Amount', 'Txn'];
const MAPPING = { Name: 'fullName', Email: 'email', Amount: 'amount', Txn: 'transactionId' };
type Cells = Record<string, string>;
/** Each import's transaction ids are its own (one account runs every test here). */
let file = 0;
const gift = (n: number, email = `d${n}@example.org`, amount = '100.50'): Cells => ({ Name: `Donor ${n}`, Email: email, Amount: amount, Txn: `T${file}-${n}` });

/** A file of 6 rows: rows 2 and 4 have bad emails (skipped in review), row 6 repeats row 1's transaction id (skipped by the server). */
function fileBody() {
  file += 1;
  const kept = [1, 3, 5, 6].map((n) => (n === 6 ? { ...gift(6), Txn: gift(1).Txn } : gift(n)));
  return {
    campaignId: campaignA,
    fileName: 'fec.csv',
    headers: HEADERS,
    mapping: MAPPING,
    importType: 'donations',
    rows: kept,
    rowNumbers: [1, 3, 5, 6],
    skippedRows: [
      { rowNumber: 2, row: gift(2, 'two@example'), reason: 'Invalid email format' },
      { rowNumber: 4, row: gift(4, 'four-at-example.org', '21500.00'), reason: 'Invalid email format' },
    ],
  };
}

async function startFile() {
  const res = await as(a).post('/api/data-import/import', fileBody());
  expect(res.status).toBe(202);
  await app.jobs.queue.idle();
  return String(res.body.data.importId);
}
const recordOf = async (id: string) => (await as(a).get(`/api/data-import/${id}`)).body.data.import;
const raised = async () => Number((await knex('campaigns').where({ id: campaignA }).first('amountRaised')).amountRaised);

describe('skipped rows kept with the import', () => {
  it("counts the review's skipped rows with the server's, lists them all in the report, and serves them keyed by header", async () => {
    const id = await startFile();
    const record = await recordOf(id);
    expect(record).toMatchObject({ status: 'completed', recordsTotal: 6, recordsImported: 3, recordsSkipped: 3, progress: 100 });
    expect(record.errors).toEqual([
      'Row 2: Invalid email format',
      'Row 4: Invalid email format',
      `Row 6: Transaction ID "T${file}-1" already exists in this account`,
    ]);

    // The history (what a reload reads) says the same.
    const history = await as(a).get('/api/data-import/history');
    expect(history.body.data.imports.find((r: { id: string }) => r.id === id)).toMatchObject({ recordsSkipped: 3 });

    const report = await as(a).get(`/api/data-import/${id}/report`);
    const lines = report.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Row,Name,Email,Amount,Txn,Reason',
      `2,Donor 2,two@example,100.50,T${file}-2,Invalid email format`,
      `4,Donor 4,four-at-example.org,21500.00,T${file}-4,Invalid email format`,
      `6,Donor 6,d6@example.org,100.50,T${file}-1,"Transaction ID ""T${file}-1"" already exists in this account"`,
    ]);

    const skipped = await as(a).get(`/api/data-import/${id}/skipped?limit=2`);
    expect(skipped.status).toBe(200);
    expect(skipped.body.data).toMatchObject({ headers: HEADERS, mapping: MAPPING, total: 3, page: 1, limit: 2, totalPages: 2 });
    expect(skipped.body.data.rows).toEqual([
      { rowNumber: 2, cells: gift(2, 'two@example'), reason: 'Invalid email format', source: 'review' },
      { rowNumber: 4, cells: gift(4, 'four-at-example.org', '21500.00'), reason: 'Invalid email format', source: 'review' },
    ]);
    expect((await as(a).get(`/api/data-import/${id}/skipped?page=2&limit=2`)).body.data.rows.map((r: { rowNumber: number }) => r.rowNumber)).toEqual([6]);
  });

  it('fixed rows are imported into the same import; one still wrong is skipped again; undo takes them all back', async () => {
    const id = await startFile();
    const before = await raised();
    // In two requests (a big table goes up in several): the second finds the import working on the first.
    const res = await as(a).post(`/api/data-import/${id}/skipped`, {
      rows: [
        { rowNumber: 2, row: gift(2, 'two@example.org') },
        { rowNumber: 4, row: gift(4, 'four@example.org', '21500.00') },
      ],
    });
    expect(res.status).toBe(202);
    const second = await as(a).post(`/api/data-import/${id}/skipped`, { rows: [{ rowNumber: 6, row: { ...gift(6), Txn: gift(1).Txn } }] });
    expect(second.status).toBe(202);
    expect(res.body.data.import.recordsTotal).toBe(6);
    await app.jobs.queue.idle();
    const record = await recordOf(id);
    expect(record).toMatchObject({ status: 'completed', recordsTotal: 6, recordsImported: 5, recordsSkipped: 1 });
    expect(record.errors).toEqual([`Row 6: Transaction ID "T${file}-1" already exists in this account`]);
    expect(await raised()).toBeCloseTo(before + 100.5 + 21500, 2);
    const donations = await knex('donations').where({ importId: id }).orderBy('transactionId').select('transactionId');
    expect(donations.map((d) => d.transactionId)).toEqual([1, 2, 3, 4, 5].map((n) => `T${file}-${n}`));
    const report = (await as(a).get(`/api/data-import/${id}/report`)).text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(report.slice(1).map((line) => line.split(',')[0])).toEqual(['6']);

    // A row already fixed is no longer a skipped row.
    const again = await as(a).post(`/api/data-import/${id}/skipped`, { rows: [{ rowNumber: 2, row: gift(2) }] });
    expect([again.status, again.body.message, again.body.details]).toEqual([400, notSkippedRowMessage([2]), { rows: notSkippedRowMessage([2]) }]);

    const undo = await as(a).post(`/api/data-import/${id}/undo`);
    expect(undo.status).toBeLessThan(300);
    await app.jobs.queue.idle();
    expect(await knex('donations').where({ importId: id })).toHaveLength(0);
    expect(await raised()).toBeCloseTo(before - 3 * 100.5, 2);
    const refused = await as(a).post(`/api/data-import/${id}/skipped`, { rows: [{ rowNumber: 6, row: gift(6) }] });
    expect([refused.status, refused.body.message]).toEqual([409, UNDONE_IMPORT_NOT_FIXED]);
  });

  it('refuses bad fixes with a clear 400 or 409 and changes nothing; another account gets 404', async () => {
    const id = await startFile();
    const snapshot = async () => [
      await recordOf(id),
      await knex('import_skipped_rows').where({ importId: id }).orderBy('rowNumber').select('rowNumber', 'cells'),
    ];
    const before = await snapshot();
    const cases: [unknown, number, string][] = [
      [{ rows: [] }, 400, 'Choose at least one skipped row to import'],
      [{ rows: [{ rowNumber: 0, row: gift(2) }] }, 400, 'Row number must be a row number'],
      [
        {
          rows: [
            { rowNumber: 2, row: gift(2) },
            { rowNumber: 2, row: gift(2) },
          ],
        },
        400,
        'Row 2 is sent twice',
      ],
      [
        {
          rows: [
            { rowNumber: 2, row: gift(2) },
            { rowNumber: 3, row: gift(3) },
          ],
        },
        400,
        notSkippedRowMessage([3]),
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await as(a).post(`/api/data-import/${id}/skipped`, body);
      expect([res.status, JSON.stringify(res.body)]).toEqual([status, expect.stringContaining(message)]);
    }
    expect(await snapshot()).toEqual(before);

    for (const path of [`/api/data-import/${id}/skipped`, `/api/data-import/${id}/report`]) {
      expect((await as(b).get(path)).status).toBe(404);
    }
    expect((await as(b).post(`/api/data-import/${id}/skipped`, { rows: [{ rowNumber: 2, row: gift(2) }] })).status).toBe(404);
    expect(await snapshot()).toEqual(before);

    // A failed import takes no fixes: retry it first.
    await knex('imports').where({ id }).update({ status: 'failed' });
    const failed = await as(a).post(`/api/data-import/${id}/skipped`, { rows: [{ rowNumber: 2, row: gift(2) }] });
    expect([failed.status, failed.body.message]).toEqual([409, FAILED_IMPORT_NOT_FIXED]);
    await knex('imports').where({ id }).update({ status: 'completed' });
  });

  it('a big file sends its skipped rows with its batches; a batch sent twice is refused', async () => {
    file += 1;
    const first = await as(a).post('/api/data-import/import', {
      ...fileBody(),
      rows: [gift(11)],
      rowNumbers: [1],
      skippedRows: [{ rowNumber: 2, row: gift(12, 'bad'), reason: 'Invalid email format' }],
      hasMore: true,
    });
    expect(first.status).toBe(202);
    const id = first.body.data.importId;
    // A batch of only skipped rows, then the last batch.
    const batch = { rows: [], skippedRows: [{ rowNumber: 3, row: gift(13, 'bad'), reason: 'Invalid email format' }], hasMore: true };
    expect((await as(a).post(`/api/data-import/${id}/rows`, batch)).status).toBe(202);
    const repeated = await as(a).post(`/api/data-import/${id}/rows`, batch);
    expect([repeated.status, repeated.body.message]).toEqual([409, rowsAlreadySentMessage([3])]);
    expect((await as(a).post(`/api/data-import/${id}/rows`, { rows: [gift(14)], rowNumbers: [4] })).status).toBe(202);
    const empty = await as(a).post(`/api/data-import/${id}/rows`, { rows: [], skippedRows: [] });
    expect([empty.status, empty.body.message]).toEqual([400, expect.stringContaining('Missing required data for import')]);
    await app.jobs.queue.idle();
    expect(await recordOf(id)).toMatchObject({ status: 'completed', recordsTotal: 4, recordsImported: 2, recordsSkipped: 2 });
  });
});
