import Ajv from 'ajv';
import draft07MetaSchema from 'ajv/dist/refs/json-schema-draft-07.json';
import type { Knex } from 'knex';
import { INFORMATION_REQUESTED, REATTRIBUTE_CONTACT_REQUIRED } from '@caucus/contract';
import {
  excessiveResponseSchema,
  fortyEightHourNoticesResponseSchema,
  limitsResponseSchema,
  scheduleAResponseSchema,
} from '@caucus/contract/compliance.responses';
import { noElectionMessage } from '../src/modules/compliance/designation';
import { FEC_FIELD_SEPARATOR } from '../src/modules/compliance/scheduleA';
import { F3_FIELDS, F3X_FIELDS, HDR_FIELDS, SCHEDULE_A_FIELDS } from '../src/modules/compliance/fecLayouts';
import { NO_EXCESS, NO_FEC_ID, NO_LATER_ELECTION, noRoomMessage } from '../src/modules/compliance/service';
import { federalCommitteeBody, type LoggedIn, signedIn } from './helpers/fixtures';
import { committeeWithCampaign, insertItemizedDonor } from './helpers/committees';
import { twoAccountApp, type TestApp } from './helpers/twoAccountApp';
import { readFecSchema } from './support/fecSchemas';

const ctx = twoAccountApp();
let knex: Knex, app: TestApp, a: LoggedIn, b: LoggedIn;
beforeAll(() => ({ knex, app, a, b } = ctx));

const as = (who: LoggedIn) => signedIn(app, who);

const P = { code: 'P2026', date: '2026-06-09' };
const G = { code: 'G2026', date: '2026-11-03' };

async function committee(who: LoggedIn, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await as(who).post('/api/committees', federalCommitteeBody({ elections: [P, G], ...extra }));
  expect(res.status).toBe(201);
  return res.body.data.committee.id;
}

/** A committee with one campaign and a contributor with a full address. */
async function setup(who: LoggedIn = a, extra: Record<string, unknown> = {}) {
  const { committeeId, campaignId } = await committeeWithCampaign(ctx, who, { elections: [P, G], ...extra });
  const contactId = await donor(who);
  return { committeeId, campaignId, contactId };
}

let donors = 0;
async function donor(who: LoggedIn, fields: Record<string, unknown> = {}) {
  donors += 1;
  return insertItemizedDonor(knex, who.accountId, `Donor${donors}`, fields);
}

async function give(who: LoggedIn, contactId: string, campaignId: string, donationAmount: number, donationDate: string, extra: Record<string, unknown> = {}) {
  const res = await as(who).post(`/api/contacts/${contactId}/donations`, { donationAmount, donationDate, campaignId, ...extra });
  expect(res.status).toBe(201);
  return res.body.data.donation as { id: string; electionCode: string | null; excessAmount: number | null; remedyDeadline: string | null };
}

/** Totals kept on contacts and campaigns must equal the rows they sum. */
async function expectTotalsMatchRows(contactIds: string[], campaignId: string) {
  for (const id of contactIds) {
    const contact = await knex('contacts').where({ id }).first('totalDonated', 'donationCount');
    const rows = await knex('donations').where({ contactId: id, status: 'completed' }).sum({ total: 'donationAmount' }).count({ n: '*' }).first();
    expect({ id, total: Number(contact.totalDonated), count: Number(contact.donationCount) }).toEqual({
      id,
      total: Number(rows?.total ?? 0),
      count: Number(rows?.n),
    });
  }
  const campaign = await knex('campaigns').where({ id: campaignId }).first('amountRaised', 'donationCount');
  const rows = await knex('donations').where({ campaignId, status: 'completed' }).sum({ total: 'donationAmount' }).count({ n: '*' }).first();
  expect({ raised: Number(campaign.amountRaised), count: Number(campaign.donationCount) }).toEqual({
    raised: Number(rows?.total ?? 0),
    count: Number(rows?.n),
  });
}

describe('election designation of donations', () => {
  it('defaults to the primary through primary day and the general after it', async () => {
    const { campaignId, contactId } = await setup();
    expect((await give(a, contactId, campaignId, 10, '2026-06-09')).electionCode).toBe('P2026');
    expect((await give(a, contactId, campaignId, 10, '2026-06-10')).electionCode).toBe('G2026');
    expect((await give(a, contactId, campaignId, 10, '2026-11-04')).electionCode).toBeNull();
  });

  it('takes an explicit election of the committee, and 400s for any other', async () => {
    const { campaignId, contactId } = await setup();
    expect((await give(a, contactId, campaignId, 10, '2026-03-01', { electionCode: 'g2026' })).electionCode).toBe('G2026');
    const res = await as(a).post(`/api/contacts/${contactId}/donations`, { donationAmount: 10, donationDate: '2026-03-01', campaignId, electionCode: 'R2026' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(noElectionMessage('R2026'));
    const bad = await as(a).post(`/api/contacts/${contactId}/donations`, { donationAmount: 10, donationDate: '2026-03-01', campaignId, electionCode: 'X1' });
    expect(bad.status).toBe(400);
    expect(await knex('donations').where({ contactId }).count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('follows an update of the date, and re-flags both elections', async () => {
    const { campaignId, contactId } = await setup();
    await give(a, contactId, campaignId, 3000, '2026-03-01');
    const second = await give(a, contactId, campaignId, 1000, '2026-04-01');
    expect(second.excessAmount).toBe(500);
    const moved = await as(a).put(`/api/contacts/donations/${second.id}`, { donationAmount: 1000, donationDate: '2026-07-01', campaignId });
    expect(moved.status).toBe(200);
    expect(moved.body.data.donation).toMatchObject({ electionCode: 'G2026', excessAmount: null, remedyDeadline: null });
  });
});

describe('limits and the excessive queue', () => {
  it('records a gift past the limit, flags its excess with a 60-day deadline, and reports aggregates', async () => {
    const { committeeId, campaignId, contactId } = await setup();
    const first = await give(a, contactId, campaignId, 3000, '2026-02-01');
    expect(first.excessAmount).toBeNull();
    const second = await give(a, contactId, campaignId, 800.5, '2026-03-15');
    expect(second).toMatchObject({ electionCode: 'P2026', excessAmount: 300.5, remedyDeadline: '2026-05-14' });

    const limits = await as(a).get(`/api/compliance/limits?contactId=${contactId}&committeeId=${committeeId}`);
    expect(limits.status).toBe(200);
    limitsResponseSchema.parse(limits.body.data);
    expect(limits.body.data.elections).toEqual([
      { electionCode: 'P2026', electionDate: '2026-06-09', aggregate: 3800.5, limit: 3500, remaining: 0 },
      { electionCode: 'G2026', electionDate: '2026-11-03', aggregate: 0, limit: 3500, remaining: 3500 },
    ]);

    const queue = await as(a).get(`/api/compliance/excessive?committeeId=${committeeId}`);
    expect(queue.status).toBe(200);
    excessiveResponseSchema.parse(queue.body.data);
    expect(queue.body.data.contributions).toEqual([
      expect.objectContaining({
        donationId: second.id,
        contactId,
        electionCode: 'P2026',
        aggregate: 3800.5,
        limit: 3500,
        excessAmount: 300.5,
        deadline: '2026-05-14',
      }),
    ]);
  });

  it('sorts the queue by deadline', async () => {
    const { committeeId, campaignId } = await setup();
    const late = await donor(a);
    const early = await donor(a);
    await give(a, late, campaignId, 4000, '2026-05-01');
    await give(a, early, campaignId, 4000, '2026-01-10');
    const queue = await as(a).get(`/api/compliance/excessive?committeeId=${committeeId}`);
    expect(queue.body.data.contributions.map((c: { contactId: string; deadline: string }) => [c.contactId, c.deadline])).toEqual([
      [early, '2026-03-11'],
      [late, '2026-06-30'],
    ]);
  });

  it('uses the account limits and the contributor type, re-flagging gifts when either changes', async () => {
    const { committeeId, campaignId, contactId } = await setup();
    const gift = await give(a, contactId, campaignId, 4500, '2026-02-01');
    expect(gift.excessAmount).toBe(1000);
    const pac = await as(a).put(`/api/compliance/contributors/${contactId}`, { contributorType: 'multicandidate_pac' });
    expect(pac.body.data).toEqual({ contactId, contributorType: 'multicandidate_pac' });
    expect(Number((await knex('donations').where({ id: gift.id }).first('excessAmount')).excessAmount ?? 0)).toBe(0);

    const settings = await as(a).get('/api/compliance/limit-settings');
    expect(settings.body.data.limits).toEqual(
      expect.arrayContaining([
        { cycle: 2026, contributorType: 'individual', amount: 3500, source: 'default' },
        { cycle: 2026, contributorType: 'multicandidate_pac', amount: 5000, source: 'default' },
        { cycle: 2026, contributorType: 'party', amount: 5000, source: 'default' },
      ]),
    );
    const lowered = await as(a).put('/api/compliance/limit-settings', { limits: [{ cycle: 2026, contributorType: 'multicandidate_pac', amount: 4000 }] });
    expect(lowered.status).toBe(200);
    expect(lowered.body.data.limits).toContainEqual({ cycle: 2026, contributorType: 'multicandidate_pac', amount: 4000, source: 'account' });
    expect(Number((await knex('donations').where({ id: gift.id }).first('excessAmount')).excessAmount)).toBe(500);
    const limits = await as(a).get(`/api/compliance/limits?contactId=${contactId}&committeeId=${committeeId}`);
    expect(limits.body.data).toMatchObject({ contributorType: 'multicandidate_pac', elections: [expect.objectContaining({ limit: 4000 }), expect.anything()] });
    // Another account keeps the FEC's figure.
    const other = await as(b).get('/api/compliance/limit-settings');
    expect(other.body.data.limits).toContainEqual({ cycle: 2026, contributorType: 'multicandidate_pac', amount: 5000, source: 'default' });
  });

  it.each([
    [{ limits: [] }, 'limits must name at least one limit'],
    [{ limits: [{ cycle: 2025, contributorType: 'individual', amount: 10 }] }, 'Cycle must be an even year between 1976 and 2100 (e.g. 2026)'],
    [{ limits: [{ cycle: 2026, contributorType: 'robot', amount: 10 }] }, 'Contributor type must be one of: individual, multicandidate_pac, pac, party'],
    [{ limits: [{ cycle: 2026, contributorType: 'individual', amount: 0 }] }, 'Limit amount must be a positive amount of at most 999,999,999,999.99'],
  ])('PUT /api/compliance/limit-settings answers 400 for %j', async (body, message) => {
    const res = await as(b).put('/api/compliance/limit-settings', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('answers 400 for missing or bad query values', async () => {
    expect((await as(a).get('/api/compliance/limits?committeeId=x')).body.message).toBe('Contact is required');
    expect((await as(a).get('/api/compliance/excessive')).status).toBe(400);
    expect((await as(a).get('/api/compliance/48-hour-notices')).body.message).toBe('Committee is required');
    const { committeeId } = await setup();
    const res = await as(a).get(`/api/compliance/schedule-a?committeeId=${committeeId}&from=2026-13-01&to=2026-03-31`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('from must be a date YYYY-MM-DD between 1900 and 2100');
    expect((await as(a).get(`/api/compliance/schedule-a?committeeId=${committeeId}&from=2026-04-01&to=2026-03-31`)).body.message).toBe(
      'from must be on or before to',
    );
    expect((await as(a).get(`/api/compliance/schedule-a?committeeId=${committeeId}&from=2026-01-01&to=2026-03-31&format=pdf`)).status).toBe(400);
  });
});

describe('remedies', () => {
  it('refund: the excess becomes a refunded row and totals equal their rows', async () => {
    const { committeeId, campaignId, contactId } = await setup();
    await give(a, contactId, campaignId, 3000, '2026-02-01');
    const over = await give(a, contactId, campaignId, 1000, '2026-02-02');
    const res = await as(a).post(`/api/compliance/excessive/${over.id}/remedy`, { action: 'refund' });
    expect(res.status).toBe(200);
    expect(res.body.data.remedy).toMatchObject({ action: 'refund', donationId: over.id, amount: 500, contactId, electionCode: 'P2026' });
    const refund = await knex('donations').where({ id: res.body.data.remedy.remedyDonationId }).first();
    expect({ status: refund.status, amount: Number(refund.donationAmount), remedyOfId: refund.remedyOfId }).toEqual({
      status: 'refunded',
      amount: 500,
      remedyOfId: over.id,
    });
    expect(Number((await knex('donations').where({ id: over.id }).first()).donationAmount)).toBe(500);
    expect((await as(a).get(`/api/compliance/excessive?committeeId=${committeeId}`)).body.data.contributions).toEqual([]);
    await expectTotalsMatchRows([contactId], campaignId);
    expect(Number((await knex('contacts').where({ id: contactId }).first()).totalDonated)).toBe(3500);
    // The contact's financials show the refund row.
    const list = await as(a).get(`/api/contacts/${contactId}/donations`);
    expect(list.body.data.donations).toContainEqual(
      expect.objectContaining({ status: 'refunded', remedyAction: 'refund', remedyOfId: over.id, donationAmount: 500 }),
    );
    // Nothing left to remedy.
    const again = await as(a).post(`/api/compliance/excessive/${over.id}/remedy`, { action: 'refund' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(NO_EXCESS);
  });

  it('redesignate: moves the excess to the general when it has room, else 409 with nothing changed', async () => {
    const { campaignId, contactId } = await setup();
    const over = await give(a, contactId, campaignId, 4000, '2026-02-01');
    const res = await as(a).post(`/api/compliance/excessive/${over.id}/remedy`, { action: 'redesignate' });
    expect(res.status).toBe(200);
    expect(res.body.data.remedy).toMatchObject({ action: 'redesignate', amount: 500, electionCode: 'G2026', contactId });
    const moved = await knex('donations').where({ id: res.body.data.remedy.remedyDonationId }).first();
    expect({ code: moved.electionCode, status: moved.status, amount: Number(moved.donationAmount) }).toEqual({
      code: 'G2026',
      status: 'completed',
      amount: 500,
    });
    await expectTotalsMatchRows([contactId], campaignId);
    expect(Number((await knex('contacts').where({ id: contactId }).first()).totalDonated)).toBe(4000);

    // The general is now full: a second excessive primary gift cannot move there.
    await give(a, contactId, campaignId, 3000, '2026-07-01');
    const next = await give(a, contactId, campaignId, 100, '2026-02-03');
    expect(next.excessAmount).toBe(100);
    const before = await knex('donations').where({ contactId }).orderBy('id').select('id', 'donationAmount', 'electionCode', 'status');
    const refused = await as(a).post(`/api/compliance/excessive/${next.id}/remedy`, { action: 'redesignate' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(noRoomMessage('Redesignating', 'G2026', 100, 3500, 3500));
    expect(await knex('donations').where({ contactId }).orderBy('id').select('id', 'donationAmount', 'electionCode', 'status')).toEqual(before);
  });

  it('redesignate: 409 when there is no later election', async () => {
    const { campaignId, contactId } = await setup();
    const over = await give(a, contactId, campaignId, 4000, '2026-08-01');
    const res = await as(a).post(`/api/compliance/excessive/${over.id}/remedy`, { action: 'redesignate' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(NO_LATER_ELECTION);
  });

  it('reattribute: moves the excess to the joint account holder; a whole excessive gift moves as it is', async () => {
    const { campaignId, contactId } = await setup();
    const spouse = await donor(a, { firstName: 'Bo' });
    await give(a, contactId, campaignId, 3500, '2026-02-01');
    const whole = await give(a, contactId, campaignId, 250, '2026-02-02');
    expect(whole.excessAmount).toBe(250);
    const res = await as(a).post(`/api/compliance/excessive/${whole.id}/remedy`, { action: 'reattribute', contactId: spouse });
    expect(res.status).toBe(200);
    expect(res.body.data.remedy).toMatchObject({ action: 'reattribute', donationId: whole.id, remedyDonationId: whole.id, amount: 250, contactId: spouse });
    const row = await knex('donations').where({ id: whole.id }).first();
    expect({ contactId: row.contactId, excess: row.excessAmount === null ? null : Number(row.excessAmount) }).toEqual({ contactId: spouse, excess: null });
    await expectTotalsMatchRows([contactId, spouse], campaignId);

    expect((await as(a).post(`/api/compliance/excessive/${whole.id}/remedy`, { action: 'reattribute' })).body.message).toBe(REATTRIBUTE_CONTACT_REQUIRED);
    expect((await as(a).post(`/api/compliance/excessive/${whole.id}/remedy`, { action: 'return' })).status).toBe(400);
  });

  it("answers 404 for another account's donation, committee and contact", async () => {
    const { committeeId, campaignId, contactId } = await setup();
    const over = await give(a, contactId, campaignId, 4000, '2026-02-01');
    const outsider = await donor(b);
    expect((await as(b).post(`/api/compliance/excessive/${over.id}/remedy`, { action: 'refund' })).status).toBe(404);
    expect((await as(a).post(`/api/compliance/excessive/${over.id}/remedy`, { action: 'reattribute', contactId: outsider })).status).toBe(404);
    expect((await as(b).get(`/api/compliance/excessive?committeeId=${committeeId}`)).status).toBe(404);
    expect((await as(b).get(`/api/compliance/limits?contactId=${outsider}&committeeId=${committeeId}`)).status).toBe(404);
    expect((await as(a).get(`/api/compliance/limits?contactId=${outsider}&committeeId=${committeeId}`)).status).toBe(404);
    expect((await as(b).get(`/api/compliance/schedule-a?committeeId=${committeeId}&from=2026-01-01&to=2026-03-31`)).status).toBe(404);
    expect((await as(b).get(`/api/compliance/48-hour-notices?committeeId=${committeeId}`)).status).toBe(404);
    expect((await as(b).put(`/api/compliance/contributors/${contactId}`, { contributorType: 'party' })).status).toBe(404);
    // Nothing moved.
    expect(Number((await knex('donations').where({ id: over.id }).first()).excessAmount)).toBe(500);
  });
});

describe('Schedule A', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  // The FEC's files name the draft-07 meta-schema by its https address; Ajv knows it by the http one.
  ajv.addMetaSchema({ ...draft07MetaSchema, $id: 'https://json-schema.org/draft-07/schema' });
  const validateReceipt = ajv.compile(readFecSchema('INDIVIDUAL_RECEIPT'));

  function expectValid(rows: unknown[]) {
    for (const row of rows) {
      const ok = validateReceipt(row);
      expect({ row, errors: ok ? null : validateReceipt.errors }).toEqual({ row, errors: null });
    }
  }

  it('itemizes at $200.01 but not at $200.00, with rows that validate against INDIVIDUAL_RECEIPT.json', async () => {
    const { committeeId, campaignId } = await setup();
    const at200 = await donor(a);
    const over200 = await donor(a, { employer: null, occupation: '' });
    await give(a, at200, campaignId, 200, '2026-02-01');
    const gift = await give(a, over200, campaignId, 200.01, '2026-02-01');
    const res = await as(a).get(`/api/compliance/schedule-a?committeeId=${committeeId}&from=2026-01-01&to=2026-03-31`);
    expect(res.status).toBe(200);
    scheduleAResponseSchema.parse(res.body.data);
    const rows = res.body.data.rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      form_type: 'SA11AI',
      filer_committee_id_number: 'C00123456',
      entity_type: 'IND',
      contribution_date: '2026-02-01',
      contribution_amount: 200.01,
      contribution_aggregate: 200.01,
      election_code: 'P2026',
      contributor_employer: INFORMATION_REQUESTED,
      contributor_occupation: INFORMATION_REQUESTED,
    });
    expect(rows[0].transaction_id.length).toBeLessThanOrEqual(20);
    expect(res.body.data.warnings).toEqual([]);
    expectValid(rows);
    expect(gift.id).toBeTruthy();
  });

  it('aggregates per election cycle for F3 and per calendar year for F3X', async () => {
    const f3 = await setup(a, { filingForm: 'F3' });
    const f3x = await setup(a, { fecId: 'C00999999', filingForm: 'F3X', committeeType: 'pac' });
    for (const { campaignId, contactId } of [f3, f3x]) {
      await give(a, contactId, campaignId, 150, '2025-11-15');
      await give(a, contactId, campaignId, 100, '2026-02-01');
    }
    const cycle = await as(a).get(`/api/compliance/schedule-a?committeeId=${f3.committeeId}&from=2026-01-01&to=2026-03-31`);
    expect(
      cycle.body.data.rows.map((r: { contribution_amount: number; contribution_aggregate: number }) => [r.contribution_amount, r.contribution_aggregate]),
    ).toEqual([[100, 250]]);
    expectValid(cycle.body.data.rows);
    const year = await as(a).get(`/api/compliance/schedule-a?committeeId=${f3x.committeeId}&from=2026-01-01&to=2026-03-31`);
    expect(year.body.data.rows).toEqual([]);
  });

  it('itemizes every receipt of the period from a contributor who passes $200 in it', async () => {
    const { committeeId, campaignId, contactId } = await setup();
    await give(a, contactId, campaignId, 150, '2026-01-10');
    await give(a, contactId, campaignId, 100, '2026-02-10');
    const res = await as(a).get(`/api/compliance/schedule-a?committeeId=${committeeId}&from=2026-01-01&to=2026-03-31`);
    expect(res.body.data.rows.map((r: { contribution_aggregate: number }) => r.contribution_aggregate)).toEqual([150, 250]);
  });

  it('warns about a contributor the FEC would refuse, and 409s without an FEC id', async () => {
    const { committeeId, campaignId } = await setup();
    const noAddress = await donor(a, { addressLine1: null, state: 'Virginia' });
    await give(a, noAddress, campaignId, 500, '2026-02-01');
    const res = await as(a).get(`/api/compliance/schedule-a?committeeId=${committeeId}&from=2026-01-01&to=2026-03-31`);
    expect(res.body.data.warnings).toEqual([
      expect.objectContaining({
        contactId: noAddress,
        message: 'The contributor has no street address, two-letter state: the FEC requires them on an itemized receipt',
      }),
    ]);
    const bare = await committee(a, { fecId: null, filingForm: null });
    const refused = await as(a).get(`/api/compliance/schedule-a?committeeId=${bare}&from=2026-01-01&to=2026-03-31`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(NO_FEC_ID);
  });

  it('downloads CSV safe from formula injection', async () => {
    const { committeeId, campaignId } = await setup();
    const risky = await donor(a, { lastName: '=HYPERLINK("x")', firstName: "-2+3+cmd|' /C calc'!A0", city: '-12.50', employer: '+Acme', occupation: '@work' });
    await give(a, risky, campaignId, 300, '2026-02-01');
    const res = await as(a).get(`/api/compliance/schedule-a?committeeId=${committeeId}&from=2026-01-01&to=2026-03-31&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="schedule-a-C00123456-2026-01-01-2026-03-31.csv"/);
    const [header, line] = res.text.split('\r\n');
    expect(header.split(',')[0]).toBe('form_type');
    expect(line).toContain(`,"'=HYPERLINK(""x"")",'-2+3+cmd|' /C calc'!,`);
    // The one spreadsheet rule (contract/spreadsheet.ts): a value that is wholly a number stays one.
    expect(line).toContain(',-12.50,');
    expect(line).toContain(",'+Acme,'@work,");
  });

  it('downloads a .fec file: HDR, the cover record, then SA11AI records, ASCII 28 between fields and CRLF after each', async () => {
    for (const form of ['F3', 'F3X'] as const) {
      const { committeeId, campaignId } = await setup(a, { filingForm: form, name: 'Friends of Zoë' });
      const accented = await donor(a, { firstName: 'José', lastName: 'Núñez' });
      await give(a, accented, campaignId, 250, '2026-02-01');
      await give(a, await donor(a), campaignId, 50, '2026-02-02');
      const res = await as(a).get(`/api/compliance/schedule-a?committeeId=${committeeId}&from=2026-01-01&to=2026-03-31&format=fec`);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/\.fec"$/);
      const text = res.text;
      expect(text.endsWith('\r\n')).toBe(true);
      expect(/^[\x20-\x7e\x1c\r\n]*$/.test(text)).toBe(true);
      const records = text
        .slice(0, -2)
        .split('\r\n')
        .map((line) => line.split(FEC_FIELD_SEPARATOR));
      expect(records).toHaveLength(3);
      const [hdr, cover, receipt] = records;
      expect(hdr).toHaveLength(HDR_FIELDS.length);
      expect(hdr.slice(0, 3)).toEqual(['HDR', 'FEC', '8.3']);
      const coverFields: readonly string[] = form === 'F3' ? F3_FIELDS : F3X_FIELDS;
      expect(cover).toHaveLength(coverFields.length);
      const at = (field: string) => cover[coverFields.indexOf(field)];
      expect([
        at('form_type'),
        at('filer_committee_id_number'),
        at('committee_name'),
        at('coverage_from_date'),
        at('coverage_through_date'),
        at('treasurer_last_name'),
      ]).toEqual([form === 'F3' ? 'F3N' : 'F3XN', 'C00123456', 'Friends of Zoe', '20260101', '20260331', 'Lee']);
      const itemized = form === 'F3' ? 'L11ai_individuals_itemized_period' : 'L11ai_itemized_period';
      const unitemized = form === 'F3' ? 'L11aii_individuals_unitemized_period' : 'L11aii_unitemized_period';
      expect([at(itemized), at(unitemized)]).toEqual(['250.00', '50.00']);
      expect(receipt).toHaveLength(SCHEDULE_A_FIELDS.length);
      const field = (name: string) => receipt[SCHEDULE_A_FIELDS.indexOf(name as (typeof SCHEDULE_A_FIELDS)[number])];
      expect([
        field('form_type'),
        field('contributor_last_name'),
        field('contributor_first_name'),
        field('contribution_date'),
        field('contribution_amount'),
        field('election_code'),
      ]).toEqual(['SA11AI', 'Nunez', 'Jose', '20260201', '250.00', 'P2026']);
    }
  });
});

describe('48-hour notices', () => {
  it('lists receipts of $1,000 or more received 3 to 19 days before an election, due 48 hours after receipt', async () => {
    const { committeeId, campaignId, contactId } = await setup();
    // Primary on 2026-06-09: 20 days before is 2026-05-20, 48 hours before is 2026-06-07.
    await give(a, contactId, campaignId, 1000, '2026-05-20');
    const first = await give(a, contactId, campaignId, 1000, '2026-05-21');
    const last = await give(a, contactId, campaignId, 1200, '2026-06-06', { processedDate: '2026-06-06T15:30:00Z' });
    await give(a, contactId, campaignId, 2000, '2026-06-07');
    await give(a, contactId, campaignId, 999.99, '2026-06-01');
    const res = await as(a).get(`/api/compliance/48-hour-notices?committeeId=${committeeId}`);
    expect(res.status).toBe(200);
    fortyEightHourNoticesResponseSchema.parse(res.body.data);
    expect(res.body.data.notices).toEqual([
      expect.objectContaining({ donationId: first.id, amount: 1000, donationDate: '2026-05-21', electionCode: 'P2026', dueDate: '2026-05-23', dueAt: null }),
      expect.objectContaining({ donationId: last.id, amount: 1200, dueDate: '2026-06-08', dueAt: '2026-06-08T15:30:00.000Z' }),
    ]);
  });
});

describe('imports', () => {
  it('designates imported gifts (a mapped electionCode or the default) and flags the excess', async () => {
    const { committeeId, campaignId } = await setup();
    const rows = [
      { First: 'Imp', Last: 'Orted', Email: 'imp@example.org', Amount: '3000', Date: '2026-02-01', Election: '' },
      { First: 'Imp', Last: 'Orted', Email: 'imp@example.org', Amount: '1000', Date: '2026-02-02', Election: '' },
      { First: 'Imp', Last: 'Orted', Email: 'imp@example.org', Amount: '100', Date: '2026-02-03', Election: 'G2026' },
      { First: 'Imp', Last: 'Orted', Email: 'imp@example.org', Amount: '100', Date: '2026-02-04', Election: 'R2026' },
    ];
    const mapping = { First: 'firstName', Last: 'lastName', Email: 'email', Amount: 'amount', Date: 'donationDate', Election: 'electionCode' };
    const res = await as(a).post('/api/data-import/import', {
      campaignId,
      donationAccountId: null,
      fileName: 'gifts.csv',
      headers: Object.keys(mapping),
      mapping,
      rows,
      importType: 'donations',
    });
    expect(res.status).toBe(202);
    await app.jobs.queue.idle();
    const errors = await knex('import_skipped_rows').where({ importId: res.body.data.importId }).select('rowNumber', 'reason');
    expect(errors).toEqual([{ rowNumber: 4, reason: noElectionMessage('R2026') }]);
    const gifts = await knex('donations').where({ campaignId }).orderBy('donationDate').select('electionCode', 'excessAmount', 'remedyDeadline', 'contactId');
    expect(gifts.map((g) => [g.electionCode, g.excessAmount === null ? null : Number(g.excessAmount)])).toEqual([
      ['P2026', null],
      ['P2026', 500],
      ['G2026', null],
    ]);
    const queue = await as(a).get(`/api/compliance/excessive?committeeId=${committeeId}`);
    expect(queue.body.data.contributions).toEqual([expect.objectContaining({ excessAmount: 500, deadline: '2026-04-03' })]);
  });
});
