import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoIfEmpty } from '../src/db/seeds/demo';
import { newId } from '../src/lib/ids';
import { foldIntoPeriods, periodStartOf } from '../src/modules/campaigns/service';
import { expectCrossAccountIsolation } from './crossAccount';
import { createAccountWithUser, insertCampaign, insertContact, insertImport, insertList, login, type LoggedIn } from './helpers/fixtures';
import { twoAccountApp } from './helpers/twoAccountApp';

const ctx = twoAccountApp();
let knex: Knex, app: Koa, a: LoggedIn, b: LoggedIn;
beforeAll(() => ({ knex, app, a, b } = ctx));

const get = (who: LoggedIn, url: string) => request(app.callback()).get(url).set('Authorization', `Bearer ${who.token}`);

async function insertDonation(accountId: string, fields: Record<string, unknown>): Promise<string> {
  const now = new Date();
  const row = { id: newId(), accountId, paymentMethod: 'check', status: 'completed', createdAt: now, updatedAt: now, ...fields };
  await knex('donations').insert(row);
  return row.id;
}

describe('GET /api/campaigns/:id/totals', () => {
  let campaignId: string;

  beforeAll(async () => {
    campaignId = await insertCampaign(knex, a.accountId, { name: 'Totals drive' });
    const ana = await insertContact(knex, a.accountId, { firstName: 'Ana', lastName: 'Lopez' });
    // 0.10 + 0.20 is 0.30000000000000004 in floating point: the sums must still read 0.3.
    await insertDonation(a.accountId, { campaignId, contactId: ana, donationAmount: '0.10', donationDate: '2026-01-05' });
    await insertDonation(a.accountId, { campaignId, contactId: ana, donationAmount: '0.20', donationDate: '2026-01-31' });
    // Sunday 2026-03-08 belongs to the week of Monday 2026-03-02.
    await insertDonation(a.accountId, { campaignId, contactId: ana, donationAmount: '1234567.89', donationDate: '2026-03-08' });
    // Not counted: only completed donations are raised money.
    await insertDonation(a.accountId, { campaignId, contactId: ana, donationAmount: '999.00', donationDate: '2026-02-10', status: 'pending' });
    await insertDonation(a.accountId, { campaignId, contactId: ana, donationAmount: '50.00', donationDate: '2026-02-11', status: 'refunded' });
    // Another campaign's gift stays out.
    const other = await insertCampaign(knex, a.accountId);
    await insertDonation(a.accountId, { campaignId: other, contactId: ana, donationAmount: '70.00', donationDate: '2026-01-06' });
  });

  it('sums completed donations by month, with empty months as 0 and an exact running total', async () => {
    const res = await get(a, `/api/campaigns/${campaignId}/totals`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      interval: 'month',
      points: [
        { periodStart: '2026-01-01', raised: 0.3, donationCount: 2, cumulativeRaised: 0.3 },
        { periodStart: '2026-02-01', raised: 0, donationCount: 0, cumulativeRaised: 0.3 },
        { periodStart: '2026-03-01', raised: 1234567.89, donationCount: 1, cumulativeRaised: 1234568.19 },
      ],
      totalRaised: 1234568.19,
      donationCount: 3,
    });
  });

  it('sums by week, weeks running Monday to Sunday', async () => {
    const res = await get(a, `/api/campaigns/${campaignId}/totals?interval=week`);
    expect(res.status).toBe(200);
    const points = res.body.data.points as { periodStart: string; raised: number; donationCount: number }[];
    expect(points[0]).toEqual({ periodStart: '2026-01-05', raised: 0.1, donationCount: 1, cumulativeRaised: 0.1 });
    expect(points.find((p) => p.periodStart === '2026-01-26')).toMatchObject({ raised: 0.2, donationCount: 1 });
    expect(points[points.length - 1]).toEqual({
      periodStart: '2026-03-02',
      raised: 1234567.89,
      donationCount: 1,
      cumulativeRaised: 1234568.19,
    });
    // Every week from the first gift to the last, none skipped.
    expect(points).toHaveLength(9);
    expect(res.body.data.totalRaised).toBe(1234568.19);
  });

  it('answers an empty series for a campaign without donations', async () => {
    const empty = await insertCampaign(knex, a.accountId);
    const res = await get(a, `/api/campaigns/${empty}/totals`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ interval: 'month', points: [], totalRaised: 0, donationCount: 0 });
  });

  it('refuses an unknown interval with 400', async () => {
    const res = await get(a, `/api/campaigns/${campaignId}/totals?interval=day`);
    expect(res.status).toBe(400);
    expect(res.body.details?.interval).toBe('interval must be one of: month, week');
  });

  it('answers 404 for a missing or malformed id', async () => {
    expect((await get(a, `/api/campaigns/${newId()}/totals`)).status).toBe(404);
    expect((await get(a, '/api/campaigns/not-an-id/totals')).status).toBe(404);
  });
});

describe('GET /api/campaigns/:id/donors and /donations', () => {
  let campaignId: string;
  let ana: string;
  let ben: string;

  beforeAll(async () => {
    campaignId = await insertCampaign(knex, a.accountId, { name: 'Donor drive' });
    ana = await insertContact(knex, a.accountId, { firstName: 'Ana', lastName: 'Lopez', primaryEmail: 'ana@example.org' });
    ben = await insertContact(knex, a.accountId, { firstName: 'Ben', lastName: 'Okafor' });
    await insertDonation(a.accountId, { campaignId, contactId: ana, donationAmount: '100.10', donationDate: '2026-02-01' });
    await insertDonation(a.accountId, { campaignId, contactId: ana, donationAmount: '0.20', donationDate: '2026-04-15' });
    await insertDonation(a.accountId, { campaignId, contactId: ben, donationAmount: '2900.00', donationDate: '2026-03-01' });
    await insertDonation(a.accountId, { campaignId, contactId: ben, donationAmount: '500.00', donationDate: '2026-05-01', status: 'failed' });
    // A gift whose contact is gone (SET NULL) is still a donation, but no donor.
    await insertDonation(a.accountId, { campaignId, contactId: null, donationAmount: '25.00', donationDate: '2026-01-10' });
  });

  it('lists donors by total of completed gifts, largest first, with exact sums', async () => {
    const res = await get(a, `/api/campaigns/${campaignId}/donors`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      donors: [
        { contactId: ben, firstName: 'Ben', lastName: 'Okafor', email: null, totalGiven: 2900, donationCount: 1, lastDonationDate: '2026-03-01' },
        {
          contactId: ana,
          firstName: 'Ana',
          lastName: 'Lopez',
          email: 'ana@example.org',
          totalGiven: 100.3,
          donationCount: 2,
          lastDonationDate: '2026-04-15',
        },
      ],
      total: 2,
    });
  });

  it('pages the donors', async () => {
    const res = await get(a, `/api/campaigns/${campaignId}/donors?limit=1&offset=1`);
    expect(res.status).toBe(200);
    expect(res.body.data.donors.map((d: { contactId: string }) => d.contactId)).toEqual([ana]);
    expect(res.body.data.total).toBe(2);
    expect((await get(a, `/api/campaigns/${campaignId}/donors?limit=0`)).status).toBe(400);
  });

  it('lists every donation of the campaign, newest first, with status and donor', async () => {
    const res = await get(a, `/api/campaigns/${campaignId}/donations`);
    expect(res.status).toBe(200);
    const { donations, total } = res.body.data;
    expect(total).toBe(5);
    expect(donations.map((d: { donationDate: string }) => d.donationDate)).toEqual(['2026-05-01', '2026-04-15', '2026-03-01', '2026-02-01', '2026-01-10']);
    expect(donations[0]).toMatchObject({
      donationAmount: 500,
      status: 'failed',
      paymentMethod: 'check',
      isAnonymous: false,
      contact: { id: ben, firstName: 'Ben', lastName: 'Okafor' },
    });
    expect(donations[3].donationAmount).toBe(100.1);
    expect(donations[4].contact).toBeNull();
  });

  it("answers 404 for another account's campaign on every read, and changes nothing", async () => {
    await expectCrossAccountIsolation({
      app,
      owner: a,
      intruder: b,
      id: campaignId,
      routes: [
        { method: 'get', path: '/api/campaigns/:id/totals' },
        { method: 'get', path: '/api/campaigns/:id/donors' },
        { method: 'get', path: '/api/campaigns/:id/donations' },
      ],
      readRow: () => knex('campaigns').where({ id: campaignId }).first(),
    });
  });
});

describe('period arithmetic', () => {
  it('starts weeks on Monday and months on the 1st, across a year end', () => {
    expect(periodStartOf('2026-03-08', 'week')).toBe('2026-03-02'); // Sunday
    expect(periodStartOf('2026-03-02', 'week')).toBe('2026-03-02'); // Monday
    expect(periodStartOf('2027-01-01', 'week')).toBe('2026-12-28');
    expect(periodStartOf('2026-12-31', 'month')).toBe('2026-12-01');
    expect(
      foldIntoPeriods(
        [
          { day: '2026-11-30', raisedCents: 1, donationCount: 1 },
          { day: '2027-01-02', raisedCents: 2, donationCount: 1 },
        ],
        'month',
      ).map((p) => [p.periodStart, p.raised, p.cumulativeRaised]),
    ).toEqual([
      ['2026-11-01', 0.01, 0.01],
      ['2026-12-01', 0, 0.01],
      ['2027-01-01', 0.02, 0.03],
    ]);
  });
});

describe('GET /api/dashboard/getting-started', () => {
  const steps = (res: request.Response) => Object.fromEntries((res.body.data.steps as { id: string; done: boolean }[]).map((step) => [step.id, step.done]));

  it('follows what a new account really holds, step by step', async () => {
    const fresh = await login(app, await createAccountWithUser(knex, { accountName: 'Fresh Committee' }));
    let res = await get(fresh, '/api/dashboard/getting-started');
    expect(res.status).toBe(200);
    expect(res.body.data.isNewAccount).toBe(true);
    expect(res.body.data.steps).toEqual([
      { id: 'createCampaign', done: false },
      { id: 'importDonorFile', done: false },
      { id: 'addContact', done: false },
      { id: 'buildList', done: false },
      { id: 'twoFactor', done: false },
    ]);

    await request(app.callback())
      .post('/api/campaigns')
      .set('Authorization', `Bearer ${fresh.token}`)
      .send({ name: 'First drive', slug: 'first-drive', campaignType: 'fundraising' })
      .expect(201);
    res = await get(fresh, '/api/dashboard/getting-started');
    expect(steps(res)).toEqual({ createCampaign: true, importDonorFile: false, addContact: false, buildList: false, twoFactor: false });
    expect(res.body.data.isNewAccount).toBe(true);

    // A failed, an empty and an undone import are no donor file yet.
    await insertImport(knex, fresh.accountId, { status: 'failed', recordsImported: 0 });
    await insertImport(knex, fresh.accountId, { status: 'completed', recordsImported: 0 });
    await insertImport(knex, fresh.accountId, { status: 'completed', recordsImported: 4, undoneAt: new Date() });
    expect(steps(await get(fresh, '/api/dashboard/getting-started')).importDonorFile).toBe(false);
    await insertImport(knex, fresh.accountId, { status: 'completed', recordsImported: 4 });
    expect(steps(await get(fresh, '/api/dashboard/getting-started')).importDonorFile).toBe(true);

    await insertContact(knex, fresh.accountId);
    expect(steps(await get(fresh, '/api/dashboard/getting-started')).addContact).toBe(true);
    expect((await get(fresh, '/api/dashboard/getting-started')).body.data.isNewAccount).toBe(true);

    await insertList(knex, fresh.accountId);
    res = await get(fresh, '/api/dashboard/getting-started');
    expect(steps(res)).toEqual({ createCampaign: true, importDonorFile: true, addContact: true, buildList: true, twoFactor: false });
    expect(res.body.data.isNewAccount).toBe(false);
  });

  it("reads only the caller's account", async () => {
    const fresh = await login(app, await createAccountWithUser(knex));
    // Account A holds campaigns and contacts; none of it counts for another account.
    const res = await get(fresh, '/api/dashboard/getting-started');
    expect(Object.values(steps(res))).toEqual([false, false, false, false, false]);
  });

  it('sees the seeded demo account as established', async () => {
    await seedDemoIfEmpty(knex);
    // Only the token is used: the demo's own ids are not needed to read its checklist.
    const demo = await login(app, { accountId: '', userId: '', firstName: '', lastName: '', accountName: '', email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const res = await get(demo, '/api/dashboard/getting-started');
    expect(res.status).toBe(200);
    expect(res.body.data.isNewAccount).toBe(false);
    expect(steps(res)).toMatchObject({ createCampaign: true, addContact: true, buildList: true, twoFactor: false });
  });

  it('needs a session', async () => {
    expect((await request(app.callback()).get('/api/dashboard/getting-started')).status).toBe(401);
  });
});
