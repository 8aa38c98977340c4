import type { Knex } from 'knex';
import type request from 'supertest';
import { fileFingerprint } from '@caucus/contract';
import { insertCampaign, insertContact, type LoggedIn } from './helpers/fixtures';
import { bearer, twoAccountApp, type TestApp } from './helpers/twoAccountApp';

// The same file imported twice adds nothing by default: recognised by its content fingerprint at
// upload (whatever its format), and row by row every gift already recorded, or repeated inside the
// file, is skipped with the gift it repeats as reason, unless the user includes it.

const ctx = twoAccountApp({ config: { importBatchSize: 4 } });
let knex: Knex, app: TestApp, a: LoggedIn, b: LoggedIn;
let campaignA: string;

beforeAll(async () => {
  ({ knex, app, a, b } = ctx);
  campaignA = await insertCampaign(knex, a.accountId, { name: 'Spring Appeal' });
});

const as = (who: LoggedIn) => bearer(app, who);

const HEADERS = ['First Name', 'Last Name', 'Email', 'ZIP', 'Amount', 'Date', 'Method', 'Check'];
const MAPPING = {
  'First Name': 'firstName',
  'Last Name': 'lastName',
  Email: 'email',
  ZIP: 'zipCode',
  Amount: 'amount',
  Date: 'donationDate',
  Method: 'paymentMethod',
  Check: 'checkNumber',
};
type Person = { first: string; last: string; email: string; zip: string; amount: number; month: number; day: number; method: string; check: string };
const PEOPLE: Person[] = [
  { first: 'Barbara', last: 'Jackson', email: 'barbara@example.org', zip: '02134', amount: 1250, month: 4, day: 2, method: 'check', check: '1001' },
  { first: 'Luis', last: 'Ortega', email: '', zip: '10027', amount: 75.5, month: 3, day: 14, method: 'credit_card', check: '' },
  { first: 'Mei', last: 'Chen', email: 'mei@example.org', zip: '60614', amount: 2000, month: 5, day: 1, method: 'ach', check: '' },
  { first: 'Ana', last: 'Silva', email: 'ana@example.org', zip: '94110', amount: 25, month: 5, day: 9, method: 'cash', check: '' },
  { first: 'Tom', last: 'Reyes', email: 'tom@example.org', zip: '73301', amount: 500, month: 6, day: 30, method: 'check', check: '2044' },
];
const pad = (n: number) => String(n).padStart(2, '0');
/** The rows as the wizard reads an XLSX: numbers stay numbers (as text), date cells become ISO days. */
const xlsxRows = () =>
  PEOPLE.map((p) => ({
    'First Name': p.first,
    'Last Name': p.last,
    Email: p.email,
    ZIP: String(Number(p.zip)),
    Amount: String(p.amount),
    Date: `2026-${pad(p.month)}-${pad(p.day)}`,
    Method: p.method,
    Check: p.check,
  }));
/** The same rows as the CSV export of the sheet writes them. */
const csvRows = () =>
  PEOPLE.map((p) => ({
    'First Name': p.first,
    'Last Name': p.last,
    Email: p.email,
    ZIP: p.zip,
    Amount: `$${p.amount.toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    Date: `${p.month}/${p.day}/2026`,
    Method: p.method,
    Check: p.check,
  }));

const body = (fileName: string, rows: Record<string, string>[], extra: Record<string, unknown> = {}) => ({
  campaignId: campaignA,
  fileName,
  headers: HEADERS,
  mapping: MAPPING,
  importType: 'donations',
  rows,
  fingerprint: fileFingerprint(HEADERS, rows),
  ...extra,
});

const giftCount = async () => Number((await knex('donations').where({ accountId: a.accountId }).count({ n: '*' }).first())?.n);
const raised = async () => Number((await knex('campaigns').where({ id: campaignA }).first('amountRaised')).amountRaised);
async function run(res: request.Response) {
  expect(res.status).toBe(202);
  await app.jobs.queue.idle();
  return (await as(a).get(`/api/data-import/${res.body.data.importId}`)).body.data.import;
}

describe('a file imported twice', () => {
  it('fingerprints the XLSX and the CSV of the same rows alike, and any changed cell differently', () => {
    expect(fileFingerprint(HEADERS, xlsxRows())).toBe(fileFingerprint(HEADERS, csvRows()));
    expect(fileFingerprint([...HEADERS].reverse(), [...csvRows()].reverse())).toBe(fileFingerprint(HEADERS, xlsxRows()));
    const changed = csvRows();
    changed[2].Amount = '$2,000.01';
    expect(fileFingerprint(HEADERS, changed)).not.toBe(fileFingerprint(HEADERS, xlsxRows()));
  });

  it('adds 0 gifts the second time (XLSX then CSV), and adds them all with Import anyway and every row included', async () => {
    const first = await run(await as(a).post('/api/data-import/import', body('donors.xlsx', xlsxRows())));
    expect(first).toMatchObject({ status: 'completed', recordsImported: 5, recordsSkipped: 0 });
    expect(await giftCount()).toBe(5);
    const raisedOnce = await raised();
    expect(raisedOnce).toBeCloseTo(3850.5, 2);

    // Recognised at upload: the wizard asks, and the import is refused until the user confirms.
    const fp = fileFingerprint(HEADERS, csvRows());
    const lookup = await as(a).get(`/api/data-import/fingerprint?fingerprint=${fp}`);
    expect(lookup.status).toBe(200);
    expect(lookup.body.data.message).toMatch(/^This file was imported on [A-Z][a-z]{2} \d{1,2} by .+ \(5 rows\)$/);
    expect(lookup.body.data.imports).toEqual([expect.objectContaining({ id: first.id, fileName: 'donors.xlsx', rows: 5 })]);
    // Another account knows nothing of it.
    expect((await as(b).get(`/api/data-import/fingerprint?fingerprint=${fp}`)).body.data).toEqual({ imports: [], message: null });

    const refused = await as(a).post('/api/data-import/import', body('donors.csv', csvRows()));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(lookup.body.data.message);
    expect(await knex('imports').where({ accountId: a.accountId }).count({ n: '*' }).first()).toMatchObject({ n: 1 });

    // The review's check names every row's earlier gift.
    const preview = await as(a).post('/api/data-import/duplicates', { headers: HEADERS, mapping: MAPPING, rows: csvRows(), rowNumbers: [1, 2, 3, 4, 5] });
    expect(preview.status).toBe(200);
    expect(preview.body.data.duplicates.map((d: { rowNumber: number }) => d.rowNumber)).toEqual([1, 2, 3, 4, 5]);
    expect(preview.body.data.duplicates[0]).toMatchObject({
      reason: "Possible duplicate of Barbara Jackson's $1,250.00 check 1001 of 2026-04-02, already recorded",
      existing: { contactName: 'Barbara Jackson', donationAmount: 1250, donationDate: '2026-04-02', checkNumber: '1001' },
    });

    // Import anyway: the file goes in, and every row that repeats a recorded gift is skipped with its reason.
    const again = await run(await as(a).post('/api/data-import/import', body('donors.csv', csvRows(), { importAnyway: true })));
    expect(again).toMatchObject({ status: 'completed', recordsImported: 0, recordsSkipped: 5 });
    expect(await giftCount()).toBe(5);
    expect(await raised()).toBeCloseTo(raisedOnce, 2);
    const skipped = await as(a).get(`/api/data-import/${again.id}/skipped`);
    expect(skipped.body.data.rows.map((r: { reason: string }) => r.reason)[0]).toBe(
      "Possible duplicate of Barbara Jackson's $1,250.00 check 1001 of 2026-04-02, already recorded",
    );
    const report = await as(a).get(`/api/data-import/${again.id}/report`);
    expect(report.text).toContain('Possible duplicate of Mei Chen');

    // Import anyway with the duplicates included: all five are added.
    const included = await run(
      await as(a).post('/api/data-import/import', body('donors (1).csv', csvRows(), { importAnyway: true, includeDuplicates: 'all' })),
    );
    expect(included).toMatchObject({ status: 'completed', recordsImported: 5, recordsSkipped: 0 });
    expect(await giftCount()).toBe(10);
    expect(await raised()).toBeCloseTo(raisedOnce * 2, 2);
  });

  it('skips rows repeated inside one file (across batches too), and imports the ones the user includes', async () => {
    const rows = xlsxRows().map((r) => ({ ...r, Date: r.Date.replace('2026', '2025') }));
    // Rows 6 and 7 repeat rows 1 and 2 (row 7 in the next batch); row 8 repeats row 3 and is included.
    const file = [...rows, rows[0], rows[1], rows[2]];
    const res = await as(a).post('/api/data-import/import', { ...body('repeats.xlsx', file), includeDuplicates: [8] });
    const done = await run(res);
    expect(done).toMatchObject({ status: 'completed', recordsImported: 6, recordsSkipped: 2 });
    const skipped = (await as(a).get(`/api/data-import/${done.id}/skipped`)).body.data.rows;
    expect(skipped.map((r: { rowNumber: number }) => r.rowNumber)).toEqual([6, 7]);
    // Row 6 is in the first batch's neighbour: the gift of row 1 was already written by then.
    expect(skipped[0].reason).toMatch(/^Possible duplicate of (row 1 of this file|Barbara Jackson's \$1,250.00 check 1001 of 2025-04-02, already recorded)$/);

    // A skipped duplicate sent again from the history is one the user chose: it is imported.
    const fixed = await as(a).post(`/api/data-import/${done.id}/skipped`, { rows: [{ rowNumber: 6, row: skipped[0].cells }] });
    expect(fixed.status).toBe(202);
    await app.jobs.queue.idle();
    expect((await as(a).get(`/api/data-import/${done.id}`)).body.data.import).toMatchObject({ recordsImported: 7, recordsSkipped: 1 });
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = await giftCount();
    const bad = await as(a).post('/api/data-import/import', body('x.csv', csvRows(), { includeDuplicates: 'some' }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Include duplicates/);
    const noFp = await as(a).get('/api/data-import/fingerprint');
    expect(noFp.status).toBe(400);
    expect(noFp.body.message).toMatch(/Fingerprint is required/);
    const badPreview = await as(a).post('/api/data-import/duplicates', { headers: HEADERS, mapping: MAPPING, rows: csvRows(), rowNumbers: [1] });
    expect(badPreview.status).toBe(400);
    expect(await giftCount()).toBe(before);
  });
});

describe('a gift entered twice in the donation form', () => {
  it('answers 409 with the gift it repeats, saves nothing, and saves it once confirmed', async () => {
    const contactId = await insertContact(knex, a.accountId, { firstName: 'Rosa', lastName: 'Park' });
    const gift = { donationAmount: 250, paymentMethod: 'check', checkNumber: '731', donationDate: '2026-11-20', campaignId: campaignA };
    const first = await as(a).post(`/api/contacts/${contactId}/donations`, gift);
    expect(first.status).toBe(201);
    const count = async () => Number((await knex('donations').where({ contactId }).count({ n: '*' }).first())?.n);

    const again = await as(a).post(`/api/contacts/${contactId}/donations`, gift);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This looks like a gift already recorded. Save it anyway?');
    expect(again.body.details).toMatchObject({
      duplicateId: first.body.data.donation.id,
      duplicateAmount: '250.00',
      duplicateDate: '2026-11-20',
      duplicateCheckNumber: '731',
    });
    expect(again.body.details.confirmDuplicate).toBe("Possible duplicate of Rosa Park's $250.00 check 731 of 2026-11-20, already recorded");
    expect(await count()).toBe(1);

    // Another check number, another day or another amount is another gift.
    expect((await as(a).post(`/api/contacts/${contactId}/donations`, { ...gift, checkNumber: '732' })).status).toBe(201);
    expect(
      (await as(a).post(`/api/contacts/${contactId}/donations`, { ...gift, checkNumber: '', paymentMethod: 'cash', donationDate: '2026-11-21' })).status,
    ).toBe(201);

    const confirmed = await as(a).post(`/api/contacts/${contactId}/donations`, { ...gift, confirmDuplicate: true });
    expect(confirmed.status).toBe(201);
    expect(await count()).toBe(4);
    const bad = await as(a).post(`/api/contacts/${contactId}/donations`, { ...gift, confirmDuplicate: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Confirm duplicate/);
    expect(await count()).toBe(4);
  });

  it('does not ask about a gift recorded more than 7 days ago', async () => {
    const contactId = await insertContact(knex, a.accountId, { firstName: 'Old', lastName: 'Gift' });
    const gift = { donationAmount: 40, paymentMethod: 'cash', donationDate: '2026-10-01', campaignId: campaignA };
    expect((await as(a).post(`/api/contacts/${contactId}/donations`, gift)).status).toBe(201);
    await knex('donations')
      .where({ contactId })
      .update({ createdAt: new Date(Date.now() - 8 * 86_400_000) });
    expect((await as(a).post(`/api/contacts/${contactId}/donations`, gift)).status).toBe(201);
  });
});
