import type { Knex } from 'knex';
import request from 'supertest';
import { createApp, type AppJobs } from '../src/app';
import type { JobHandlers, JobQueue } from '../src/jobs';
import { createInProcessQueue } from '../src/jobs/inProcess';
import { recomputeCampaignTotals } from '../src/modules/campaigns/repository';
import { createFinancialsRepository } from '../src/modules/financials/repository';
import { insertCampaign, insertContact, testConfig, twoLoggedInAccounts, type LoggedIn } from './helpers/fixtures';
import { createTestDb, type TestDb } from './support/testDb';

let db: TestDb;
let knex: Knex;
let app: ReturnType<typeof createApp>;
let a: LoggedIn;
let b: LoggedIn;
let campaignA: string;
let campaignB: string;

/** A queue that only records what was asked of it: the import stays as the request left it. */
function heldQueue(): { factory: (h: JobHandlers) => JobQueue; handlers: () => JobHandlers; jobs: string[] } {
  let handlers: JobHandlers | null = null;
  const jobs: string[] = [];
  return {
    factory: (h) => {
      handlers = h;
      return { enqueue: async (_name, payload) => void jobs.push(payload.importId), idle: async () => undefined, close: async () => undefined };
    },
    handlers: () => handlers as JobHandlers,
    jobs,
  };
}

beforeAll(async () => {
  db = await createTestDb();
  knex = db.knex;
  // Small batches so every test crosses batch boundaries.
  app = createApp({ knex, config: testConfig({ importBatchSize: 7 }) });
  ({ a, b } = await twoLoggedInAccounts(knex, app as never));
  campaignA = await insertCampaign(knex, a.accountId, { name: 'Spring Appeal' });
  campaignB = await insertCampaign(knex, b.accountId, { name: 'Other Committee' });
});

afterAll(async () => {
  await app.jobs.queue.close();
  await db.destroy();
});

const as = (who: LoggedIn, target = app) => {
  const agent = request(target.callback());
  const auth = { Authorization: `Bearer ${who.token}` };
  return {
    get: (url: string) => agent.get(url).set(auth),
    post: (url: string, body?: unknown) => (body === undefined ? agent.post(url).set(auth).set('X-Requested-With', 'fetch') : agent.post(url).set(auth).send(body as object)),
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
      { 'First Name': 'Ada', 'Last Name': 'Lovelace', Email: 'ada@example.org', Zip: '02134', Amount: '$1,250.00', Date: '03/15/2026', 'Transaction ID': 'AB-1' },
      { 'First Name': 'Ada', 'Last Name': 'Lovelace', Email: 'ADA@example.org', Zip: '02134', Amount: '50', Date: '2026-03-20', 'Transaction ID': 'AB-2' },
      { 'First Name': 'Grace', 'Last Name': 'Hopper', Email: '', Zip: 2134, Amount: '25.5', Date: '4/1/26', 'Transaction ID': 'AB-3' },
    ];
    const { start, record } = await runImport(a, importBody(rows, DONATION_MAPPING, { fileName: 'actblue.csv' }));
    expect(start).toEqual({ message: 'Import started successfully. You can track progress in the Import History tab.', importId: expect.any(String), recordsToProcess: 3 });
    expect(record).toMatchObject({ status: 'completed', recordsTotal: 3, recordsImported: 3, recordsSkipped: 0, contactsCreated: 2, progress: 100, campaignName: 'Spring Appeal' });

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
    const byEmail = await insertContact(knex, a.accountId, { firstName: 'Maria', lastName: 'Lopez', primaryEmail: 'Maria.Lopez@Example.org', city: 'Boston', primaryPhone: null });
    const byName = await insertContact(knex, a.accountId, { firstName: 'José', lastName: 'Ñúñez', zipCode: '02139-4307', city: null });
    const rows: Cells[] = [
      { First: 'M', Last: 'L', Email: 'maria.lopez@example.ORG', Zip: '99999', City: 'Cambridge', Phone: '617-555-0101' },
      { First: 'jose', Last: 'NUNEZ', Email: '', Zip: '02139', City: 'Somerville', Phone: '' },
      // Same name, other ZIP: someone else.
      { First: 'Jose', Last: 'Nunez', Email: '', Zip: '10001', City: 'New York', Phone: '' },
    ];
    const { record } = await runImport(a, importBody(rows, { First: 'firstName', Last: 'lastName', Email: 'email', Zip: 'zipCode', City: 'city', Phone: 'phone' }));
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
      importBody(rows, { Name: 'fullName', Zip: 'zipCode', Email: 'email', Tags: 'tags', Note: 'notes', Pledge: 'pledgedAmount', Due: 'dueDate', Spouse: 'associateFirstName', SpouseLast: 'associateLastName', Rel: 'relationship' }),
    );
    expect(record).toMatchObject({ recordsImported: 10, recordsSkipped: 0, contactsCreated: 2 });
    const chidi = await knex('contacts').where({ accountId: a.accountId, lastName: 'Okafor' });
    expect(chidi).toHaveLength(1);
    expect(chidi[0].firstName).toBe('Chidi');
    expect(JSON.parse(chidi[0].tags).sort()).toEqual(['donor', 'host', 'volunteer']);
    const pledge = await knex('pledges').where({ contactId: chidi[0].id }).first();
    expect([Number(pledge.pledgeAmount), String(pledge.dueDate instanceof Date ? pledge.dueDate.toISOString() : pledge.dueDate).slice(0, 10)]).toEqual([500, '2026-12-31']);
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
      'Row 5: Invalid donationDate format',
      'Row 6: Row appears to be empty',
      'Row 7: Transaction ID "OLD-1" already exists in this account',
      'Row 9: Transaction ID "NEW-1" already exists in this account',
      'Row 10: Please enter a valid donation amount',
    ]);
    const states = (await knex('import_rows').where({ importId: start.importId }).groupBy('status').select('status').count({ n: '*' })) as { status: string; n: number }[];
    expect(Object.fromEntries(states.map((s) => [s.status, Number(s.n)]))).toEqual({ imported: 1, skipped: 9 });
    expect(await knex('donations').where({ importId: start.importId })).toHaveLength(1);

    const report = await as(a).get(`/api/data-import/${start.importId}/report`);
    expect(report.status).toBe(200);
    expect(report.headers['content-type']).toMatch(/^text\/csv/);
    expect(report.headers['content-disposition']).toBe('attachment; filename="winred-skipped-rows.csv"');
    const lines = report.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Row,First Name,Last Name,Email,Zip,Amount,Date,Transaction ID,Reason');
    expect(lines[1]).toBe('1,Bad,Email,not-an-email,,10,,,Invalid email format');
    expect(lines[9]).toBe('10,Accounting,Negative,,,(15.00),,,Please enter a valid donation amount');
    expect(lines).toHaveLength(10);
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
      [{ ...good, importType: 'everything' }, /importType must be one of/],
      [{ ...good, rowNumbers: [1, 2] }, 'rowNumbers must have one number per row'],
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
    const account = await as(a).post('/api/data-import/import', importBody([{ Email: 'x@example.org' }], { Email: 'email' }, { donationAccountId: '01900000-0000-7000-8000-000000000001' }));
    expect([account.status, account.body.message]).toEqual([404, 'Donation account not found']);
    const anonymous = await request(app.callback()).post('/api/data-import/import').send(importBody([{ Email: 'x@example.org' }], { Email: 'email' }));
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
    const res = await as(a, bigApp)
      .post('/api/data-import/import', importBody(rows, { Email: 'email', Amount: 'amount' }, { fileName: 'big.csv' }));
    expect(res.status).toBe(202);
    expect(res.body.data.recordsToProcess).toBe(200_000);
    expect(held.jobs).toEqual([res.body.data.importId]);
    const stored = await knex('import_rows').where({ importId: res.body.data.importId }).count({ n: '*' }).max({ last: 'rowNumber' }).first();
    expect([Number(stored?.n), Number(stored?.last)]).toEqual([200_000, 200_000]);
    const tooMany = await as(a, bigApp).post('/api/data-import/import', importBody([...rows, ...rows.slice(0, 1)], { Email: 'email', Amount: 'amount' }));
    expect(tooMany.status).toBe(400);
    // Not processed here (no worker in this app): remove it so the other tests' totals stay small.
    await knex('import_rows').where({ importId: res.body.data.importId }).delete();
    await knex('imports').where({ id: res.body.data.importId }).delete();
  }, 180_000);

  it('takes a bigger file in several requests and completes after the last one', async () => {
    const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ Email: `batch${from + i}@example.org`, Amount: '2' }));
    const first = await as(a).post('/api/data-import/import', importBody(rows(0, 12), { Email: 'email', Amount: 'amount' }, { fileName: 'huge.csv', hasMore: true }));
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
    expect(await knex('import_rows').where({ importId: id }).max({ last: 'rowNumber' }).first()).toEqual({ last: 17 });
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
    expect((await as(a, heldApp).get(`/api/data-import/${id}`)).body.data.import).toMatchObject({ status: 'failed', errors: ['Import stopped: connection lost'] });
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
    const existing = await insertContact(knex, a.accountId, { firstName: 'Undo', lastName: 'Existing', primaryEmail: 'undo@example.org', tags: '["old"]', city: null });
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
    const before = { contact: await contact(existing), campaign: await campaignRaised(campaignA), contacts: (await knex('contacts').where({ accountId: a.accountId })).length };

    const rows: Cells[] = [
      { Email: 'UNDO@example.org', City: 'Albany', Amount: '40', Tags: 'new', Note: 'Thanks', Pledge: '' },
      { Email: 'fresh@example.org', City: 'Troy', Amount: '60', Tags: '', Note: '', Pledge: '200' },
    ];
    const { start } = await runImport(a, importBody(rows, { Email: 'email', City: 'city', Amount: 'amount', Tags: 'tags', Note: 'notes', Pledge: 'pledgedAmount' }));
    expect(Number((await contact(existing)).totalDonated)).toBe(140);
    expect((await campaignRaised(campaignA)).amountRaised).toBe(before.campaign.amountRaised + 100);

    expect((await as(b).post(`/api/data-import/${start.importId}/undo`)).status).toBe(404);
    const undo = await as(a).post(`/api/data-import/${start.importId}/undo`);
    expect(undo.status).toBe(200);
    expect(undo.body.data.removed).toEqual({ donations: 2, pledges: 1, notes: 1, contacts: 1, associations: 0 });
    expect(undo.body.data.import.undoneAt).toEqual(expect.any(String));
    const after = await contact(existing);
    expect([after.city, JSON.parse(after.tags), Number(after.totalDonated), Number(after.donationCount)]).toEqual([null, ['old'], 100, 1]);
    expect(await campaignRaised(campaignA)).toEqual(before.campaign);
    expect((await knex('contacts').where({ accountId: a.accountId })).length).toBe(before.contacts);
    expect(await knex('contact_notes').where({ contactId: existing })).toHaveLength(0);
    const again = await as(a).post(`/api/data-import/${start.importId}/undo`);
    expect([again.status, again.body.message]).toEqual([409, 'This import was already undone']);
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
