import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { newId } from '../src/lib/ids';
import { createAnalyticsReportsRepository } from '../src/modules/analytics-reports/repository';
import { refreshDonationRollups, type DonationFacts } from '../src/modules/analytics-reports/rollups';
import { createAnalyticsReportsService } from '../src/modules/analytics-reports/service';
import { createAccountWithUser, insertCampaign, insertContact, login, twoLoggedInAccounts, type LoggedIn } from './helpers/fixtures';
import { freshApp } from './helpers/twoAccountApp';

const ctx = freshApp();
let knex: Knex, app: Koa;
let a: LoggedIn;
let b: LoggedIn;
let spring: string;
let fall: string;
let ann: string;
let cat: string;
let otherCampaign: string;

const stamp = () => ({ id: newId(), createdAt: new Date(), updatedAt: new Date() });

/** A donation written the way the app's write paths do: the row, then the analytics roll-ups. */
async function donate(accountId: string, fields: Record<string, unknown>): Promise<void> {
  const row = { ...stamp(), accountId, paymentMethod: 'cash', status: 'completed', ...fields };
  await knex('donations').insert(row);
  await refreshDonationRollups(knex, accountId, { added: [row as unknown as DonationFacts] });
}

const get = (who: LoggedIn, url: string) => request(app.callback()).get(url).set('Authorization', `Bearer ${who.token}`);

const YEAR_2026 = 'from=2026-01-01&to=2026-12-31';
const YEAR_RANGE = { from: '2026-01-01', to: '2026-12-31' };

beforeAll(async () => {
  ({ knex, app } = ctx);
  ({ a, b } = await twoLoggedInAccounts(knex, app));
  spring = await insertCampaign(knex, a.accountId, { name: 'Spring Drive' });
  fall = await insertCampaign(knex, a.accountId, { name: 'Fall Drive' });
  ann = await insertContact(knex, a.accountId, { firstName: 'Ann', lastName: 'Avery', primaryEmail: 'ann@example.org' });
  const bob = await insertContact(knex, a.accountId, { firstName: 'Bob', lastName: 'Baker' });
  // Text a spreadsheet would run as a formula: the reports must keep it text.
  cat = await insertContact(knex, a.accountId, { firstName: '=HYPERLINK("x")', lastName: 'Cole', organization: '@SUM(A1)' });
  const dee = await insertContact(knex, a.accountId, { firstName: 'Dee', lastName: 'Dunn' });

  await donate(a.accountId, { contactId: ann, campaignId: spring, donationAmount: 100, donationDate: '2025-03-10' });
  await donate(a.accountId, { contactId: ann, campaignId: spring, donationAmount: 50, donationDate: '2026-02-05' });
  await donate(a.accountId, { contactId: bob, campaignId: fall, donationAmount: 200, donationDate: '2025-06-01' });
  await donate(a.accountId, { contactId: cat, campaignId: spring, donationAmount: 0.1, donationDate: '2026-02-20', paymentMethod: 'credit_card' });
  await donate(a.accountId, { contactId: cat, campaignId: fall, donationAmount: 0.2, donationDate: '2026-03-01', paymentMethod: 'credit_card' });
  await donate(a.accountId, { contactId: null, campaignId: spring, donationAmount: 10, donationDate: '2026-03-02' });
  // Not received: counted in the financial summary only.
  await donate(a.accountId, {
    contactId: dee,
    campaignId: spring,
    donationAmount: 33.33,
    donationDate: '2026-01-15',
    status: 'pending',
    paymentMethod: 'check',
  });
  await knex('pledges').insert({
    ...stamp(),
    accountId: a.accountId,
    contactId: dee,
    campaignId: spring,
    pledgeAmount: 500,
    amountFulfilled: 50,
    frequency: 'one_time',
    status: 'pending',
    pledgeDate: '2026-02-01',
  });

  otherCampaign = await insertCampaign(knex, b.accountId, { name: 'Other account drive' });
  const stranger = await insertContact(knex, b.accountId, { firstName: 'Stranger' });
  await donate(b.accountId, { contactId: stranger, campaignId: otherCampaign, donationAmount: 1000, donationDate: '2026-02-01' });
});

describe('GET /api/analytics/summary', () => {
  it("answers with the account's own figures for the range", async () => {
    const res = await get(a, `/api/analytics/summary?${YEAR_2026}`).expect(200);
    const data = res.body.data;
    expect(data.range).toEqual({ from: '2026-01-01', to: '2026-12-31', campaignId: null });
    // 50 + 0.10 + 0.20 + 10: exact cents, the other account's 1,000 and the pending gift left out.
    expect(data.totals).toEqual({ raised: 60.3, gifts: 4, donors: 2, averageGift: 15.08, medianGift: 5.1 });
    expect(data.raisedByMonth).toEqual([
      { month: '2026-02', raised: 50.1, gifts: 2 },
      { month: '2026-03', raised: 10.2, gifts: 2 },
    ]);
    expect(data.donors).toEqual({ new: 1, returning: 1 });
    expect(data.lybunt).toEqual({ year: 2026, donors: 1, lastYearTotal: 200, top: [{ contactId: expect.any(String), name: 'Bob Baker', lastYearTotal: 200 }] });
    expect(data.byPaymentMethod).toEqual([
      { paymentMethod: 'cash', raised: 60, gifts: 2 },
      { paymentMethod: 'credit_card', raised: 0.3, gifts: 2 },
    ]);
    expect(data.byCampaign).toEqual([
      { campaignId: spring, name: 'Spring Drive', raised: 60.1, gifts: 3 },
      { campaignId: fall, name: 'Fall Drive', raised: 0.2, gifts: 1 },
    ]);
    expect(data.topDonors).toEqual([
      { contactId: ann, name: 'Ann Avery', raised: 50, gifts: 1 },
      { contactId: cat, name: '=HYPERLINK("x") Cole', raised: 0.3, gifts: 2 },
    ]);
  });

  it('takes the middle gift of an odd count and filters by campaign', async () => {
    const res = await get(a, `/api/analytics/summary?${YEAR_2026}&campaignId=${spring}`).expect(200);
    expect(res.body.data.totals).toEqual({ raised: 60.1, gifts: 3, donors: 2, averageGift: 20.03, medianGift: 10 });
    // Bob gave to the fall campaign only: not lapsed from this one.
    expect(res.body.data.lybunt.donors).toBe(0);
    const fallOnly = await get(a, `/api/analytics/summary?${YEAR_2026}&campaignId=${fall}`).expect(200);
    expect(fallOnly.body.data.lybunt).toMatchObject({ donors: 1, lastYearTotal: 200 });
    expect(fallOnly.body.data.donors).toEqual({ new: 1, returning: 0 });
  });

  it('counts every donor as new without a start date, and answers zeros for an empty range', async () => {
    const all = await get(a, '/api/analytics/summary').expect(200);
    expect(all.body.data.totals).toMatchObject({ raised: 360.3, gifts: 6, donors: 3 });
    expect(all.body.data.donors).toEqual({ new: 3, returning: 0 });
    const empty = await get(a, '/api/analytics/summary?from=2030-01-01&to=2030-01-31').expect(200);
    expect(empty.body.data.totals).toEqual({ raised: 0, gifts: 0, donors: 0, averageGift: 0, medianGift: 0 });
    expect(empty.body.data.raisedByMonth).toEqual([]);
    expect(empty.body.data.topDonors).toEqual([]);
  });

  it.each([
    ['from=03/01/2026', 'from must be a date (YYYY-MM-DD)'],
    ['from=2026-13-01', 'from must be a real date between 1900 and 2100'],
    ['from=2026-02-30', 'from must be a real date between 1900 and 2100'],
    ['from=2026-03-01&to=2026-02-01', 'from must be on or before to'],
    ['topLimit=0', 'Top limit must be an integer between 1 and 50'],
  ])('answers 400 for %s', async (query, message) => {
    const res = await get(a, `/api/analytics/summary?${query}`).expect(400);
    expect(res.body.message).toBe(message);
  });

  it("answers 404 for another account's campaign or a malformed id", async () => {
    expect((await get(a, `/api/analytics/summary?campaignId=${otherCampaign}`).expect(404)).body.message).toBe('Campaign not found');
    await get(a, '/api/analytics/summary?campaignId=nope').expect(404);
  });

  it('needs a session', async () => {
    await request(app.callback()).get('/api/analytics/summary').expect(401);
  });
});

describe('GET /api/reports/:kind', () => {
  it('lists every donation of the range as JSON, whatever its status', async () => {
    const res = await get(a, `/api/reports/donations?${YEAR_2026}`).expect(200);
    expect(res.body.data.title).toBe('Donation Report');
    expect(res.body.data.columns.slice(0, 5)).toEqual(['Date', 'Amount', 'Status', 'Payment method', 'Campaign']);
    expect(res.body.data.rows.map((row: unknown[]) => [row[0], row[1], row[2]])).toEqual([
      ['2026-01-15', 33.33, 'pending'],
      ['2026-02-05', 50, 'completed'],
      ['2026-02-20', 0.1, 'completed'],
      ['2026-03-01', 0.2, 'completed'],
      ['2026-03-02', 10, 'completed'],
    ]);
  });

  it('downloads CSV with formula-looking text escaped', async () => {
    const res = await get(a, `/api/reports/donations?${YEAR_2026}&format=csv`).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('donation-report_2026-01-01_2026-12-31.csv');
    const lines = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Date,Amount,Status,Payment method,Campaign,First name,Last name,Organization,Email,Check number,Transaction ID,Anonymous,Notes');
    expect(lines[3]).toBe(`2026-02-20,0.1,completed,Credit card,Spring Drive,"'=HYPERLINK(""x"")",Cole,'@SUM(A1),,,,No,`);
    expect(lines).toHaveLength(7);
  });

  it('escapes every formula-looking cell of the CSV by the one rule, a signed number excepted', async () => {
    const c = await login(app, await createAccountWithUser(knex));
    const campaign = await insertCampaign(knex, c.accountId, { name: '+Campaign' });
    const donor = await insertContact(knex, c.accountId, { firstName: "-2+3+cmd|' /C calc'!A0", lastName: '\rCole', organization: '-12.50' });
    await donate(c.accountId, {
      contactId: donor,
      campaignId: campaign,
      donationAmount: 5,
      donationDate: '2026-04-01',
      checkNumber: '-12.50',
      notes: '\t=1+1',
    });
    const res = await get(c, `/api/reports/donations?${YEAR_2026}&format=csv`).expect(200);
    const lines = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[1]).toBe(`2026-04-01,5,completed,Cash,'+Campaign,'-2+3+cmd|' /C calc'!A0,"'\rCole",-12.50,,-12.50,,No,'\t=1+1`);
  });

  it('reports contacts with their giving, only the campaign donors when a campaign is chosen', async () => {
    const all = await get(a, `/api/reports/contacts?${YEAR_2026}`).expect(200);
    expect(all.body.data.rows).toHaveLength(4);
    const fallOnly = await get(a, `/api/reports/contacts?${YEAR_2026}&campaignId=${fall}`).expect(200);
    expect(fallOnly.body.data.rows).toEqual([
      ['=HYPERLINK("x")', 'Cole', '@SUM(A1)', null, null, null, null, null, 'active', 1, 0.2, '2026-03-01', expect.any(Number)],
    ]);
  });

  it('reports campaign performance for the range', async () => {
    const res = await get(a, `/api/reports/campaigns?${YEAR_2026}&campaignId=${spring}`).expect(200);
    expect(res.body.data.rows).toHaveLength(1);
    const [name, , , , goal, , , raised, gifts, donors, average] = res.body.data.rows[0];
    expect({ name, goal, raised, gifts, donors, average }).toEqual({ name: 'Spring Drive', goal: 1000, raised: 60.1, gifts: 3, donors: 2, average: 20.03 });
  });

  it('sums pledges and donations by month with a total row', async () => {
    const res = await get(a, `/api/reports/financial-summary?${YEAR_2026}`).expect(200);
    expect(res.body.data.columns).toEqual(['Month', 'Pledged', 'Pledges fulfilled', 'Received', 'Gifts received', 'Pending', 'Refunded']);
    expect(res.body.data.rows).toEqual([
      ['2026-01', 0, 0, 0, 0, 33.33, 0],
      ['2026-02', 500, 50, 50.1, 2, 0, 0],
      ['2026-03', 0, 0, 10.2, 2, 0, 0],
      ['Total', 500, 50, 60.3, 4, 33.33, 0],
    ]);
  });

  it("answers 400 for bad input, 404 for an unknown report or another account's campaign", async () => {
    expect((await get(a, '/api/reports/donations?format=pdf').expect(400)).body.message).toBe('format must be json or csv');
    expect((await get(a, '/api/reports/donations?to=yesterday').expect(400)).body.message).toBe('to must be a date (YYYY-MM-DD)');
    await get(a, '/api/reports/payroll').expect(404);
    await get(a, `/api/reports/donations?campaignId=${otherCampaign}&format=csv`).expect(404);
  });
});

describe('long reports', () => {
  it('reads the donations page by page in date and id order, ties included, and writes every row to the CSV', async () => {
    const stranger = await insertContact(knex, b.accountId, { firstName: 'Tie' });
    for (const amount of [1, 2, 3])
      await donate(b.accountId, { contactId: stranger, campaignId: otherCampaign, donationAmount: amount, donationDate: '2026-02-01' });
    const ids = (await knex('donations').where({ accountId: b.accountId }).orderBy('id').select('id')).map((row: { id: string }) => row.id);
    const service = createAnalyticsReportsService(createAnalyticsReportsRepository(knex), undefined, { pageSize: 2, maxJsonRows: 10 });
    const source = await service.reportSource(b.accountId, 'donations', {});
    const pages: unknown[][][] = [];
    for await (const page of source.pages) pages.push(page);
    expect(pages.map((page) => page.length)).toEqual([2, 2]);
    const amountsById = new Map(
      (await knex('donations').whereIn('id', ids).select('id', 'donationAmount')).map((row: { id: string; donationAmount: unknown }) => [
        row.id,
        Number(row.donationAmount),
      ]),
    );
    expect(pages.flat().map((row) => row[1])).toEqual(ids.map((id) => amountsById.get(id)));

    const csv = await get(b, '/api/reports/donations?format=csv').expect(200);
    expect(csv.text.split('\r\n').filter(Boolean)).toHaveLength(5);
  });

  it('sends a report too long for a browser spreadsheet to the CSV with a clear 422', async () => {
    const service = createAnalyticsReportsService(createAnalyticsReportsRepository(knex), undefined, { pageSize: 2, maxJsonRows: 3 });
    await expect(service.report(a.accountId, 'donations', YEAR_RANGE)).rejects.toMatchObject({
      status: 422,
      message: 'This report has more than 3 rows: download it as CSV or choose a shorter date range.',
    });
  });
});

describe('financial summary of a month with several statuses', () => {
  it('keeps received, pending and refunded apart within the month', async () => {
    // Last in the file: account b's donations of 2027 would change what the tests above read of b.
    await donate(b.accountId, { contactId: null, campaignId: otherCampaign, donationAmount: 40, donationDate: '2027-05-02' });
    await donate(b.accountId, { contactId: null, campaignId: otherCampaign, donationAmount: 5.05, donationDate: '2027-05-03', status: 'pending' });
    await donate(b.accountId, { contactId: null, campaignId: otherCampaign, donationAmount: 7, donationDate: '2027-05-04', status: 'refunded' });
    const res = await get(b, '/api/reports/financial-summary?from=2027-01-01&to=2027-12-31').expect(200);
    expect(res.body.data.rows).toEqual([
      ['2027-05', 0, 0, 40, 1, 5.05, 7],
      ['Total', 0, 0, 40, 1, 5.05, 7],
    ]);
  });
});
