import type { Knex } from 'knex';
import type Koa from 'koa';
import { disbursementFromImportRow } from '@caucus/contract';
import { disbursementImportResponseSchema } from '@caucus/contract/disbursementImport.responses';
import { federalCommitteeBody, signedIn, type LoggedIn } from './helpers/fixtures';
import { twoAccountApp } from './helpers/twoAccountApp';

const ctx = twoAccountApp();
let knex: Knex, app: Koa, a: LoggedIn, b: LoggedIn;
beforeAll(() => ({ knex, app, a, b } = ctx));

const as = (who: LoggedIn) => signedIn(app, who);

async function committee(who: LoggedIn): Promise<string> {
  const res = await as(who).post('/api/committees', federalCommitteeBody());
  expect(res.status).toBe(201);
  return res.body.data.committee.id as string;
}

const good = [
  { payee: 'Quick Print LLC', amount: '$1,250.00', date: '2026-02-10', purpose: 'Printing', categoryCode: '6', checkNumber: '1001', memo: '' },
  {
    payee: 'Mail House Inc',
    amount: '300',
    date: '02/14/2026',
    purpose: 'Postage',
    categoryCode: '003 Solicitation and fundraising',
    checkNumber: '',
    memo: 'Spring mailer',
  },
];
const bad = { payee: '', amount: 'lots', date: '2026-02-30', purpose: 'x'.repeat(101), categoryCode: '013' };

const count = async (committeeId: string) => Number((await knex('disbursements').where({ committeeId }).count({ n: '*' }).first())?.n);

describe('POST /api/disbursements/import', () => {
  it('checks each row with the form contract, naming the fields by label', () => {
    const { values } = disbursementFromImportRow('k', good[0]);
    expect(values).toMatchObject({
      payeeOrganizationName: 'Quick Print LLC',
      amount: 1250,
      disbursementDate: '2026-02-10',
      categoryCode: '006',
      paymentMethod: 'check',
      checkNumber: '1001',
    });
    expect(disbursementFromImportRow('k', good[1]).values).toMatchObject({
      disbursementDate: '2026-02-14',
      categoryCode: '003',
      paymentMethod: 'other',
      memo: 'Spring mailer',
    });
    const { values: none, errors } = disbursementFromImportRow('k', bad);
    expect(none).toBeNull();
    expect(Object.fromEntries(errors.map((e) => [e.field, e.message]))).toEqual({
      amount: 'Amount must be a number',
      date: expect.stringMatching(/^Date must be a real date/),
      payee: 'Payee is required',
      purpose: 'Purpose must be at most 100 characters',
      categoryCode: expect.stringMatching(/^Category must be one of/),
    });
  });

  it("reads the payee's address, a ZIP code a spreadsheet stored as a number with its zero back", () => {
    const { values, errors } = disbursementFromImportRow('k', { ...good[0], street: '12 Elm St', city: 'Boston', state: 'ma', zip: '2134' });
    expect(errors).toEqual([]);
    expect(values).toMatchObject({ payeeStreet1: '12 Elm St', payeeCity: 'Boston', payeeState: 'MA', payeeZip: '02134' });
    expect(disbursementFromImportRow('k', { ...good[0], zip: '12' }).errors.map((e) => e.field)).toEqual(['zip']);
  });

  it('writes nothing when any row has an error, and names the row and field', async () => {
    const committeeId = await committee(a);
    const res = await as(a).post('/api/disbursements/import', { committeeId, rows: [good[0], bad, good[1]] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('1 of 3 rows have errors; nothing was imported');
    expect(res.body.details).toMatchObject({
      'rows.3.amount': 'Row 3: Amount must be a number',
      'rows.3.purpose': 'Row 3: Purpose must be at most 100 characters',
    });
    expect(await count(committeeId)).toBe(0);
  });

  it('imports every row through the ledger in one transaction, audited; validOnly skips and reports the bad rows', async () => {
    const committeeId = await committee(a);
    const res = await as(a).post('/api/disbursements/import', { committeeId, rows: [good[0], bad, good[1]], validOnly: true });
    expect(res.status).toBe(201);
    const body = disbursementImportResponseSchema.parse(res.body.data);
    expect(body).toMatchObject({ imported: 2, total: 1550, skipped: [{ line: 3 }] });
    expect(body.skipped[0].errors.map((e) => e.field).sort()).toEqual(['amount', 'categoryCode', 'date', 'payee', 'purpose']);
    const list = await as(a).get(`/api/disbursements?committeeId=${committeeId}`);
    expect(list.body.data.total).toBe(1550);
    expect(list.body.data.disbursements.map((d: { payeeName: string }) => d.payeeName).sort()).toEqual(['Mail House Inc', 'Quick Print LLC']);

    const trail = await knex('audit_log')
      .where({ accountId: a.accountId })
      .whereIn('entityId', [...body.disbursementIds, committeeId])
      .select('action', 'entityType', 'userId', 'afterJson');
    expect(trail.filter((e) => e.entityType === 'disbursement').map((e) => e.action)).toEqual(['create', 'create']);
    const importEntry = trail.find((e) => e.action === 'import_disbursements');
    expect(importEntry?.userId).toBe(a.userId);
    expect(JSON.parse(String(importEntry?.afterJson))).toMatchObject({ imported: 2, total: 1550, skippedLines: [3] });
  });

  it("answers 404 for another account's committee and 400 for an empty or unmapped request", async () => {
    const committeeId = await committee(a);
    const other = await as(b).post('/api/disbursements/import', { committeeId, rows: [good[0]] });
    expect(other.status).toBe(404);
    expect(await count(committeeId)).toBe(0);
    expect((await as(a).post('/api/disbursements/import', { committeeId, rows: [] })).body.message).toMatch(/no rows/);
    expect((await as(a).post('/api/disbursements/import', { committeeId, rows: [bad], validOnly: true })).status).toBe(400);
    expect((await as(a).post('/api/disbursements/import', { committeeId, rows: [{ nope: 'x' }] })).status).toBe(400);
  });

  it('reads a file of the largest size (over the 1 MB limit of other requests) and checks every row', async () => {
    const committeeId = await committee(a);
    const row = { payee: 'P'.repeat(200), amount: 'x', date: '2026-02-10', purpose: 'U'.repeat(100), memo: 'M'.repeat(100), checkNumber: '1'.repeat(60) };
    const rows = Array.from({ length: 3000 }, () => row);
    expect(JSON.stringify(rows).length).toBeGreaterThan(1024 * 1024);
    const res = await as(a).post('/api/disbursements/import', { committeeId, rows });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('3000 of 3000 rows have errors; nothing was imported');
    expect(await count(committeeId)).toBe(0);
  });
});
