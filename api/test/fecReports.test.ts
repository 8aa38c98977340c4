import type { Knex } from 'knex';
import { newId } from '../src/lib/ids';
import {
  aggregateResponseSchema,
  cashResponseSchema,
  disbursementListResponseSchema,
  disbursementResponseSchema,
  fecReportListResponseSchema,
  fecReportResponseSchema,
  lineEntriesResponseSchema,
  reconciliationSchema,
} from '@caucus/contract/fecReports.responses';
import { ALREADY_VOIDED, VOID_IS_FINAL } from '../src/modules/disbursements/service';
import { DUPLICATE_REPORT, NOT_FILED } from '../src/modules/fecReports/service';
import { expectCrossAccountIsolation } from './crossAccount';
import { federalCommitteeBody, insertCampaign, type LoggedIn, signedIn } from './helpers/fixtures';
import { committeeWithCampaign, insertItemizedDonor, vendorDisbursement } from './helpers/committees';
import { twoAccountApp, type TestApp } from './helpers/twoAccountApp';
import { fecValidator, parseFec, type FecRecord } from './support/fecParser';

const ctx = twoAccountApp({ config: { logLevel: (process.env.FEC_LOG as never) ?? 'silent' } });
let knex: Knex, app: TestApp, a: LoggedIn, b: LoggedIn;
beforeAll(() => ({ knex, app, a, b } = ctx));

const as = (who: LoggedIn) => signedIn(app, who);
const validate = fecValidator();

let donors = 0;
async function donor(who: LoggedIn, fields: Record<string, unknown> = {}) {
  donors += 1;
  return insertItemizedDonor(knex, who.accountId, `Donor${donors}`, fields);
}

async function setup(who: LoggedIn = a, extra: Record<string, unknown> = {}) {
  return committeeWithCampaign(ctx, who, extra);
}

async function give(who: LoggedIn, contactId: string, campaignId: string, donationAmount: number, donationDate: string, extra: Record<string, unknown> = {}) {
  const res = await as(who).post(`/api/contacts/${contactId}/donations`, { donationAmount, donationDate, campaignId, ...extra });
  expect(res.status).toBe(201);
  return res.body.data.donation as { id: string; electionCode: string | null; excessAmount: number | null };
}

const vendor = vendorDisbursement;

async function disburse(who: LoggedIn, body: Record<string, unknown>) {
  const res = await as(who).post('/api/disbursements', body);
  expect({ status: res.status, body: res.status === 201 ? null : res.body }).toEqual({ status: 201, body: null });
  disbursementResponseSchema.parse(res.body.data);
  return res.body.data.disbursement as { id: string; amount: number };
}

/** The schema a .fec record is checked against, and the FECFile-only fields (no .fec column) the schema requires. */
function schemaFor(record: FecRecord): { name: string; value: Record<string, unknown> } {
  const v = record.values;
  const form = String(v.form_type ?? v.record_type);
  if (record.layout === 'HDR' || record.layout === 'F3' || record.layout === 'F3X') return { name: record.layout, value: v };
  if (form === 'SA11AI')
    return { name: 'INDIVIDUAL_RECEIPT', value: { ...v, transaction_type_identifier: 'INDIVIDUAL_RECEIPT', aggregation_group: 'GENERAL' } };
  const voided = Number(v.expenditure_amount) < 0 ? '_VOID' : '';
  // F3's lines 17 and 20(a) have the fields of F3X's 21(b) and 28(a): the schemas kept here are F3X's.
  if (form === 'SB28A' || form === 'SB20A') {
    return {
      name: 'INDIVIDUAL_REFUNDS',
      value: { ...v, form_type: 'SB28A', transaction_type_identifier: `REFUND_INDIVIDUAL_CONTRIBUTION${voided}`, aggregation_group: 'GENERAL' },
    };
  }
  const other = form === 'SB29' || form === 'SB21';
  return {
    name: 'DISBURSEMENTS',
    value: {
      ...v,
      form_type: other ? 'SB29' : 'SB21B',
      transaction_type_identifier: `${other ? 'OTHER_DISBURSEMENT' : 'OPERATING_EXPENDITURE'}${voided}`,
      aggregation_group: 'GENERAL_DISBURSEMENT',
      aggregate_amount: v.expenditure_amount,
    },
  };
}

function expectValidFile(text: string): FecRecord[] {
  const records = parseFec(text);
  for (const record of records) {
    const { name, value } = schemaFor(record);
    expect({ form: record.fields[0], errors: validate(name, value) }).toEqual({ form: record.fields[0], errors: null });
  }
  return records;
}

describe('disbursements', () => {
  it('records, lists, edits and voids (a void is a negative entry; the original stays), each write audited', async () => {
    const { committeeId } = await setup();
    const created = await disburse(a, vendor(committeeId));
    expect(created.amount).toBe(450);
    const edited = await as(a).put(`/api/disbursements/${created.id}`, vendor(committeeId, { amount: 475.5, memo: 'Yard signs' }));
    expect(edited.status).toBe(200);
    expect(edited.body.data.disbursement).toMatchObject({ amount: 475.5, memo: 'Yard signs', payeeName: 'Quick Print LLC' });

    const voided = await as(a).post(`/api/disbursements/${created.id}/void`, { voidDate: '2026-04-02' });
    expect(voided.status).toBe(201);
    expect(voided.body.data.disbursement).toMatchObject({ amount: -475.5, voidOfId: created.id, disbursementDate: '2026-04-02' });
    expect((await as(a).post(`/api/disbursements/${created.id}/void`, {})).body.message).toBe(ALREADY_VOIDED);
    expect((await as(a).post(`/api/disbursements/${voided.body.data.disbursement.id}/void`, {})).body.message).toBe(VOID_IS_FINAL);
    expect((await as(a).put(`/api/disbursements/${created.id}`, vendor(committeeId))).status).toBe(409);

    const list = await as(a).get(`/api/disbursements?committeeId=${committeeId}`);
    expect(list.status).toBe(200);
    disbursementListResponseSchema.parse(list.body.data);
    expect(list.body.data.disbursements).toHaveLength(2);
    expect(list.body.data.total).toBe(0);
    expect(list.body.data.disbursements.find((d: { id: string }) => d.id === created.id).voidedById).toBe(voided.body.data.disbursement.id);

    const trail = await knex('audit_log')
      .where({ entityType: 'disbursement', entityId: created.id })
      .orderBy('createdAt')
      .select('action', 'userId', 'sessionId');
    expect(trail.map((e) => e.action)).toEqual(['create', 'update', 'void']);
    expect(trail.every((e) => e.userId === a.userId && e.sessionId)).toBe(true);
  });

  it('answers 400 naming the field for bad input, and changes nothing', async () => {
    const { committeeId } = await setup();
    const cases: [Record<string, unknown>, string][] = [
      [vendor(committeeId, { amount: 0 }), 'Amount must be a positive amount'],
      [vendor(committeeId, { purpose: '' }), 'Purpose is required'],
      [vendor(committeeId, { purpose: 'x'.repeat(101) }), 'Purpose must be at most 100 characters'],
      [vendor(committeeId, { categoryCode: '013' }), 'Category must be one of'],
      [vendor(committeeId, { disbursementDate: '2026-02-30' }), 'Date must be a real date'],
      [vendor(committeeId, { payeeOrganizationName: null }), 'Payee is required'],
      [vendor(committeeId, { kind: 'refund' }), 'A refund names the contribution it refunds'],
      [vendor(committeeId, { payeeState: 'Virginia' }), 'State must be a two-letter code'],
    ];
    for (const [body, message] of cases) {
      const res = await as(a).post('/api/disbursements', body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: expect.stringContaining(message) });
    }
    expect(await knex('disbursements').where({ committeeId }).count({ n: '*' }).first()).toEqual({ n: 0 });
    expect((await as(a).post('/api/disbursements', vendor('0190f6d2-0000-7000-8000-000000000000'))).status).toBe(404);
  });

  it("another account's disbursement, committee and report are 404 and unchanged", async () => {
    const { committeeId } = await setup();
    const { id } = await disburse(a, vendor(committeeId));
    await expectCrossAccountIsolation({
      app: app as never,
      owner: a,
      intruder: b,
      id,
      routes: [
        { method: 'get', path: '/api/disbursements/:id' },
        { method: 'put', path: '/api/disbursements/:id', body: vendor(committeeId) },
        { method: 'post', path: '/api/disbursements/:id/void', body: {} },
      ],
      readRow: () => knex('disbursements').where({ id }).first(),
    });
    await expectCrossAccountIsolation({
      app: app as never,
      owner: a,
      intruder: b,
      id: committeeId,
      routes: [
        { method: 'get', path: '/api/committees/:id/cash' },
        { method: 'get', path: '/api/committees/:id/reconciliations/2026-02' },
        { method: 'put', path: '/api/committees/:id/reconciliations/2026-02', body: { statementBalance: 1 } },
      ],
      readRow: () => knex('committees').where({ id: committeeId }).first(),
    });
    const report = await as(a).post('/api/reports/fec', { committeeId, reportCode: 'Q1', year: 2026 });
    expect(report.status).toBe(201);
    const reportId = report.body.data.report.id;
    await expectCrossAccountIsolation({
      app: app as never,
      owner: a,
      intruder: b,
      id: reportId,
      routes: [
        { method: 'get', path: '/api/reports/fec/:id' },
        { method: 'put', path: '/api/reports/fec/:id', body: { treasurerFirstName: 'X' } },
        { method: 'get', path: '/api/reports/fec/:id/file' },
        { method: 'get', path: '/api/reports/fec/:id/lines/L17_operating_expenditures_period' },
        { method: 'post', path: '/api/reports/fec/:id/file-status', body: { filed: true } },
        { method: 'post', path: '/api/reports/fec/:id/amend' },
      ],
      readRow: () => knex('fec_reports').where({ id: reportId }).first(),
    });
    expect((await as(b).get(`/api/reports/fec?committeeId=${committeeId}`)).status).toBe(404);
  });

  it("pays a contact: the payee's name and address come from it; another account's contact is 404 and nothing is written", async () => {
    const { committeeId } = await setup();
    const contactId = await donor(a);
    const paid = await disburse(a, { ...vendor(committeeId), payeeContactId: contactId, payeeOrganizationName: null, entityType: 'IND', payeeStreet1: null });
    const row = await knex('disbursements').where({ id: paid.id }).first();
    expect(row).toMatchObject({ payeeContactId: contactId, entityType: 'IND', payeeStreet1: '12 Elm St' });
    expect(row.payeeLastName).toMatch(/^Donor/);

    const theirs = await donor(b);
    const before = await knex('disbursements').where({ accountId: a.accountId }).count({ n: '*' }).first();
    const res = await as(a).post('/api/disbursements', { ...vendor(committeeId), payeeContactId: theirs });
    expect(res.status).toBe(404);
    expect(await knex('disbursements').where({ accountId: a.accountId }).count({ n: '*' }).first()).toEqual(before);
  });
});

describe('refunds', () => {
  it('reduce the aggregate: a refund of the excess clears the flag, and the limit and aggregate endpoints count it', async () => {
    const { committeeId, campaignId } = await setup();
    const contactId = await donor(a);
    await give(a, contactId, campaignId, 3000, '2026-03-01');
    const over = await give(a, contactId, campaignId, 1000, '2026-03-05');
    expect(over.excessAmount).toBe(500);

    const warn = await as(a).get(`/api/compliance/aggregate?contactId=${contactId}&campaignId=${campaignId}&donationDate=2026-03-10&amount=100`);
    expect(warn.status).toBe(200);
    aggregateResponseSchema.parse(warn.body.data);
    expect(warn.body.data).toMatchObject({ electionCode: 'P2026', aggregate: 4000, limit: 3500, after: 4100, overLimit: true });
    expect(warn.body.data.message).toContain('past the $3,500.00 limit');

    const tooMuch = await as(a).post('/api/disbursements', {
      committeeId,
      kind: 'refund',
      refundOfDonationId: over.id,
      amount: 1000.01,
      disbursementDate: '2026-03-20',
      purpose: 'Contribution refund',
    });
    expect(tooMuch.status).toBe(409);
    const refund = await disburse(a, {
      committeeId,
      kind: 'refund',
      refundOfDonationId: over.id,
      amount: 500,
      disbursementDate: '2026-03-20',
      purpose: 'Contribution refund',
    });
    const row = await knex('disbursements').where({ id: refund.id }).first();
    expect(row).toMatchObject({ payeeContactId: contactId, entityType: 'IND', categoryCode: '010', electionCode: 'P2026', payeeStreet1: '12 Elm St' });
    expect(Number((await knex('donations').where({ id: over.id }).first()).excessAmount ?? 0)).toBe(0);

    const limits = await as(a).get(`/api/compliance/limits?contactId=${contactId}&committeeId=${committeeId}`);
    expect(limits.body.data.elections.find((e: { electionCode: string }) => e.electionCode === 'P2026').aggregate).toBe(3500);
    const after = await as(a).get(`/api/compliance/aggregate?contactId=${contactId}&campaignId=${campaignId}&donationDate=2026-03-10&amount=0`);
    expect(after.body.data).toMatchObject({ aggregate: 3500, overLimit: false, message: null });

    // Voiding the refund puts the excess back.
    expect((await as(a).post(`/api/disbursements/${refund.id}/void`, { voidDate: '2026-03-25' })).status).toBe(201);
    expect(Number((await knex('donations').where({ id: over.id }).first()).excessAmount)).toBe(500);
  });
});

describe("a compliance remedy's refund", () => {
  for (const form of ['F3', 'F3X'] as const) {
    it(`is a refund disbursement (${form === 'F3' ? 'line 20a' : 'line 28a'}) written with the remedy: the aggregate drops, the report shows the receipt and its refund`, async () => {
      const { committeeId, campaignId } = await setup(a, form === 'F3X' ? { filingForm: 'F3X', committeeType: 'pac', fecId: 'C00888888' } : {});
      const contactId = await donor(a);
      await give(a, contactId, campaignId, 3000, '2026-01-05');
      const over = await give(a, contactId, campaignId, 1000, '2026-01-10');
      expect(over.excessAmount).toBeGreaterThan(0);
      const excess = over.excessAmount as number;

      const bad = await as(a).post(`/api/compliance/excessive/${over.id}/remedy`, { action: 'refund', refundDate: '2026-01-09' });
      expect(bad.status).toBe(400);
      expect(await knex('disbursements').where({ committeeId }).count({ n: '*' }).first()).toEqual({ n: 0 });
      const res = await as(a).post(`/api/compliance/excessive/${over.id}/remedy`, { action: 'refund', refundDate: '2026-01-20', checkNumber: '2001' });
      expect(res.status).toBe(200);
      const { refundDisbursementId, remedyDonationId } = res.body.data.remedy;
      expect(refundDisbursementId).toEqual(expect.any(String));

      const refund = await as(a).get(`/api/disbursements/${refundDisbursementId}`);
      expect(refund.body.data.disbursement).toMatchObject({
        committeeId,
        kind: 'refund',
        refundOfDonationId: remedyDonationId,
        payeeContactId: contactId,
        entityType: 'IND',
        amount: excess,
        disbursementDate: '2026-01-20',
        categoryCode: '010',
        electionCode: over.electionCode,
        checkNumber: '2001',
        payeeStreet1: '12 Elm St',
      });
      const trail = await knex('audit_log').where({ entityType: 'disbursement', entityId: refundDisbursementId }).select('action');
      expect(trail.map((e) => e.action)).toEqual(['refund']);

      // The aggregate no longer counts the excess, and nothing is left to remedy.
      const aggregate = await as(a).get(`/api/compliance/aggregate?contactId=${contactId}&campaignId=${campaignId}&donationDate=2026-01-25&amount=0`);
      expect(aggregate.body.data).toMatchObject({ aggregate: 4000 - excess, overLimit: false });
      const queue = await as(a).get(`/api/compliance/excessive?committeeId=${committeeId}`);
      expect(queue.body.data.contributions).toEqual([]);

      // Cash on hand: both gifts came in, the refund went out.
      const cash = await as(a).get(`/api/committees/${committeeId}/cash?through=2026-01-31`);
      expect(cash.body.data).toMatchObject({ receipts: 4000, disbursements: excess, cashOnHand: 4000 - excess });

      const code = form === 'F3' ? 'Q1' : 'M2';
      const report = await as(a).post('/api/reports/fec', {
        committeeId,
        reportCode: code,
        year: 2026,
        dateSigned: '2026-04-10',
        treasurerFirstName: 'Sam',
        treasurerLastName: 'Lee',
      });
      expect(report.status).toBe(201);
      const summary = (await as(a).get(`/api/reports/fec/${report.body.data.report.id}`)).body.data;
      const line = (l: string) => summary.lines.find((x: { line: string }) => x.line === l);
      if (form === 'F3') {
        expect(line('11ai').periodAmount).toBe(4000);
        expect(line('20a').periodAmount).toBe(excess);
        expect(line('27').periodAmount).toBe(4000 - excess);
      } else {
        expect(line('11ai').periodAmount).toBe(4000);
        expect(line('28a').periodAmount).toBe(excess);
        expect(line('8').periodAmount).toBe(4000 - excess);
      }
      const refundLine = form === 'F3' ? line('20a') : line('28a');
      const entries = await as(a).get(refundLine.entriesPath);
      expect(entries.body.data.entries.map((e: { id: string }) => e.id)).toEqual([refundDisbursementId]);
      const records = expectValidFile((await as(a).get(`/api/reports/fec/${report.body.data.report.id}/file`)).text);
      const refundRecord = records.find((r) => r.fields[0] === (form === 'F3' ? 'SB20A' : 'SB28A'));
      expect(refundRecord?.values).toMatchObject({
        expenditure_amount: excess,
        payee_last_name: expect.stringMatching(/^Donor/),
        expenditure_date: '2026-01-20',
      });
      expect(
        records
          .filter((r) => r.fields[0] === 'SA11AI')
          .map((r) => r.values.contribution_amount)
          .sort(),
      ).toEqual([1000 - excess, 3000, excess].filter((n) => n > 0).sort());
    });
  }
});

describe('cash on hand and reconciliation', () => {
  it("starts from the first report's opening balance, then adds receipts and subtracts disbursements; a month reconciles against the statement", async () => {
    const { committeeId, campaignId } = await setup();
    const contactId = await donor(a);
    const report = await as(a).post('/api/reports/fec', { committeeId, reportCode: 'Q1', year: 2026, openingCash: 1000 });
    expect(report.status).toBe(201);
    expect(report.body.data.report).toMatchObject({ coverageFrom: '2026-01-01', coverageThrough: '2026-03-31', dueDate: '2026-04-15', openingCash: 1000 });
    await give(a, contactId, campaignId, 250, '2026-02-01');
    await disburse(a, vendor(committeeId, { amount: 100, disbursementDate: '2026-02-15', checkNumber: '1002' }));
    const cash = await as(a).get(`/api/committees/${committeeId}/cash?through=2026-02-28`);
    expect(cash.status).toBe(200);
    cashResponseSchema.parse(cash.body.data);
    expect(cash.body.data).toMatchObject({ openingCash: 1000, receipts: 250, disbursements: 100, cashOnHand: 1150 });
    expect((await as(a).get(`/api/committees/${committeeId}/cash?through=2026-13-01`)).status).toBe(400);

    // The bank has not cleared check 1002 yet: the statement shows 1250, the books 1150.
    const saved = await as(a).put(`/api/committees/${committeeId}/reconciliations/2026-02`, { statementBalance: 1250 });
    expect(saved.status).toBe(200);
    reconciliationSchema.parse(saved.body.data);
    expect(saved.body.data).toMatchObject({ statementBalance: 1250, bookBalance: 1150, difference: 100 });
    expect(saved.body.data.entries.map((e: { amount: number }) => e.amount).sort()).toEqual([-100, 250]);
    // What explains the difference: the uncleared check.
    const uncleared = saved.body.data.entries.find((e: { amount: number }) => e.amount === -100).id;
    expect(saved.body.data.explainedBy).toEqual([uncleared]);
    const trail = await knex('audit_log').where({ accountId: a.accountId, entityType: 'bank_reconciliation' }).select('action');
    expect(trail.map((e) => e.action)).toEqual(['create']);
    expect((await as(a).put(`/api/committees/${committeeId}/reconciliations/2026-13`, { statementBalance: 1 })).status).toBe(400);
    expect((await as(a).put(`/api/committees/${committeeId}/reconciliations/2026-02`, { statementBalance: 'x' })).status).toBe(400);
  });
});

describe('cash on hand by donation account', () => {
  it("splits the committee's cash by account (a gift in its own or its campaign's), and each account reconciles on its own", async () => {
    const { committeeId } = await setup();
    const stamp = { createdAt: new Date(), updatedAt: new Date() };
    const operating = newId();
    const savings = newId();
    await knex('donation_accounts').insert([
      { id: operating, accountId: a.accountId, name: 'Operating', accountType: 'operating', ...stamp },
      { id: savings, accountId: a.accountId, name: 'Savings', accountType: 'operating', ...stamp },
    ]);
    const campaignId = await insertCampaign(knex, a.accountId, { committeeId, donationAccountId: operating });
    const contactId = await donor(a);
    expect((await as(a).post('/api/reports/fec', { committeeId, reportCode: 'Q1', year: 2026, openingCash: 1000 })).status).toBe(201);
    await give(a, contactId, campaignId, 300, '2026-02-01');
    const gift = await give(a, contactId, campaignId, 200, '2026-02-03');
    // An imported gift may name its own account.
    await knex('donations').where({ id: gift.id }).update({ donationAccountId: savings });
    await disburse(a, vendor(committeeId, { amount: 120, disbursementDate: '2026-02-10', donationAccountId: operating, checkNumber: '3001' }));
    await disburse(a, vendor(committeeId, { amount: 50, disbursementDate: '2026-02-11', donationAccountId: savings, checkNumber: '3002' }));
    await disburse(a, vendor(committeeId, { amount: 30, disbursementDate: '2026-02-12', checkNumber: '3003' }));

    const cash = await as(a).get(`/api/committees/${committeeId}/cash?through=2026-02-28`);
    expect(cash.status).toBe(200);
    cashResponseSchema.parse(cash.body.data);
    expect(cash.body.data).toMatchObject({ openingCash: 1000, receipts: 500, disbursements: 200, cashOnHand: 1300 });
    expect(cash.body.data.accounts).toEqual([
      { donationAccountId: operating, name: 'Operating', openingCash: 0, receipts: 300, disbursements: 120, cashOnHand: 180 },
      { donationAccountId: savings, name: 'Savings', openingCash: 0, receipts: 200, disbursements: 50, cashOnHand: 150 },
      { donationAccountId: null, name: expect.stringContaining('No donation account'), openingCash: 1000, receipts: 0, disbursements: 30, cashOnHand: 970 },
    ]);
    const total = cash.body.data.accounts.reduce((sum: number, row: { cashOnHand: number }) => sum + row.cashOnHand, 0);
    expect(total).toBe(cash.body.data.cashOnHand);

    // Savings' statement shows 200: check 3002 has not cleared.
    const url = `/api/committees/${committeeId}/reconciliations/2026-02?donationAccountId=${savings}`;
    const saved = await as(a).put(url, { statementBalance: 200 });
    expect(saved.status).toBe(200);
    reconciliationSchema.parse(saved.body.data);
    expect(saved.body.data).toMatchObject({ donationAccountId: savings, statementBalance: 200, bookBalance: 150, difference: 50 });
    expect(saved.body.data.entries.map((e: { amount: number }) => e.amount).sort()).toEqual([-50, 200]);
    expect(saved.body.data.explainedBy).toHaveLength(1);
    // The committee's own reconciliation of the month is separate.
    const whole = await as(a).get(`/api/committees/${committeeId}/reconciliations/2026-02`);
    expect(whole.body.data).toMatchObject({ donationAccountId: null, statementBalance: null, bookBalance: 1300, difference: 0, explainedBy: [] });
    expect((await as(a).get(url)).body.data.statementBalance).toBe(200);
    // Another account's donation account reads as missing.
    expect((await as(b).get(url)).status).toBe(404);
    expect((await as(a).get(`/api/committees/${committeeId}/reconciliations/2026-02?donationAccountId=${newId()}`)).status).toBe(404);
  });
});

describe('the FEC report', () => {
  it('builds the summary, the check and a .fec file that validates and reads back; filing, the next report and amendments follow', async () => {
    const { committeeId, campaignId } = await setup();
    const big = await donor(a);
    const small = await donor(a);
    const noStreet = await donor(a, { addressLine1: null, employer: null });
    const company = await donor(a, { firstName: null, lastName: null, organization: 'HELIS CO' });
    await give(a, big, campaignId, 300, '2026-01-15');
    await give(a, small, campaignId, 50, '2026-01-20');
    await give(a, noStreet, campaignId, 250, '2026-02-03');
    await give(a, company, campaignId, 100, '2026-02-04');
    const print1 = await disburse(a, vendor(committeeId, { amount: 150, disbursementDate: '2026-01-10' }));
    await disburse(a, vendor(committeeId, { amount: 100, disbursementDate: '2026-02-10', checkNumber: '1003' }));
    await disburse(
      a,
      vendor(committeeId, {
        payeeOrganizationName: 'Coffee Co',
        amount: 40,
        disbursementDate: '2026-03-01',
        categoryCode: '001',
        purpose: 'Meeting refreshments',
      }),
    );
    const companyGift = await knex('donations').where({ contactId: company }).first();
    await disburse(a, {
      committeeId,
      kind: 'refund',
      refundOfDonationId: companyGift.id,
      amount: 100,
      disbursementDate: '2026-03-15',
      purpose: 'Contribution refund',
    });

    const created = await as(a).post('/api/reports/fec', { committeeId, reportCode: 'Q1', year: 2026, openingCash: 500, electionState: 'VA' });
    expect(created.status).toBe(201);
    const id = created.body.data.report.id;
    expect((await as(a).post('/api/reports/fec', { committeeId, reportCode: 'Q1', year: 2026 })).body.message).toBe(DUPLICATE_REPORT);

    const summary = await as(a).get(`/api/reports/fec/${id}`);
    expect(summary.status).toBe(200);
    fecReportResponseSchema.parse(summary.body.data);
    const line = (code: string) => summary.body.data.lines.find((l: { line: string }) => l.line === code);
    expect(line('11ai')).toMatchObject({ periodAmount: 550, toDateAmount: 550 });
    expect(line('11aii').periodAmount).toBe(150);
    expect(line('17').periodAmount).toBe(290);
    expect(line('20a').periodAmount).toBe(100);
    expect(line('23').periodAmount).toBe(500);
    expect(line('24').periodAmount).toBe(700);
    expect(line('26').periodAmount).toBe(390);
    expect(line('27').periodAmount).toBe(810);
    expect(line('12').periodAmount).toBe(0);
    // Every line of the form is on the page.
    expect(summary.body.data.lines.length).toBeGreaterThan(30);

    const entries = await as(a).get(line('17').entriesPath);
    expect(entries.status).toBe(200);
    lineEntriesResponseSchema.parse(entries.body.data);
    expect(entries.body.data.total).toBe(290);
    expect(entries.body.data.entries.map((e: { id: string }) => e.id)).toContain(print1.id);

    const codes = summary.body.data.problems.map((p: { code: string }) => p.code);
    expect(codes).toEqual(expect.arrayContaining(['contributor-address', 'employer-occupation', 'date-signed']));
    // HELIS CO's gift was refunded in full: nothing left to flag.
    expect(codes).not.toContain('organization-contribution');
    expect(summary.body.data.problems.find((p: { code: string }) => p.code === 'contributor-address').fixPath).toBe(`/dashboard/contacts/${noStreet}`);

    // Fix what the check lists: the street, the date signed.
    await knex('contacts').where({ id: noStreet }).update({ addressLine1: '9 Oak Ave' });
    expect(
      (
        await as(a).put(`/api/reports/fec/${id}`, {
          treasurerFirstName: 'Sam',
          treasurerLastName: 'Lee',
          dateSigned: '2026-04-10',
          electionState: 'VA',
          openingCash: 500,
        })
      ).status,
    ).toBe(200);
    const checked = (await as(a).get(`/api/reports/fec/${id}`)).body.data.problems.map((p: { code: string }) => p.code);
    expect(checked).not.toContain('contributor-address');
    expect(checked).not.toContain('date-signed');

    const file = await as(a).get(`/api/reports/fec/${id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="C00123456-Q1-2026.fec"');
    const records = expectValidFile(file.text);
    expect(records.map((r) => r.fields[0])).toEqual(['HDR', 'F3N', 'SA11AI', 'SA11AI', 'SB17', 'SB17', 'SB20A']);
    const cover = records[1].values;
    // Read back: every line of the summary page is in the cover record.
    for (const l of summary.body.data.lines) {
      if (l.periodAmount !== null) expect({ field: l.field, value: cover[l.field] }).toEqual({ field: l.field, value: l.periodAmount });
    }
    expect(cover).toMatchObject({
      report_code: 'Q1',
      coverage_from_date: '2026-01-01',
      coverage_through_date: '2026-03-31',
      date_signed: '2026-04-10',
      treasurer_last_name: 'Lee',
    });
    expect(Number(cover.L27_cash_on_hand_at_close_period)).toBe(
      Number(cover.L23_cash_on_hand_beginning_reporting_period) + Number(cover.L24_total_receipts_period) - Number(cover.L26_total_disbursements_period),
    );
    expect(records.filter((r) => r.fields[0] === 'SB17').map((r) => r.values.expenditure_amount)).toEqual([150, 100]);

    expect((await as(a).post(`/api/reports/fec/${id}/amend`)).body.message).toBe(NOT_FILED);
    const filed = await as(a).post(`/api/reports/fec/${id}/file-status`, { filed: true, filedAt: '2026-04-12', fecFilingId: 'FEC-1234567' });
    expect(filed.status).toBe(200);
    expect(filed.body.data.report).toMatchObject({ status: 'filed', filedAt: '2026-04-12', fecFilingId: 'FEC-1234567' });
    expect((await as(a).put(`/api/reports/fec/${id}`, { dateSigned: '2026-04-11' })).status).toBe(409);

    // The next report starts the day after and from this one's close.
    const q2 = await as(a).post('/api/reports/fec', { committeeId, reportCode: 'Q2', year: 2026, dateSigned: '2026-07-10' });
    expect(q2.status).toBe(201);
    expect(q2.body.data.report).toMatchObject({ coverageFrom: '2026-04-01', coverageThrough: '2026-06-30', openingCash: null });
    const q2Summary = (await as(a).get(`/api/reports/fec/${q2.body.data.report.id}`)).body.data;
    expect(q2Summary.lines.find((l: { line: string }) => l.line === '23').periodAmount).toBe(810);
    expect(q2Summary.problems.map((p: { code: string }) => p.code)).not.toContain('cash-continuity');

    // A late entry dated in Q1 breaks the continuity: the check says so and points at Q1 to amend.
    await disburse(a, vendor(committeeId, { amount: 10, disbursementDate: '2026-03-30', checkNumber: '1009' }));
    const broken = (await as(a).get(`/api/reports/fec/${q2.body.data.report.id}`)).body.data.problems.find(
      (p: { code: string }) => p.code === 'cash-continuity',
    );
    expect(broken.fixPath).toBe(`/dashboard/financials/reports/${id}`);

    const amended = await as(a).post(`/api/reports/fec/${id}/amend`);
    expect(amended.status).toBe(201);
    expect(amended.body.data.report).toMatchObject({ formType: 'F3A', amendsId: id, amendmentNumber: 1, status: 'draft', coverageFrom: '2026-01-01' });
    const amendedFile = expectValidFile((await as(a).get(`/api/reports/fec/${amended.body.data.report.id}/file`)).text);
    expect(amendedFile[0].values).toMatchObject({ rpt_id: 'FEC-1234567', rpt_number: '1' });
    expect(amendedFile[1].values).toMatchObject({ form_type: 'F3A', L27_cash_on_hand_at_close_period: 800 });
    const list = await as(a).get(`/api/reports/fec?committeeId=${committeeId}`);
    fecReportListResponseSchema.parse(list.body.data);
    expect(list.body.data.reports.find((r: { id: string }) => r.id === id).supersededById).toBe(amended.body.data.report.id);
    expect((await as(a).post(`/api/reports/fec/${id}/amend`)).status).toBe(409);
    const trail = await knex('audit_log').where({ entityType: 'fec_report', entityId: id }).orderBy('createdAt').select('action');
    expect(trail.map((e) => e.action)).toEqual(['create', 'update', 'file']);
  });

  it('answers 400 for bad report input and 409 without an FEC id', async () => {
    const { committeeId } = await setup();
    for (const [body, message] of [
      [{ committeeId, reportCode: 'Q5', year: 2026 }, 'Report code must be one of'],
      [{ committeeId, reportCode: 'Q1', year: 1900 }, 'Year must be'],
      [{ committeeId, reportCode: 'M3', year: 2026 }, 'Monthly report codes'],
      [{ committeeId, reportCode: '12G', year: 2026 }, 'needs the election'],
      [{ committeeId, reportCode: '12G', year: 2026, electionCode: 'P2026' }, 'does not take a 12G report'],
      [{ committeeId, reportCode: 'Q1', year: 2026, openingCash: -1 }, 'Opening cash on hand must be 0 or more'],
    ] as [Record<string, unknown>, string][]) {
      const res = await as(a).post('/api/reports/fec', body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: expect.stringContaining(message) });
    }
    expect(await knex('fec_reports').where({ committeeId }).count({ n: '*' }).first()).toEqual({ n: 0 });
    const pre = await as(a).post('/api/reports/fec', { committeeId, reportCode: '12G', year: 2026, electionCode: 'G2026', electionState: 'va' });
    expect(pre.status).toBe(201);
    expect(pre.body.data.report).toMatchObject({ coverageThrough: '2026-10-14', dueDate: '2026-10-22', electionDate: '2026-11-03', electionState: 'VA' });
    const bare = await as(a).post('/api/committees', federalCommitteeBody({ fecId: null, filingForm: null }));
    expect((await as(a).post('/api/reports/fec', { committeeId: bare.body.data.committee.id, reportCode: 'Q1', year: 2026 })).status).toBe(409);
  });

  it('an F3X report fills every line of its form, with Schedule B on lines 21(b) and 28(a)', async () => {
    const { committeeId, campaignId } = await setup(a, { filingForm: 'F3X', committeeType: 'pac', fecId: 'C00999999' });
    const contactId = await donor(a);
    const gift = await give(a, contactId, campaignId, 400, '2026-01-05');
    await disburse(a, vendor(committeeId, { amount: 250, disbursementDate: '2026-01-07' }));
    await disburse(a, { committeeId, kind: 'refund', refundOfDonationId: gift.id, amount: 50, disbursementDate: '2026-01-20', purpose: 'Contribution refund' });
    const report = await as(a).post('/api/reports/fec', { committeeId, reportCode: 'M2', year: 2026, dateSigned: '2026-02-15' });
    expect(report.body.data.report).toMatchObject({ coverageThrough: '2026-01-31', dueDate: '2026-02-20', formType: 'F3XN' });
    const records = expectValidFile((await as(a).get(`/api/reports/fec/${report.body.data.report.id}/file`)).text);
    expect(records.map((r) => r.fields[0])).toEqual(['HDR', 'F3XN', 'SA11AI', 'SB21B', 'SB28A']);
    expect(records[1].values).toMatchObject({
      L6b_cash_on_hand_beginning_period: 0,
      L6c_total_receipts_period: 400,
      L7_total_disbursements_period: 300,
      L8_cash_on_hand_at_close_period: 100,
      L28a_individuals_persons_period: 50,
      L6a_year_for_above_ytd: '2026',
    });
  });
});

describe('the check before filing', () => {
  it('lists every kind of problem, each linking where it is fixed, and forgets each once fixed', async () => {
    const { committeeId, campaignId } = await setup();
    const noStreet = await donor(a, { addressLine1: null });
    const noJob = await donor(a, { employer: null, occupation: null });
    const company = await donor(a, { firstName: null, lastName: null, organization: 'HELIS CO' });
    const big = await donor(a);
    await give(a, noStreet, campaignId, 250, '2026-10-01');
    await give(a, noJob, campaignId, 300, '2026-10-02');
    const companyGift = await give(a, company, campaignId, 100, '2026-10-03');
    await give(a, big, campaignId, 3000, '2026-10-05');
    const over = await give(a, big, campaignId, 1000, '2026-10-06');
    expect(over.excessAmount).toBe(500);
    // After the general election no election is next: the receipt has no designation.
    const late = await give(a, noStreet, campaignId, 50, '2026-11-20');
    expect(late.electionCode).toBeNull();
    // A gift of $1,000 or more 3 to 19 days before the general election takes a 48-hour notice.
    const noticed = await give(a, noJob, campaignId, 1000, '2026-10-20');

    const report = await as(a).post('/api/reports/fec', {
      committeeId,
      reportCode: 'YE',
      year: 2026,
      coverageFrom: '2026-10-01',
      openingCash: 0,
      dateSigned: '2027-01-20',
    });
    expect(report.status).toBe(201);
    const id = report.body.data.report.id;
    const problems = (await as(a).get(`/api/reports/fec/${id}`)).body.data.problems as { code: string; message: string; fixPath: string }[];
    const byCode = (code: string) => problems.filter((p) => p.code === code);
    expect(byCode('contributor-address')[0]).toMatchObject({ fixPath: `/dashboard/contacts/${noStreet}`, message: expect.stringContaining('best efforts') });
    expect(byCode('employer-occupation')[0]).toMatchObject({
      fixPath: `/dashboard/contacts/${noJob}`,
      message: expect.stringContaining('INFORMATION REQUESTED'),
    });
    expect(byCode('organization-contribution')[0]).toMatchObject({ fixPath: `/dashboard/contacts/${company}`, message: expect.stringContaining('refund') });
    expect(byCode('election-designation')[0]).toMatchObject({
      fixPath: `/dashboard/contacts/${noStreet}`,
      message: expect.stringContaining('no election designation'),
    });
    expect(byCode('excessive-past-deadline')[0]).toMatchObject({
      fixPath: `/dashboard/compliance?committee=${committeeId}`,
      message: expect.stringContaining('60-day deadline'),
    });
    expect(byCode('48-hour-notice')[0]).toMatchObject({ fixPath: `/dashboard/compliance?committee=${committeeId}` });
    for (const problem of problems)
      expect(problem.fixPath).toMatch(
        /^\/dashboard\/[a-z]+(\/[0-9a-f-]{36}|\?committee=[0-9a-f-]{36}|\/reports\/[0-9a-f-]{36}|\/disbursements\?committee=[0-9a-f-]{36})?$/,
      );

    // Fix each: the street and the job, refund the company and the excess, designate the late gift, file the notice, sign.
    await knex('contacts').where({ id: noStreet }).update({ addressLine1: '3 Pine St' });
    await knex('contacts').where({ id: noJob }).update({ employer: 'Self', occupation: 'Writer' });
    await disburse(a, {
      committeeId,
      kind: 'refund',
      refundOfDonationId: companyGift.id,
      amount: 100,
      disbursementDate: '2026-10-10',
      purpose: 'Contribution refund',
    });
    expect((await as(a).post(`/api/compliance/excessive/${over.id}/remedy`, { action: 'refund', refundDate: '2026-10-15' })).status).toBe(200);
    expect(
      (await as(a).put(`/api/contacts/donations/${late.id}`, { donationAmount: 50, donationDate: '2026-11-20', campaignId, electionCode: 'G2026' })).status,
    ).toBe(200);
    expect((await as(a).post(`/api/compliance/48-hour-notices/${noticed.id}/filed`, { filed: true, filedOn: '2026-10-21' })).status).toBe(200);
    expect(
      (await as(a).put(`/api/reports/fec/${id}`, { treasurerFirstName: 'Sam', treasurerLastName: 'Lee', dateSigned: '2027-01-20', openingCash: 0 })).status,
    ).toBe(200);
    const after = (await as(a).get(`/api/reports/fec/${id}`)).body.data.problems as { code: string; message: string }[];
    expect(after).toEqual([]);
  });
});

describe('48-hour notices', () => {
  it('carry a filed status with its day, and the check lists the ones due and not filed', async () => {
    const { committeeId, campaignId } = await setup();
    const contactId = await donor(a);
    const gift = await give(a, contactId, campaignId, 1000, '2026-05-25');
    const report = await as(a).post('/api/reports/fec', {
      committeeId,
      reportCode: '12P',
      year: 2026,
      electionCode: 'P2026',
      electionState: 'VA',
      dateSigned: '2026-05-28',
      coverageFrom: '2026-01-01',
    });
    expect(report.status).toBe(201);
    const before = (await as(a).get(`/api/reports/fec/${report.body.data.report.id}`)).body.data.problems.map((p: { code: string }) => p.code);
    expect(before).toContain('48-hour-notice');
    const marked = await as(a).post(`/api/compliance/48-hour-notices/${gift.id}/filed`, { filed: true, filedOn: '2026-05-26' });
    expect(marked.status).toBe(200);
    expect(marked.body.data).toEqual({ donationId: gift.id, filed: true, filedOn: '2026-05-26' });
    const trail = await knex('audit_log').where({ entityType: 'donation', entityId: gift.id, action: 'notice-filed' }).select('action');
    expect(trail).toHaveLength(1);
    const notices = await as(a).get(`/api/compliance/48-hour-notices?committeeId=${committeeId}`);
    expect(notices.body.data.notices[0].filedOn).toBe('2026-05-26');
    const after = (await as(a).get(`/api/reports/fec/${report.body.data.report.id}`)).body.data.problems.map((p: { code: string }) => p.code);
    expect(after).not.toContain('48-hour-notice');
    expect((await as(b).post(`/api/compliance/48-hour-notices/${gift.id}/filed`, { filed: true })).status).toBe(404);
    expect((await as(a).post(`/api/compliance/48-hour-notices/${gift.id}/filed`, { filed: 'yes' })).status).toBe(400);
  });
});
