import { payloadId } from '../src/jobs/types';
import type { Knex } from 'knex';
import request from 'supertest';
import { createApp, type AppJobs } from '../src/app';
import type { JobHandlers, JobQueue } from '../src/jobs';
import { createInProcessQueue } from '../src/jobs/inProcess';
import { recomputeCampaignTotals } from '../src/modules/campaigns/repository';
import { createFinancialsRepository } from '../src/modules/financials/repository';
import { sanitisedError } from '../src/jobs/bullmq';
import type { Logger } from '../src/http/logger';
import {
  CAMPAIGN_ARCHIVED,
  DONATION_ACCOUNT_NOT_OF_CAMPAIGN,
  IMPORT_STOPPED,
  ONLY_FAILED_RETRIED,
  ONLY_PROCESSING_CANCELLED,
  UNDONE_IMPORT_NOT_RETRIED,
  UNDO_RUNNING,
  UPLOAD_INTERRUPTED,
} from '../src/modules/dataImport/service';
import { ACCOUNT_TOTAL_TOO_LARGE, CAMPAIGN_TOTAL_TOO_LARGE, CONTACT_TOTAL_TOO_LARGE } from '../src/modules/dataImport/pipeline';
import { createAccountWithUser, insertCampaign, insertContact, login, testConfig, type LoggedIn } from './helpers/fixtures';
import { twoAccountApp, type TestApp } from './helpers/twoAccountApp';
import type { TestDb } from './support/testDb';

// Small batches so every test crosses batch boundaries.
const ctx = twoAccountApp({ config: { importBatchSize: 7 } });
let db: TestDb, knex: Knex, app: TestApp, a: LoggedIn, b: LoggedIn;
let campaignA: string;
let campaignB: string;

/** A queue that only records what was asked of it: the import stays as the request left it. */
function heldQueue(): { factory: (h: JobHandlers) => JobQueue; handlers: () => JobHandlers; jobs: string[] } {
  let handlers: JobHandlers | null = null;
  const jobs: string[] = [];
  return {
    factory: (h) => {
      handlers = h;
      return {
        enqueue: async (_name, payload) => void jobs.push(payloadId(payload, 'importId')),
        idle: async () => undefined,
        counts: async () => ({ waiting: 0, active: 0, delayed: 0 }),
        close: async () => undefined,
      };
    },
    handlers: () => handlers as JobHandlers,
    jobs,
  };
}

beforeAll(async () => {
  ({ db, knex, app, a, b } = ctx);
  campaignA = await insertCampaign(knex, a.accountId, { name: 'Spring Appeal' });
  campaignB = await insertCampaign(knex, b.accountId, { name: 'Other Committee' });
});

const as = (who: LoggedIn, target = app) => {
  const agent = request(target.callback());
  const auth = { Authorization: `Bearer ${who.token}` };
  return {
    get: (url: string) => agent.get(url).set(auth),
    post: (url: string, body?: unknown) =>
      body === undefined
        ? agent.post(url).set(auth).set('X-Requested-With', 'fetch')
        : agent
            .post(url)
            .set(auth)
            .send(body as object),
  };
};

type Cells = Record<string, string | number | null>;
function importBody(rows: Cells[], mapping: Record<string, string>, extra: Record<string, unknown> = {}) {
  const headers = [...new Set([...Object.keys(mapping), ...rows.flatMap((r) => Object.keys(r))])];
  return { campaignId: campaignA, donationAccountId: null, fileName: 'donors.csv', headers, mapping, rows, importType: 'mixed', ...extra };
}

async function runImport(who: LoggedIn, body: unknown, jobs: AppJobs = app.jobs) {
  const res = await as(who).post('/api/data-import/import', body);
  expect(res.status).toBe(202);
  await jobs.queue.idle();
  const record = await as(who).get(`/api/data-import/${res.body.data.importId}`);
  return { start: res.body.data, record: record.body.data.import };
}

/** Undo runs as a job: started with 202, finished when the queue is idle. Answers the import as the history then shows it. */
async function undoImport(who: LoggedIn, id: string, jobs: AppJobs = app.jobs) {
  const res = await as(who).post(`/api/data-import/${id}/undo`);
  expect(res.status).toBe(202);
  await jobs.queue.idle();
  return (await as(who).get(`/api/data-import/${id}`)).body.data.import;
}

const DONATION_MAPPING = {
  'First Name': 'firstName',
  'Last Name': 'lastName',
  Email: 'email',
  Zip: 'zipCode',
  Amount: 'amount',
  Date: 'donationDate',
  'Transaction ID': 'transactionId',
};

async function contact(id: string) {
  return knex('contacts').where({ id }).first();
}
async function campaignRaised(id: string) {
  const row = await knex('campaigns').where({ id }).first('amountRaised', 'donationCount', 'contactsReached');
  return { amountRaised: Number(row.amountRaised), donationCount: Number(row.donationCount), contactsReached: Number(row.contactsReached) };
}

describe('POST /api/data-import/import', () => {
  it('answers 202 with the spec message, then imports every row: contacts, donations and totals', async () => {
    const rows: Cells[] = [
      {
        'First Name': 'Ada',
        'Last Name': 'Lovelace',
        Email: 'ada@example.org',
        Zip: '02134',
        Amount: '$1,250.00',
        Date: '03/15/2026',
        'Transaction ID': 'AB-1',
      },
      { 'First Name': 'Ada', 'Last Name': 'Lovelace', Email: 'ADA@example.org', Zip: '02134', Amount: '50', Date: '2026-03-20', 'Transaction ID': 'AB-2' },
      { 'First Name': 'Grace', 'Last Name': 'Hopper', Email: '', Zip: 2134, Amount: '25.5', Date: '4/1/26', 'Transaction ID': 'AB-3' },
    ];
    const { start, record } = await runImport(a, importBody(rows, DONATION_MAPPING, { fileName: 'actblue.csv' }));
    expect(start).toEqual({
      message: 'Import started successfully. You can track progress in the Import History tab.',
      importId: expect.any(String),
      recordsToProcess: 3,
    });
    expect(record).toMatchObject({
      status: 'completed',
      recordsTotal: 3,
      recordsImported: 3,
      recordsSkipped: 0,
      contactsCreated: 2,
      progress: 100,
      campaignName: 'Spring Appeal',
    });

    const ada = await knex('contacts').where({ accountId: a.accountId, primaryEmail: 'ada@example.org' });
    expect(ada).toHaveLength(1);
    expect(Number(ada[0].totalDonated)).toBe(1300);
    expect(Number(ada[0].donationCount)).toBe(2);
    const grace = await knex('contacts').where({ accountId: a.accountId, lastName: 'Hopper' }).first();
    expect(grace.zipCode).toBe('02134');
    const dates = (await knex('donations').where({ importId: start.importId }).orderBy('transactionId').select('donationDate', 'donationAmount')).map((d) => [
      String(d.donationDate instanceof Date ? d.donationDate.toISOString() : d.donationDate).slice(0, 10),
      Number(d.donationAmount),
    ]);
    expect(dates).toEqual([
      ['2026-03-15', 1250],
      ['2026-03-20', 50],
      ['2026-04-01', 25.5],
    ]);
    expect(await campaignRaised(campaignA)).toMatchObject({ amountRaised: 1325.5, donationCount: 3, contactsReached: 2 });
  });

  it('matches existing contacts by email (any case) or by name + 5-digit ZIP ignoring case and accents, and fills only empty fields', async () => {
    const byEmail = await insertContact(knex, a.accountId, {
      firstName: 'Maria',
      lastName: 'Lopez',
      primaryEmail: 'Maria.Lopez@Example.org',
      city: 'Boston',
      primaryPhone: null,
    });
    const byName = await insertContact(knex, a.accountId, { firstName: 'José', lastName: 'Ñúñez', zipCode: '02139-4307', city: null });
    const rows: Cells[] = [
      { First: 'M', Last: 'L', Email: 'maria.lopez@example.ORG', Zip: '99999', City: 'Cambridge', Phone: '617-555-0101' },
      { First: 'jose', Last: 'NUNEZ', Email: '', Zip: '02139', City: 'Somerville', Phone: '' },
      // Same name, other ZIP: someone else.
      { First: 'Jose', Last: 'Nunez', Email: '', Zip: '10001', City: 'New York', Phone: '' },
    ];
    const { record } = await runImport(
      a,
      importBody(rows, { First: 'firstName', Last: 'lastName', Email: 'email', Zip: 'zipCode', City: 'city', Phone: 'phone' }),
    );
    expect(record).toMatchObject({ recordsImported: 3, contactsCreated: 1, contactsUpdated: 2 });
    const maria = await contact(byEmail);
    expect([maria.firstName, maria.lastName, maria.city, maria.primaryPhone, maria.zipCode]).toEqual(['Maria', 'Lopez', 'Boston', '617-555-0101', '99999']);
    const jose = await contact(byName);
    expect([jose.firstName, jose.city, jose.zipCode]).toEqual(['José', 'Somerville', '02139-4307']);
    expect(await knex('contacts').where({ accountId: a.accountId, zipCode: '10001' })).toHaveLength(1);
  });

  it('makes one contact of rows that match each other, across batches, with tags merged, notes, pledges and an associate', async () => {
    const rows: Cells[] = Array.from({ length: 10 }, (_, i) => ({
      Name: i % 2 === 0 ? 'Okafor, Chidi A' : 'Chidi Okafor',
      Zip: '60614',
      Email: '',
      Tags: i === 0 ? 'volunteer, donor' : 'donor; host',
      Note: i === 9 ? 'Met at the town hall' : '',
      Pledge: i === 3 ? '500' : '',
      Due: i === 3 ? '12312026' : '',
      Spouse: i === 4 ? 'Eleanor' : '',
      SpouseLast: i === 4 ? 'Shellstrop' : '',
      Rel: i === 4 ? 'wife' : '',
    }));
    const { record } = await runImport(
      a,
      importBody(rows, {
        Name: 'fullName',
        Zip: 'zipCode',
        Email: 'email',
        Tags: 'tags',
        Note: 'notes',
        Pledge: 'pledgedAmount',
        Due: 'dueDate',
        Spouse: 'associateFirstName',
        SpouseLast: 'associateLastName',
        Rel: 'relationship',
      }),
    );
    expect(record).toMatchObject({ recordsImported: 10, recordsSkipped: 0, contactsCreated: 2 });
    const chidi = await knex('contacts').where({ accountId: a.accountId, lastName: 'Okafor' });
    expect(chidi).toHaveLength(1);
    expect(chidi[0].firstName).toBe('Chidi');
    expect(JSON.parse(chidi[0].tags).sort()).toEqual(['donor', 'host', 'volunteer']);
    const pledge = await knex('pledges').where({ contactId: chidi[0].id }).first();
    expect([Number(pledge.pledgeAmount), String(pledge.dueDate instanceof Date ? pledge.dueDate.toISOString() : pledge.dueDate).slice(0, 10)]).toEqual([
      500,
      '2026-12-31',
    ]);
    expect((await knex('contact_notes').where({ contactId: chidi[0].id })).map((n) => n.content)).toEqual(['Met at the town hall']);
    const link = await knex('contact_associations').where({ contactId: chidi[0].id }).first();
    expect(link.relationshipType).toBe('spouse');
    expect((await contact(link.associatedContactId)).firstName).toBe('Eleanor');
  });

  it('skips bad rows with the spec reason; every row ends imported or skipped exactly once', async () => {
    await knex('donations').insert({
      id: '01900000-0000-7000-8000-0000000000aa',
      accountId: a.accountId,
      contactId: await insertContact(knex, a.accountId, { firstName: 'Old', lastName: 'Gift' }),
      campaignId: campaignA,
      donationAmount: 5,
      donationDate: '2025-01-01',
      transactionId: 'OLD-1',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const rows: Cells[] = [
      { 'First Name': 'Bad', 'Last Name': 'Email', Email: 'not-an-email', Zip: '', Amount: '10', Date: '', 'Transaction ID': '' },
      { 'First Name': 'Bad', 'Last Name': 'Amount', Email: '', Zip: '', Amount: 'ten', Date: '', 'Transaction ID': '' },
      { 'First Name': 'Zero', 'Last Name': 'Amount', Email: '', Zip: '', Amount: '0', Date: '', 'Transaction ID': '' },
      { 'First Name': 'Negative', 'Last Name': 'Amount', Email: '', Zip: '', Amount: '-20', Date: '', 'Transaction ID': '' },
      { 'First Name': 'Bad', 'Last Name': 'Date', Email: '', Zip: '', Amount: '10', Date: '31/31/2026', 'Transaction ID': '' },
      { 'First Name': '', 'Last Name': '', Email: '', Zip: '', Amount: '', Date: '', 'Transaction ID': '' },
      { 'First Name': 'Dup', 'Last Name': 'Account', Email: '', Zip: '', Amount: '10', Date: '', 'Transaction ID': 'OLD-1' },
      { 'First Name': 'Dup', 'Last Name': 'File', Email: '', Zip: '', Amount: '10', Date: '', 'Transaction ID': 'NEW-1' },
      { 'First Name': 'Dup', 'Last Name': 'File', Email: '', Zip: '', Amount: '10', Date: '', 'Transaction ID': 'NEW-1' },
      { 'First Name': 'Accounting', 'Last Name': 'Negative', Email: '', Zip: '', Amount: '(15.00)', Date: '', 'Transaction ID': '' },
    ];
    const { start, record } = await runImport(a, importBody(rows, DONATION_MAPPING, { fileName: 'winred.csv' }));
    expect(record.recordsImported + record.recordsSkipped).toBe(10);
    expect(record).toMatchObject({ status: 'completed', recordsImported: 1, recordsSkipped: 9, errorCount: 9 });
    expect(record.errors).toEqual([
      'Row 1: Invalid email format',
      'Row 2: Invalid amount format',
      'Row 3: Please enter a valid donation amount',
      'Row 4: Please enter a valid donation amount',
      'Row 5: Invalid Donation Date format',
      'Row 6: Row appears to be empty',
      'Row 7: Transaction ID "OLD-1" already exists in this account',
      'Row 9: Transaction ID "NEW-1" already exists in this account',
      'Row 10: Please enter a valid donation amount',
    ]);
    // Every chunk worked; each skipped row kept with its cells for the report.
    expect(await knex('import_chunks').where({ importId: start.importId, done: false })).toHaveLength(0);
    expect(await knex('import_skipped_rows').where({ importId: start.importId, source: 'server' })).toHaveLength(9);
    expect(await knex('donations').where({ importId: start.importId })).toHaveLength(1);

    const report = await as(a).get(`/api/data-import/${start.importId}/report`);
    expect(report.status).toBe(200);
    expect(report.headers['content-type']).toMatch(/^text\/csv/);
    expect(report.headers['content-disposition']).toBe('attachment; filename="winred-skipped-rows.csv"');
    const lines = report.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Row,First Name,Last Name,Email,Zip,Amount,Date,Transaction ID,Reason');
    expect(lines[1]).toBe('1,Bad,Email,not-an-email,,10,,,Invalid email format');
    expect(lines[9]).toBe('10,Accounting,Negative,,,(15.00),,,Please enter a valid donation amount');
    expect(lines).toHaveLength(10);
  });

  it('writes the skipped-rows report with formula-looking cells escaped and numbers left as numbers', async () => {
    const rows: Cells[] = [
      // Skipped (not an email) with cells a spreadsheet would run: every one must come back as text.
      {
        'First Name': "-2+3+cmd|' /C calc'!A0",
        'Last Name': '=HYPERLINK("http://x")',
        Email: 'not-an-email',
        Zip: '\t=1+1',
        Amount: '-12.50',
        Date: '@SUM(A1)',
        'Transaction ID': '+1 555',
      },
    ];
    const { start } = await runImport(a, importBody(rows, DONATION_MAPPING, { fileName: 'hostile.csv' }));
    const report = await as(a).get(`/api/data-import/${start.importId}/report`);
    expect(report.status).toBe(200);
    const lines = report.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[1]).toBe(
      `1,'-2+3+cmd|' /C calc'!A0,"'=HYPERLINK(""http://x"")",not-an-email,'\t=1+1,-12.50,'@SUM(A1),'+1 555,Invalid email format; Please enter a valid donation amount; Invalid Donation Date format`,
    );
  });

  it('refuses bad input with a clear 400 and stores nothing', async () => {
    const before = await knex('imports').count({ n: '*' }).first();
    const good = importBody([{ Email: 'x@example.org' }], { Email: 'email' });
    const cases: [unknown, RegExp | string][] = [
      [{ ...good, campaignId: undefined }, 'Missing required data for import'],
      [{ ...good, campaignId: '' }, 'Missing required data for import'],
      [{ ...good, rows: [] }, 'Missing required data for import'],
      [{ ...good, rows: undefined }, 'Missing required data for import'],
      [{ ...good, rows: [['x@example.org']] }, "Each row must be an object keyed by the file's headers"],
      [{ ...good, rows: ['x@example.org'] }, "Each row must be an object keyed by the file's headers"],
      [{ ...good, rows: [{ Email: { nested: true } }] }, /Invalid input|must/],
      [{ ...good, mapping: { Email: 'favouriteColour' } }, 'Unknown target field "favouriteColour"'],
      [{ ...good, mapping: { Other: 'email' } }, 'Mapped column "Other" is not in headers'],
      [{ ...good, headers: ['Email', 'E2'], mapping: { Email: 'email', E2: 'email' } }, /Duplicate Field Mappings Detected/],
      [{ ...good, mapping: {} }, 'Map at least one column to a field'],
      [{ ...good, importType: 'everything' }, /Import type must be one of/],
      [{ ...good, rowNumbers: [1, 2] }, 'Row numbers must have one number per row'],
    ];
    for (const [body, message] of cases) {
      const res = await as(a).post('/api/data-import/import', body);
      expect({ status: res.status, body }).toEqual({ status: 400, body });
      expect(res.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    }
    expect(await knex('imports').count({ n: '*' }).first()).toEqual(before);
  });

  it("answers 404 for another account's campaign or donation account, 401 without a session", async () => {
    const before = await knex('imports').count({ n: '*' }).first();
    const res = await as(a).post('/api/data-import/import', importBody([{ Email: 'x@example.org' }], { Email: 'email' }, { campaignId: campaignB }));
    expect([res.status, res.body.message]).toEqual([404, 'Campaign not found']);
    const account = await as(a).post(
      '/api/data-import/import',
      importBody([{ Email: 'x@example.org' }], { Email: 'email' }, { donationAccountId: '01900000-0000-7000-8000-000000000001' }),
    );
    expect([account.status, account.body.message]).toEqual([404, 'Donation account not found']);
    const anonymous = await request(app.callback())
      .post('/api/data-import/import')
      .send(importBody([{ Email: 'x@example.org' }], { Email: 'email' }));
    expect(anonymous.status).toBe(401);
    expect(await knex('imports').count({ n: '*' }).first()).toEqual(before);
  });

  it('a contact id of another account in a row is skipped as not found', async () => {
    const theirs = await insertContact(knex, b.accountId, { firstName: 'Theirs' });
    const { record } = await runImport(a, importBody([{ Id: theirs, Amount: '10' }], { Id: 'donationContactId', Amount: 'amount' }));
    expect(record).toMatchObject({ recordsImported: 0, recordsSkipped: 1, errors: ['Row 1: Contact not found'] });
    expect(await knex('donations').where({ contactId: theirs })).toHaveLength(0);
  });
});

describe('big files', () => {
  it('takes 200,000 rows in one call', async () => {
    const held = heldQueue();
    const bigApp = createApp({ knex, config: testConfig(), jobs: held.factory });
    const rows = Array.from({ length: 200_000 }, (_, i) => ({ Email: `donor${i}@example.org`, Amount: String((i % 50) + 1) }));
    const res = await as(a, bigApp).post('/api/data-import/import', importBody(rows, { Email: 'email', Amount: 'amount' }, { fileName: 'big.csv' }));
    expect(res.status).toBe(202);
    expect(res.body.data.recordsToProcess).toBe(200_000);
    expect(held.jobs).toEqual([res.body.data.importId]);
    const stored = await knex('import_chunks').where({ importId: res.body.data.importId }).sum({ n: 'rowCount' }).max({ last: 'lastRowNumber' }).first();
    expect([Number(stored?.n), Number(stored?.last)]).toEqual([200_000, 200_000]);
    const tooMany = await as(a, bigApp).post('/api/data-import/import', importBody([...rows, ...rows.slice(0, 1)], { Email: 'email', Amount: 'amount' }));
    expect(tooMany.status).toBe(400);
    // Not processed here (no worker in this app): remove it so the other tests' totals stay small.
    await knex('import_chunks').where({ importId: res.body.data.importId }).delete();
    await knex('imports').where({ id: res.body.data.importId }).delete();
  }, 180_000);

  it('takes a bigger file in several requests and completes after the last one', async () => {
    const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ Email: `batch${from + i}@example.org`, Amount: '2' }));
    const first = await as(a).post(
      '/api/data-import/import',
      importBody(rows(0, 12), { Email: 'email', Amount: 'amount' }, { fileName: 'huge.csv', hasMore: true }),
    );
    expect(first.status).toBe(202);
    const id = first.body.data.importId;
    await app.jobs.queue.idle();
    let record = (await as(a).get(`/api/data-import/${id}`)).body.data.import;
    expect(record).toMatchObject({ status: 'processing', receiving: true, recordsImported: 12 });
    const second = await as(a).post(`/api/data-import/${id}/rows`, { rows: rows(12, 5), hasMore: false });
    expect(second.status).toBe(202);
    expect(second.body.data.recordsToProcess).toBe(5);
    await app.jobs.queue.idle();
    record = (await as(a).get(`/api/data-import/${id}`)).body.data.import;
    expect(record).toMatchObject({ status: 'completed', receiving: false, recordsTotal: 17, recordsImported: 17 });
    expect(await knex('import_chunks').where({ importId: id }).max({ last: 'lastRowNumber' }).first()).toEqual({ last: 17 });
    const closed = await as(a).post(`/api/data-import/${id}/rows`, { rows: rows(17, 1) });
    expect([closed.status, closed.body.message]).toEqual([409, 'This import is not receiving rows']);
    const theirs = await as(b).post(`/api/data-import/${id}/rows`, { rows: rows(17, 1) });
    expect(theirs.status).toBe(404);
  });
});

describe('history, retry and undo', () => {
  it('lists newest first with counts, progress and totalPages', async () => {
    const res = await as(a).get('/api/data-import/history?page=1&limit=2');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ page: 1, limit: 2, total: expect.any(Number), totalPages: Math.ceil(res.body.data.total / 2) });
    expect(res.body.data.imports[0]).toMatchObject({ status: 'completed', progress: 100, createdBy: { firstName: 'Pat' } });
    const theirs = await as(b).get('/api/data-import/history');
    expect(theirs.body.data.total).toBe(0);
  });

  it('retry continues a failed import from the first row not done', async () => {
    const held = heldQueue();
    const heldApp = createApp({ knex, config: testConfig({ importBatchSize: 2 }), jobs: held.factory });
    const rows = Array.from({ length: 5 }, (_, i) => ({ Email: `retry${i}@example.org`, Amount: '3', Tx: `R-${i}` }));
    const start = await as(a, heldApp).post('/api/data-import/import', importBody(rows, { Email: 'email', Amount: 'amount', Tx: 'transactionId' }));
    const id = start.body.data.importId;
    // One batch done, then the import stopped as failed (as a batch that cannot be written leaves it).
    const queue = createInProcessQueue(held.handlers());
    await knex('imports').where({ id }).update({ status: 'failed', failureReason: 'Import stopped: connection lost' });
    expect((await as(a, heldApp).get(`/api/data-import/${id}`)).body.data.import).toMatchObject({
      status: 'failed',
      errors: ['Import stopped: connection lost'],
    });
    const notFailed = await as(a, heldApp).post(`/api/data-import/${campaignA}/retry`);
    expect(notFailed.status).toBe(404);
    expect((await as(b, heldApp).post(`/api/data-import/${id}/retry`)).status).toBe(404);
    const retried = await as(a, heldApp).post(`/api/data-import/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.data.import.status).toBe('processing');
    for (const importId of held.jobs.splice(0)) await queue.enqueue('import', { importId });
    await queue.idle();
    const done = (await as(a, heldApp).get(`/api/data-import/${id}`)).body.data.import;
    expect(done).toMatchObject({ status: 'completed', recordsImported: 5, recordsSkipped: 0, errors: [] });
    expect(await knex('donations').where({ importId: id })).toHaveLength(5);
    expect((await as(a, heldApp).post(`/api/data-import/${id}/retry`)).status).toBe(409);
    await queue.close();
  });

  it('undo removes what the import made, empties what it filled and restores every total', async () => {
    const existing = await insertContact(knex, a.accountId, {
      firstName: 'Undo',
      lastName: 'Existing',
      primaryEmail: 'undo@example.org',
      tags: '["old"]',
      city: null,
    });
    await knex('donations').insert({
      id: '01900000-0000-7000-8000-0000000000bb',
      accountId: a.accountId,
      contactId: existing,
      campaignId: campaignA,
      donationAmount: 100,
      donationDate: '2025-06-01',
      status: 'completed',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await as(a).get('/api/data-import/history'); // no-op read
    await createFinancialsRepository(knex).recomputeContactStats(knex, a.accountId, existing);
    await recomputeCampaignTotals(knex, a.accountId, [campaignA]);
    const before = {
      contact: await contact(existing),
      campaign: await campaignRaised(campaignA),
      contacts: (await knex('contacts').where({ accountId: a.accountId })).length,
    };

    const rows: Cells[] = [
      { Email: 'UNDO@example.org', City: 'Albany', Amount: '40', Tags: 'new', Note: 'Thanks', Pledge: '' },
      { Email: 'fresh@example.org', City: 'Troy', Amount: '60', Tags: '', Note: '', Pledge: '200' },
    ];
    const { start } = await runImport(
      a,
      importBody(rows, { Email: 'email', City: 'city', Amount: 'amount', Tags: 'tags', Note: 'notes', Pledge: 'pledgedAmount' }),
    );
    expect(Number((await contact(existing)).totalDonated)).toBe(140);
    expect((await campaignRaised(campaignA)).amountRaised).toBe(before.campaign.amountRaised + 100);

    expect((await as(b).post(`/api/data-import/${start.importId}/undo`)).status).toBe(404);
    const started = await as(a).post(`/api/data-import/${start.importId}/undo`);
    expect(started.status).toBe(202);
    expect(started.body.data.import.undo).toMatchObject({ total: 3 });
    await app.jobs.queue.idle();
    const undone = (await as(a).get(`/api/data-import/${start.importId}`)).body.data.import;
    expect(undone.undo).toEqual({
      status: 'done',
      done: 3,
      total: 3,
      removed: { donations: 2, pledges: 1, notes: 1, contacts: 1, associations: 0 },
      restoredContacts: 1,
    });
    expect(undone.undoneAt).toEqual(expect.any(String));
    const after = await contact(existing);
    expect([after.city, JSON.parse(after.tags), Number(after.totalDonated), Number(after.donationCount)]).toEqual([null, ['old'], 100, 1]);
    expect(await campaignRaised(campaignA)).toEqual(before.campaign);
    expect((await knex('contacts').where({ accountId: a.accountId })).length).toBe(before.contacts);
    expect(await knex('contact_notes').where({ contactId: existing })).toHaveLength(0);
    const again = await as(a).post(`/api/data-import/${start.importId}/undo`);
    expect([again.status, again.body.message]).toEqual([409, 'This import was already undone']);
  });

  it('undo runs as a job with its progress on the import: the history shows it running, a failed undo continues', async () => {
    const held = heldQueue();
    const heldApp = createApp({ knex, config: testConfig({ importBatchSize: 2 }), jobs: held.factory });
    const rows = Array.from({ length: 9 }, (_, i) => ({ Email: `undojob${i}@example.org`, Amount: '10', Pledge: i < 2 ? '50' : '' }));
    const start = await as(a, heldApp).post('/api/data-import/import', importBody(rows, { Email: 'email', Amount: 'amount', Pledge: 'pledgedAmount' }));
    await held.handlers().import({ importId: start.body.data.importId });
    const id = String(start.body.data.importId);
    const before = await campaignRaised(campaignA);

    const started = await as(a, heldApp).post(`/api/data-import/${id}/undo`);
    expect(started.status).toBe(202);
    expect(started.body.data.import).toMatchObject({ undoneAt: null, undo: { status: 'running', done: 0, total: 11 } });
    // Nothing is taken back until the job runs; the user may leave the page meanwhile.
    expect(await knex('donations').where({ importId: id })).toHaveLength(9);
    const history = await as(a, heldApp).get('/api/data-import/history');
    expect(history.body.data.imports.find((r: { id: string }) => r.id === id).undo).toMatchObject({ status: 'running', done: 0, total: 11 });
    for (const path of [`/api/data-import/${id}/undo`, `/api/data-import/${id}/retry`]) {
      expect((await as(a, heldApp).post(path)).status).toBe(409);
    }
    expect((await as(a, heldApp).post(`/api/data-import/${id}/undo`)).body.message).toBe(UNDO_RUNNING);

    // A batch failed before anything was removed: Undo again continues.
    await knex('imports').where({ id }).update({ undoStatus: 'failed' });
    const again = await as(a, heldApp).post(`/api/data-import/${id}/undo`);
    expect([again.status, again.body.data.import.undo.status]).toEqual([202, 'running']);
    await held.handlers()['import-undo']({ importId: id });
    const done = (await as(a, heldApp).get(`/api/data-import/${id}`)).body.data.import;
    expect(done.undo).toMatchObject({ status: 'done', done: 11, total: 11, removed: { donations: 9, pledges: 2, contacts: 9 } });
    expect(done.undoneAt).toEqual(expect.any(String));
    expect((await campaignRaised(campaignA)).amountRaised).toBe(before.amountRaised - 90);
    // The job is idempotent: run again, it finds nothing to do.
    await held.handlers()['import-undo']({ importId: id });
    expect((await as(a, heldApp).get(`/api/data-import/${id}`)).body.data.import.undo).toEqual(done.undo);
    await heldApp.jobs.queue.close();
  });

  it('report, retry and undo of an unknown or foreign id answer 404', async () => {
    const { start } = await runImport(a, importBody([{ Email: 'foreign@example.org' }], { Email: 'email' }));
    for (const [method, path] of [
      ['get', `/api/data-import/${start.importId}`],
      ['get', `/api/data-import/${start.importId}/report`],
      ['post', `/api/data-import/${start.importId}/retry`],
      ['post', `/api/data-import/${start.importId}/undo`],
      ['get', '/api/data-import/not-an-id/report'],
    ] as const) {
      const res = await as(b)[method](path);
      expect([path, res.status, res.body.message]).toEqual([path, 404, 'Import not found']);
    }
    expect((await contact((await knex('contacts').where({ primaryEmail: 'foreign@example.org' }).first()).id)).firstName).toBeNull();
  });
});

describe('values the contract bounds (ADR 0002)', () => {
  it('skips a row whose year, amount or text is out of range with its reason, and imports the rest of the batch', async () => {
    const longNote = 'n'.repeat(70_000);
    const rows: Cells[] = [
      { Email: 'year@example.org', Amount: '10', Date: '9999-01-01', Note: '', First: '' },
      { Email: 'old@example.org', Amount: '10', Date: '01/01/1066', Note: '', First: '' },
      { Email: 'huge@example.org', Amount: '1e15', Date: '', Note: '', First: '' },
      { Email: 'huge2@example.org', Amount: 1e15, Date: '', Note: '', First: '' },
      { Email: 'huge3@example.org', Amount: '$1,000,000,000,000,000.00', Date: '', Note: '', First: '' },
      { Email: 'note@example.org', Amount: '10', Date: '', Note: longNote, First: '' },
      { Email: 'name@example.org', Amount: '', Date: '', Note: '', First: 'N'.repeat(101) },
      { Email: 'fine@example.org', Amount: '250.00', Date: '2100-12-31', Note: 'ok', First: 'Fine' },
      { Email: 'fine2@example.org', Amount: '', Date: '1900-01-01', Note: '', First: 'Fine' },
    ];
    const campaign = await insertCampaign(knex, a.accountId, { name: 'Bounds' });
    const before = await knex('contacts').where({ accountId: a.accountId }).count({ n: '*' }).first();
    const { start, record } = await runImport(
      a,
      importBody(rows, { Email: 'email', Amount: 'amount', Date: 'donationDate', Note: 'notes', First: 'firstName' }, { campaignId: campaign }),
    );
    expect(record).toMatchObject({ status: 'completed', recordsImported: 2, recordsSkipped: 7, contactsCreated: 2 });
    expect(record.errors).toEqual([
      'Row 1: Donation Date must be a real date between 1900 and 2100',
      'Row 2: Donation Date must be a real date between 1900 and 2100',
      'Row 3: Invalid amount format',
      'Row 4: Amount is too large (at most 999,999,999,999.99)',
      'Row 5: Amount is too large (at most 999,999,999,999.99)',
      'Row 6: Notes is too long',
      'Row 7: First Name is too long',
    ]);
    expect(Number((await knex('contacts').where({ accountId: a.accountId }).count({ n: '*' }).first())?.n)).toBe(Number(before?.n) + 2);
    expect(await knex('donations').where({ importId: start.importId })).toHaveLength(1);
    expect(await knex('contact_notes').where({ accountId: a.accountId }).where('content', longNote)).toHaveLength(0);
  });

  it('skips a gift that would take a contact or campaign total past what its column holds, instead of failing the batch', async () => {
    // An account of its own: the account-wide tally of what its contacts gave has the same limit.
    const rich = await login(app as never, await createAccountWithUser(knex, { accountName: 'Big money' }));
    const campaign = await insertCampaign(knex, rich.accountId, { name: 'Big money' });
    const rows: Cells[] = [
      { Email: 'whale@example.org', Amount: '999999999999.00' },
      { Email: 'minnow@example.org', Amount: '1.00' },
      { Email: 'whale@example.org', Amount: '5.00' },
      { Email: 'minnow@example.org', Amount: '0.99' },
    ];
    const { record } = await runImport(rich, importBody(rows, { Email: 'email', Amount: 'amount' }, { campaignId: campaign }));
    expect(record).toMatchObject({ status: 'completed', recordsImported: 2, recordsSkipped: 2 });
    expect(record.errors).toEqual([`Row 2: ${CAMPAIGN_TOTAL_TOO_LARGE}`, `Row 3: ${CONTACT_TOTAL_TOO_LARGE}`]);
    expect(await campaignRaised(campaign)).toMatchObject({ amountRaised: 999999999999.99, donationCount: 2, contactsReached: 2 });
  });

  it("skips a gift that would take the account's giving tally past DECIMAL(14,2), each contact and campaign total fitting", async () => {
    const rich = await login(app as never, await createAccountWithUser(knex, { accountName: 'Tally ceiling' }));
    const [general, capital] = [
      await insertCampaign(knex, rich.accountId, { name: 'General' }),
      await insertCampaign(knex, rich.accountId, { name: 'Capital' }),
    ];
    const gift = (email: string, amount: string): Cells => ({ Email: email, Amount: amount });
    const first = await runImport(
      rich,
      importBody([gift('one@example.org', '600000000000.00')], { Email: 'email', Amount: 'amount' }, { campaignId: general }),
    );
    expect(first.record).toMatchObject({ status: 'completed', recordsImported: 1 });
    const second = await runImport(
      rich,
      importBody(
        [gift('two@example.org', '600000000000.00'), gift('three@example.org', '399999999999.99')],
        { Email: 'email', Amount: 'amount' },
        { campaignId: capital },
      ),
    );
    expect(second.record).toMatchObject({ status: 'completed', recordsImported: 1, recordsSkipped: 1 });
    expect(second.record.errors).toEqual([`Row 1: ${ACCOUNT_TOTAL_TOO_LARGE}`]);
    const tally = await knex('account_contact_tallies').where({ accountId: rich.accountId }).sum({ total: 'totalDonated' }).first();
    expect(Number(tally?.total)).toBe(999_999_999_999.99);
  });
});

describe('campaign and donation account of an import', () => {
  it('takes a campaign of the account that is not archived, and a donation account of that campaign', async () => {
    const draft = await insertCampaign(knex, a.accountId, { name: 'Draft', status: 'draft' });
    const archived = await insertCampaign(knex, a.accountId, { name: 'Archived', status: 'archived' });
    const now = new Date();
    const account = (id: string, campaignId: string | null) => ({
      id,
      accountId: a.accountId,
      name: `Account ${id.slice(-2)}`,
      accountType: 'operating',
      campaignId,
      createdAt: now,
      updatedAt: now,
    });
    const named = '01900000-0000-7000-8000-0000000000d1';
    const pointed = '01900000-0000-7000-8000-0000000000d2';
    const other = '01900000-0000-7000-8000-0000000000d3';
    await knex('donation_accounts').insert([account(named, campaignA), account(pointed, null), account(other, draft)]);
    const campaign = await insertCampaign(knex, a.accountId, { name: 'Pointing', donationAccountId: pointed });
    const body = (extra: Record<string, unknown>) => importBody([{ Email: 'acct@example.org', Amount: '5' }], { Email: 'email', Amount: 'amount' }, extra);

    const before = await knex('imports').count({ n: '*' }).first();
    const inactive = await as(a).post('/api/data-import/import', body({ campaignId: archived }));
    expect([inactive.status, inactive.body.message, inactive.body.details]).toEqual([400, CAMPAIGN_ARCHIVED, { campaignId: CAMPAIGN_ARCHIVED }]);
    const foreignAccount = await as(a).post('/api/data-import/import', body({ donationAccountId: other }));
    expect([foreignAccount.status, foreignAccount.body.message, foreignAccount.body.details]).toEqual([
      400,
      DONATION_ACCOUNT_NOT_OF_CAMPAIGN,
      { donationAccountId: DONATION_ACCOUNT_NOT_OF_CAMPAIGN },
    ]);
    const malformed = await as(a).post('/api/data-import/import', body({ campaignId: 'not-an-id' }));
    expect([malformed.status, malformed.body.message]).toEqual([404, 'Campaign not found']);
    expect(await knex('imports').count({ n: '*' }).first()).toEqual(before);

    const byName = await runImport(a, body({ donationAccountId: named }));
    expect(byName.record.status).toBe('completed');
    expect((await knex('donations').where({ importId: byName.start.importId }).first()).donationAccountId).toBe(named);
    const byPointer = await runImport(a, body({ campaignId: campaign, donationAccountId: pointed }));
    expect(byPointer.record.status).toBe('completed');
    // A new account's first campaign is a draft: it takes the first import.
    const toDraft = await runImport(a, body({ campaignId: draft }));
    expect(toDraft.record.status).toBe('completed');
  });
});

describe('job failures', () => {
  it('fail the import with a reason for users, and log the error without its SQL or values', async () => {
    const secret = 'Confidential: donor is under audit';
    const errors: Record<string, unknown>[] = [];
    const logger: Logger = {
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: (msg, fields) => void errors.push({ msg, ...fields }),
    };
    const failingApp = createApp({ knex, config: testConfig(), logger });
    // A write the database refuses with a driver error (its message names the SQL and bound values).
    if (db.engine === 'mysql') {
      await knex.raw(
        "create trigger import_notes_refused before insert on contact_notes for each row signal sqlstate '45000' set message_text = 'notes refused'",
      );
    } else {
      await knex.raw("create trigger import_notes_refused before insert on contact_notes begin select raise(abort, 'notes refused'); end");
    }
    let importId: string;
    try {
      const start = await as(a, failingApp).post(
        '/api/data-import/import',
        importBody([{ Email: 'audit@example.org', Note: secret }], { Email: 'email', Note: 'notes' }),
      );
      expect(start.status).toBe(202);
      importId = start.body.data.importId;
      await failingApp.jobs.queue.idle();
      const record = (await as(a).get(`/api/data-import/${importId}`)).body.data.import;
      expect(record).toMatchObject({ status: 'failed', errors: [IMPORT_STOPPED] });
      const stored = await knex('imports').where({ id: importId }).first('failureReason');
      expect(stored.failureReason).toBe(IMPORT_STOPPED);
    } finally {
      await knex.raw('drop trigger import_notes_refused');
    }
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ msg: 'job failed', job: 'import', error: expect.stringContaining('notes refused') });
    const logged = JSON.stringify(errors);
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('audit@example.org');
    expect(logged).not.toMatch(/insert into/i);

    // The cause gone, Retry finishes the import.
    const retried = await as(a, failingApp).post(`/api/data-import/${importId}/retry`);
    expect(retried.status).toBe(200);
    await failingApp.jobs.queue.idle();
    expect((await as(a).get(`/api/data-import/${importId}`)).body.data.import).toMatchObject({ status: 'completed', recordsImported: 1, errors: [] });
    await failingApp.jobs.queue.close();
  });

  it('hand BullMQ (which keeps failed jobs in Redis) only the sanitised error', () => {
    const driver = Object.assign(new Error("insert into `contacts` (`email`) values ('jane@example.org') - Duplicate entry 'jane@example.org' for key 'x'"), {
      code: 'ER_DUP_ENTRY',
      errno: 1062,
      sqlMessage: "Duplicate entry 'jane@example.org' for key 'x'",
    });
    const clean = sanitisedError(driver);
    expect(clean.message).toBe("Duplicate entry '…' for key '…'");
    expect(`${clean.message}${clean.stack}`).not.toContain('jane@example.org');
    expect((clean as Error & { code?: string }).code).toBe('ER_DUP_ENTRY');
  });
});

describe('interrupted uploads, cancel, retry and undo', () => {
  const rows = (from: number, n: number, prefix = 'cut') => Array.from({ length: n }, (_, i) => ({ Email: `${prefix}${from + i}@example.org`, Amount: '4' }));
  const startReceiving = async (prefix: string) => {
    const res = await as(a).post(
      '/api/data-import/import',
      importBody(rows(0, 9, prefix), { Email: 'email', Amount: 'amount' }, { fileName: 'cut.csv', hasMore: true }),
    );
    expect(res.status).toBe(202);
    await app.jobs.queue.idle();
    return String(res.body.data.importId);
  };

  it('fails an upload that went quiet past the timeout as interrupted; retry imports the rows that arrived', async () => {
    const id = await startReceiving('quiet');
    expect((await as(a).get(`/api/data-import/${id}`)).body.data.import).toMatchObject({ status: 'processing', receiving: true, recordsImported: 9 });
    // A batch a minute ago: still waiting for the next one.
    await knex('imports')
      .where({ id })
      .update({ lastRowsAt: new Date(Date.now() - 60_000) });
    expect((await as(a).get('/api/data-import/history?status=processing')).body.data.imports.map((i: { id: string }) => i.id)).toContain(id);
    // The last batch an hour ago: the browser is gone.
    await knex('imports')
      .where({ id })
      .update({ lastRowsAt: new Date(Date.now() - 3_600_000) });
    const history = (await as(a).get('/api/data-import/history?status=failed')).body.data.imports as {
      id: string;
      status: string;
      receiving: boolean;
      errors: string[];
    }[];
    expect(history.find((i) => i.id === id)).toMatchObject({ status: 'failed', receiving: false, errors: [UPLOAD_INTERRUPTED] });
    const late = await as(a).post(`/api/data-import/${id}/rows`, { rows: rows(9, 2) });
    expect([late.status, late.body.message]).toEqual([409, 'This import is not receiving rows']);

    const retried = await as(a).post(`/api/data-import/${id}/retry`);
    expect(retried.status).toBe(200);
    await app.jobs.queue.idle();
    expect((await as(a).get(`/api/data-import/${id}`)).body.data.import).toMatchObject({
      status: 'completed',
      receiving: false,
      recordsTotal: 9,
      recordsImported: 9,
    });
  });

  it('fails stalled uploads when the job runner starts, too', async () => {
    const id = await startReceiving('restart');
    await knex('imports')
      .where({ id })
      .update({ lastRowsAt: new Date(Date.now() - 3_600_000) });
    await app.jobs.resumeUnfinished();
    expect(await knex('imports').where({ id }).first('status', 'receiving', 'failureReason')).toMatchObject({
      status: 'failed',
      failureReason: UPLOAD_INTERRUPTED,
    });
  });

  it('cancel stops an import whose upload broke; undo then takes it back and retry refuses the undone import', async () => {
    const id = await startReceiving('cancel');
    expect((await as(b).post(`/api/data-import/${id}/cancel`)).status).toBe(404);
    const cancelled = await as(a).post(`/api/data-import/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.import).toMatchObject({ status: 'failed', receiving: false, errors: [UPLOAD_INTERRUPTED], recordsImported: 9 });
    const again = await as(a).post(`/api/data-import/${id}/cancel`);
    expect([again.status, again.body.message]).toEqual([409, ONLY_PROCESSING_CANCELLED]);
    const closed = await as(a).post(`/api/data-import/${id}/rows`, { rows: rows(9, 1) });
    expect(closed.status).toBe(409);

    expect((await undoImport(a, id)).undo.removed).toMatchObject({ donations: 9, contacts: 9 });
    const retry = await as(a).post(`/api/data-import/${id}/retry`);
    expect([retry.status, retry.body.message]).toEqual([409, UNDONE_IMPORT_NOT_RETRIED]);
    expect((await knex('imports').where({ id }).first('status')).status).toBe('failed');
  });

  it('retry refuses an undone import even when it had failed for another reason', async () => {
    const { start } = await runImport(a, importBody([{ Email: 'undone@example.org', Amount: '3' }], { Email: 'email', Amount: 'amount' }));
    expect((await as(a).post(`/api/data-import/${start.importId}/retry`)).body.message).toBe(ONLY_FAILED_RETRIED);
    expect((await undoImport(a, start.importId)).undoneAt).toEqual(expect.any(String));
    await knex('imports').where({ id: start.importId }).update({ status: 'failed', failureReason: IMPORT_STOPPED });
    const retry = await as(a).post(`/api/data-import/${start.importId}/retry`);
    expect([retry.status, retry.body.message]).toEqual([409, UNDONE_IMPORT_NOT_RETRIED]);
  });
});

describe('history filter and sort', () => {
  it('filters by status and sorts server-side, with pages that add up', async () => {
    const c = await login(app as never, await createAccountWithUser(knex, { accountName: 'Account C' }));
    const campaign = await insertCampaign(knex, c.accountId);
    const base = Date.UTC(2026, 0, 1);
    const seed: [string, string, string, number][] = [
      ['beta.csv', 'donations', 'completed', 40],
      ['Alpha.xlsx', 'contacts', 'failed', 5],
      ['gamma.csv', 'pledges', 'completed', 900],
      ['delta.xls', 'associates', 'processing', 0],
      ['alpha-2.csv', 'mixed', 'completed', 40],
      ['epsilon.csv', 'donations', 'failed', 12],
    ];
    const ids: string[] = [];
    for (const [i, [fileName, importType, status, recordsImported]] of seed.entries()) {
      const id = `01900000-0000-7000-8000-0000000001${String(i).padStart(2, '0')}`;
      ids.push(id);
      const at = new Date(base + i * 60_000);
      await knex('imports').insert({
        id,
        accountId: c.accountId,
        campaignId: campaign,
        fileName,
        importType,
        status,
        headers: '[]',
        mapping: '{}',
        recordsTotal: recordsImported,
        recordsImported,
        recordsSkipped: 0,
        receiving: false,
        lastRowsAt: at,
        createdAt: at,
        updatedAt: at,
      });
    }
    const list = async (query: string) => {
      const res = await as(c).get(`/api/data-import/history?${query}`);
      expect(res.status).toBe(200);
      return { names: res.body.data.imports.map((i: { fileName: string }) => i.fileName), total: res.body.data.total, totalPages: res.body.data.totalPages };
    };
    expect((await list('')).names).toEqual(['epsilon.csv', 'alpha-2.csv', 'delta.xls', 'gamma.csv', 'Alpha.xlsx', 'beta.csv']);
    expect((await list('sort=fileName')).names).toEqual(['alpha-2.csv', 'Alpha.xlsx', 'beta.csv', 'delta.xls', 'epsilon.csv', 'gamma.csv']);
    expect((await list('sort=importType')).names).toEqual(['delta.xls', 'Alpha.xlsx', 'epsilon.csv', 'beta.csv', 'alpha-2.csv', 'gamma.csv']);
    expect((await list('sort=recordsImported')).names).toEqual(['gamma.csv', 'alpha-2.csv', 'beta.csv', 'epsilon.csv', 'Alpha.xlsx', 'delta.xls']);
    expect(await list('status=failed')).toEqual({ names: ['epsilon.csv', 'Alpha.xlsx'], total: 2, totalPages: 1 });
    expect(await list('status=processing&sort=fileName')).toEqual({ names: ['delta.xls'], total: 1, totalPages: 1 });

    // Pages of a filtered, sorted list: no overlap, nothing missing, totals of the filter.
    const pages = [await list('status=completed&sort=recordsImported&limit=2&page=1'), await list('status=completed&sort=recordsImported&limit=2&page=2')];
    expect(pages.map((p) => [p.names, p.total, p.totalPages])).toEqual([
      [['gamma.csv', 'alpha-2.csv'], 3, 2],
      [['beta.csv'], 3, 2],
    ]);
    expect(await list('status=&sort=')).toMatchObject({ total: 6 });

    for (const query of ['status=all', 'status=done', 'sort=name', 'sort=date&status=COMPLETED', 'sort=date&sort=fileName']) {
      const res = await as(c).get(`/api/data-import/history?${query}`);
      expect([query, res.status]).toEqual([query, 400]);
      expect(res.body.message).toMatch(/^(Status must be one of: |Sort must be one of )/);
    }
  });
});

describe('smart lists follow an import', () => {
  it('an imported contact joins a smart list whose rule it now meets, and leaves it after undo', async () => {
    const existing = await insertContact(knex, a.accountId, { firstName: 'Gala', lastName: 'Guest', primaryEmail: 'gala.guest@example.org' });
    const created = await as(a).post('/api/contact-lists', {
      name: 'Gala 2026',
      type: 'smart',
      rules: [{ field: 'tags', operator: 'has_tag', value: 'gala2026' }],
    });
    expect(created.status).toBe(201);
    const listId = created.body.data.list.id;
    const members = async () =>
      ((await as(a).get(`/api/contact-lists/${listId}/contacts`)).body.data.contacts as { id: string; firstName: string }[]).map((m) => m.firstName).sort();
    expect(await members()).toEqual([]);

    const { start, record } = await runImport(
      a,
      importBody(
        [
          { Email: 'GALA.GUEST@example.org', Tags: 'gala2026' },
          { Email: 'new.guest@example.org', First: 'Newcomer', Tags: 'gala2026' },
        ],
        { Email: 'email', First: 'firstName', Tags: 'tags' },
      ),
    );
    expect(record.status).toBe('completed');
    expect(await members()).toEqual(['Gala', 'Newcomer']);
    expect((await as(a).get(`/api/contact-lists/${listId}`)).body.data.list.memberCount).toBe(2);

    expect((await undoImport(a, start.importId)).undoneAt).toEqual(expect.any(String));
    expect(await members()).toEqual([]);
    expect(JSON.parse((await contact(existing)).tags)).toEqual([]);
  });
});

describe('an import in the API process', () => {
  it('lets other requests in between its batches (the embedded SQLite driver is synchronous)', async () => {
    // Last in the file: its 300 new contacts and $300 would change the totals the tests above check.
    const rows = Array.from({ length: 300 }, (_, i) => ({ Email: `between${i}@example.org`, Amount: '1' }));
    const res = await as(a).post('/api/data-import/import', importBody(rows, { Email: 'email', Amount: 'amount' }, { fileName: 'between.csv' }));
    expect(res.status).toBe(202);
    // 43 batches of 7: a request sent now is answered while the import is still working.
    const during = await as(a).get(`/api/data-import/${res.body.data.importId}`);
    expect(during.body.data.import.status).toBe('processing');
    await app.jobs.queue.idle();
    const after = await as(a).get(`/api/data-import/${res.body.data.importId}`);
    expect(after.body.data.import).toMatchObject({ status: 'completed', recordsImported: 300 });
  });
});

describe('the getting-started checklist tells imported contacts from contacts added by hand', () => {
  it('an import marks "Import your donor file" done, not "Add a contact"; a contact added by hand does', async () => {
    const fresh = await login(app as never, await createAccountWithUser(knex));
    const campaign = await insertCampaign(knex, fresh.accountId, { name: 'First drive' });
    const steps = async () =>
      Object.fromEntries(
        ((await as(fresh).get('/api/dashboard/getting-started')).body.data.steps as { id: string; done: boolean }[]).map((s) => [s.id, s.done]),
      );
    const rows: Cells[] = [
      { First: 'Ada', Last: 'Obi', Email: 'ada@example.org' },
      { First: 'Bo', Last: 'Lind', Email: 'bo@example.org' },
    ];
    const { record } = await runImport(fresh, importBody(rows, { First: 'firstName', Last: 'lastName', Email: 'email' }, { campaignId: campaign }));
    expect(record).toMatchObject({ status: 'completed', contactsCreated: 2 });
    expect(await knex('contacts').where({ accountId: fresh.accountId }).pluck('source')).toEqual(['import', 'import']);
    expect(await steps()).toMatchObject({ importDonorFile: true, addContact: false });

    expect((await as(fresh).post('/api/contacts', { firstName: 'Carmen', lastName: 'Ruiz' })).status).toBe(201);
    expect(await steps()).toMatchObject({ importDonorFile: true, addContact: true });
  });
});
