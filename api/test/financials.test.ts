import type { Knex } from 'knex';
import type Koa from 'koa';
import { financialSummarySchema } from '@caucus/contract/financials.responses';
import { newId } from '../src/lib/ids';
import { createFinancialsRepository } from '../src/modules/financials/repository';
import { calendarYearIn, createFinancialsService } from '../src/modules/financials/service';
import { expectCrossAccountIsolation } from './crossAccount';
import { createAccountWithUser, insertCampaign, insertContact, login, type LoggedIn, signedIn } from './helpers/fixtures';
import { twoAccountApp } from './helpers/twoAccountApp';

const ctx = twoAccountApp();
let knex: Knex, app: Koa, a: LoggedIn, b: LoggedIn;
beforeAll(() => ({ knex, app, a, b } = ctx));

const as = (who: LoggedIn) => signedIn(app, who);

async function contactRow(id: string) {
  const row = await knex('contacts').where({ id }).first('totalDonated', 'donationCount', 'averageDonation', 'lastDonationAmount', 'lastDonationDate');
  return {
    totalDonated: Number(row.totalDonated),
    donationCount: Number(row.donationCount),
    averageDonation: Number(row.averageDonation),
    lastDonationAmount: row.lastDonationAmount === null ? null : Number(row.lastDonationAmount),
    lastDonationDate: row.lastDonationDate === null ? null : String(row.lastDonationDate).slice(0, 10),
  };
}

async function campaignTotals(id: string) {
  const row = await knex('campaigns').where({ id }).first('amountRaised', 'donationCount', 'contactsReached');
  return { amountRaised: Number(row.amountRaised), donationCount: Number(row.donationCount), contactsReached: Number(row.contactsReached) };
}

async function pledgeRow(id: string) {
  const row = await knex('pledges').where({ id }).first('amountFulfilled', 'status');
  return { amountFulfilled: Number(row.amountFulfilled), status: String(row.status) };
}

describe('pledges', () => {
  it('creates with the defaults, lists with the campaign, and updates', async () => {
    const contactId = await insertContact(knex, a.accountId, { firstName: 'Ada' });
    const campaignId = await insertCampaign(knex, a.accountId, { name: 'Spring Drive' });

    const created = await as(a).post(`/api/contacts/${contactId}/pledges`, {
      pledgeAmount: 500,
      pledgeDate: '2026-03-01T00:00:00.000Z',
      campaignId,
    });
    expect(created.status).toBe(201);
    const pledge = created.body.data.pledge;
    expect(pledge).toMatchObject({
      contactId,
      pledgeAmount: 500,
      frequency: 'one_time',
      paymentMethod: 'cash',
      status: 'pending',
      pledgeDate: '2026-03-01',
      dueDate: null,
      amountFulfilled: 0,
      isAnonymous: false,
      campaign: { id: campaignId, name: 'Spring Drive' },
    });
    expect((await campaignTotals(campaignId)).contactsReached).toBe(1);

    const list = await as(a).get(`/api/contacts/${contactId}/pledges`);
    expect(list.status).toBe(200);
    expect(list.body.data.pledges.map((p: { id: string }) => p.id)).toEqual([pledge.id]);

    const updated = await as(a).put(`/api/contacts/pledges/${pledge.id}`, {
      pledgeAmount: 750,
      pledgeDate: '2026-03-02',
      dueDate: '2026-06-30',
      frequency: 'monthly',
      status: 'confirmed',
      campaignId,
      notes: 'Call in June',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.pledge).toMatchObject({
      pledgeAmount: 750,
      frequency: 'monthly',
      status: 'confirmed',
      dueDate: '2026-06-30',
      notes: 'Call in June',
    });
  });

  it('rejects bad input with the texts of the spec', async () => {
    const contactId = await insertContact(knex, a.accountId, { firstName: 'Bad' });
    const campaignId = await insertCampaign(knex, a.accountId);
    const url = `/api/contacts/${contactId}/pledges`;
    const ok = { pledgeAmount: 10, pledgeDate: '2026-01-01', campaignId };
    const cases: [unknown, string][] = [
      [{ ...ok, pledgeAmount: 0 }, 'Please enter a valid pledge amount'],
      [{ ...ok, pledgeAmount: -5 }, 'Please enter a valid pledge amount'],
      [{ ...ok, pledgeAmount: 'ten' }, 'Please enter a valid pledge amount'],
      [{ ...ok, campaignId: '' }, 'Please select a campaign'],
      [{ ...ok, campaignId: undefined }, 'Please select a campaign'],
      [{ ...ok, pledgeDate: '' }, 'Pledge date is required'],
      [{ ...ok, pledgeDate: 'yesterday' }, 'Pledge date must be a date'],
      [{ ...ok, frequency: 'daily' }, 'Frequency must be one of: one_time, weekly, monthly, quarterly, annually'],
      [{ ...ok, status: 'completed' }, 'Status must be one of: pending, confirmed, fulfilled, cancelled'],
      [{ ...ok, isAnonymous: 'yes' }, 'Anonymous pledge must be true or false'],
      [{ ...ok, campaignId: 42 }, 'Campaign must be text'],
    ];
    for (const [body, message] of cases) {
      const res = await as(a).post(url, body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    }
    expect(await knex('pledges').where({ contactId }).count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it("answers 404 for another account's campaign or a missing contact", async () => {
    const contactId = await insertContact(knex, a.accountId, { firstName: 'Ref' });
    const foreignCampaign = await insertCampaign(knex, b.accountId);
    const res = await as(a).post(`/api/contacts/${contactId}/pledges`, { pledgeAmount: 10, pledgeDate: '2026-01-01', campaignId: foreignCampaign });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Campaign not found');
    const missing = await as(a).post(`/api/contacts/${newId()}/pledges`, {
      pledgeAmount: 10,
      pledgeDate: '2026-01-01',
      campaignId: await insertCampaign(knex, a.accountId),
    });
    expect(missing.status).toBe(404);
    expect((await as(a).get('/api/contacts/not-an-id/pledges')).status).toBe(404);
  });
});

describe('donations', () => {
  it('creates with the defaults and keeps contact and campaign totals right through every update', async () => {
    const contactId = await insertContact(knex, a.accountId, { firstName: 'Grace' });
    const first = await insertCampaign(knex, a.accountId, { name: 'General Fund' });
    const second = await insertCampaign(knex, a.accountId, { name: 'Capital Fund' });

    const created = await as(a).post(`/api/contacts/${contactId}/donations`, {
      donationAmount: 100,
      donationDate: '2026-02-01',
      campaignId: first,
      checkNumber: '1001',
    });
    expect(created.status).toBe(201);
    const donation = created.body.data.donation;
    expect(donation).toMatchObject({
      contactId,
      donationAmount: 100,
      paymentMethod: 'cash',
      status: 'completed',
      donationDate: '2026-02-01',
      // Only check payments keep a check number.
      checkNumber: null,
      pledge: null,
      campaign: { id: first, name: 'General Fund' },
    });
    expect(await contactRow(contactId)).toEqual({
      totalDonated: 100,
      donationCount: 1,
      averageDonation: 100,
      lastDonationAmount: 100,
      lastDonationDate: '2026-02-01',
    });
    expect(await campaignTotals(first)).toEqual({ amountRaised: 100, donationCount: 1, contactsReached: 1 });

    const second1 = await as(a).post(`/api/contacts/${contactId}/donations`, {
      donationAmount: 50,
      donationDate: '2026-03-01',
      campaignId: first,
      paymentMethod: 'check',
      checkNumber: '1002',
    });
    expect(second1.status).toBe(201);
    expect(second1.body.data.donation.checkNumber).toBe('1002');
    expect(await contactRow(contactId)).toEqual({
      totalDonated: 150,
      donationCount: 2,
      averageDonation: 75,
      lastDonationAmount: 50,
      lastDonationDate: '2026-03-01',
    });

    // Amount change.
    const base = { donationDate: '2026-02-01', campaignId: first };
    let res = await as(a).put(`/api/contacts/donations/${donation.id}`, { ...base, donationAmount: 250 });
    expect(res.status).toBe(200);
    expect(res.body.data.donation.donationAmount).toBe(250);
    expect((await contactRow(contactId)).totalDonated).toBe(300);
    expect(await campaignTotals(first)).toEqual({ amountRaised: 300, donationCount: 2, contactsReached: 1 });

    // Campaign change: the old campaign loses it, the new one gains it.
    res = await as(a).put(`/api/contacts/donations/${donation.id}`, { ...base, donationAmount: 250, campaignId: second });
    expect(res.status).toBe(200);
    expect(await campaignTotals(first)).toEqual({ amountRaised: 50, donationCount: 1, contactsReached: 1 });
    expect(await campaignTotals(second)).toEqual({ amountRaised: 250, donationCount: 1, contactsReached: 1 });
    expect((await contactRow(contactId)).totalDonated).toBe(300);

    // Refund: no longer counted anywhere.
    res = await as(a).put(`/api/contacts/donations/${second1.body.data.donation.id}`, {
      donationAmount: 50,
      donationDate: '2026-03-01',
      campaignId: first,
      status: 'refunded',
    });
    expect(res.status).toBe(200);
    expect(await contactRow(contactId)).toEqual({
      totalDonated: 250,
      donationCount: 1,
      averageDonation: 250,
      lastDonationAmount: 250,
      lastDonationDate: '2026-02-01',
    });
    expect(await campaignTotals(first)).toEqual({ amountRaised: 0, donationCount: 0, contactsReached: 1 });

    const list = await as(a).get(`/api/contacts/${contactId}/donations`);
    expect(list.status).toBe(200);
    expect(list.body.data.donations.map((d: { donationDate: string }) => d.donationDate)).toEqual(['2026-03-01', '2026-02-01']);
  });

  it('rejects bad input with the texts of the spec and writes nothing', async () => {
    const contactId = await insertContact(knex, a.accountId, { firstName: 'Bad' });
    const campaignId = await insertCampaign(knex, a.accountId);
    const url = `/api/contacts/${contactId}/donations`;
    const ok = { donationAmount: 10, donationDate: '2026-01-01', campaignId };
    const cases: [unknown, string][] = [
      [{ ...ok, donationAmount: 0 }, 'Please enter a valid donation amount'],
      [{ ...ok, donationAmount: -1 }, 'Please enter a valid donation amount'],
      [{ ...ok, donationAmount: undefined }, 'Please enter a valid donation amount'],
      [{ ...ok, donationAmount: '10' }, 'Please enter a valid donation amount'],
      [{ ...ok, campaignId: null }, 'Please select a campaign'],
      [{ ...ok, donationDate: undefined }, 'Donation date is required'],
      [{ ...ok, donationDate: '2026-13-45T99:00:00Z' }, 'Donation date must be a date'],
      [{ ...ok, paymentMethod: 'bitcoin' }, 'Payment method must be one of: cash, check, credit_card, ach, wire, paypal, venmo, zelle, in_kind, other'],
      [{ ...ok, status: 'done' }, 'Status must be one of: pending, completed, failed, refunded'],
      [{ ...ok, netAmount: -3 }, 'Net amount must be 0 or more'],
      [{ ...ok, isRecurring: 1 }, 'Recurring donation must be true or false'],
    ];
    for (const [body, message] of cases) {
      const res = await as(a).post(url, body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    }
    expect(await knex('donations').where({ contactId }).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect((await contactRow(contactId)).totalDonated).toBe(0);
  });

  it("refuses a gift that would take the account's giving tally past DECIMAL(14,2) with a 422 naming the amount, and writes nothing", async () => {
    // Two contacts and two campaigns: each contact and campaign total fits, the account-wide sum would not.
    const rich = await login(app, await createAccountWithUser(knex, { accountName: 'Tally ceiling' }));
    const [first, second] = [await insertContact(knex, rich.accountId, { firstName: 'One' }), await insertContact(knex, rich.accountId, { firstName: 'Two' })];
    const [general, capital] = [
      await insertCampaign(knex, rich.accountId, { name: 'General' }),
      await insertCampaign(knex, rich.accountId, { name: 'Capital' }),
    ];
    const gift = { donationAmount: 600_000_000_000, donationDate: '2026-02-01' };
    expect((await as(rich).post(`/api/contacts/${first}/donations`, { ...gift, campaignId: general })).status).toBe(201);

    const refused = await as(rich).post(`/api/contacts/${second}/donations`, { ...gift, campaignId: capital });
    expect(refused.status).toBe(422);
    expect(refused.body.details).toEqual({ donationAmount: 'The total would exceed 999,999,999,999.99' });
    expect(await knex('donations').where({ contactId: second }).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect((await contactRow(second)).totalDonated).toBe(0);
    expect((await campaignTotals(capital)).amountRaised).toBe(0);
    const tally = await knex('account_contact_tallies').where({ accountId: rich.accountId }).sum({ total: 'totalDonated' }).first();
    expect(Number(tally?.total)).toBe(600_000_000_000);

    // A pending gift adds nothing to the totals, and a later refund frees room again.
    expect((await as(rich).post(`/api/contacts/${second}/donations`, { ...gift, campaignId: capital, status: 'pending' })).status).toBe(201);
    expect((await as(rich).post(`/api/contacts/${second}/donations`, { ...gift, donationAmount: 399_999_999_999.99, campaignId: capital })).status).toBe(201);
  });

  it('links only a pledge of the same contact that is not fulfilled, and keeps amountFulfilled right', async () => {
    const contactId = await insertContact(knex, a.accountId, { firstName: 'Linus' });
    const otherContact = await insertContact(knex, a.accountId, { firstName: 'Other' });
    const campaignId = await insertCampaign(knex, a.accountId);
    const pledgeOf = async (owner: string, amount: number) =>
      (await as(a).post(`/api/contacts/${owner}/pledges`, { pledgeAmount: amount, pledgeDate: '2026-01-01', campaignId })).body.data.pledge.id as string;
    const pledge = await pledgeOf(contactId, 100);
    const second = await pledgeOf(contactId, 500);
    const foreign = await pledgeOf(otherContact, 100);
    const donate = (body: Record<string, unknown>) => as(a).post(`/api/contacts/${contactId}/donations`, { donationDate: '2026-02-01', campaignId, ...body });

    const wrongContact = await donate({ donationAmount: 10, pledgeId: foreign });
    expect(wrongContact.status).toBe(400);
    expect(wrongContact.body.message).toBe('The pledge belongs to another contact');
    expect((await donate({ donationAmount: 10, pledgeId: newId() })).status).toBe(404);

    const partial = await donate({ donationAmount: 40, pledgeId: pledge });
    expect(partial.status).toBe(201);
    expect(partial.body.data.donation.pledge).toMatchObject({ id: pledge, amountFulfilled: 40, status: 'pending' });

    const rest = await donate({ donationAmount: 60, pledgeId: pledge });
    expect(rest.status).toBe(201);
    expect(await pledgeRow(pledge)).toEqual({ amountFulfilled: 100, status: 'fulfilled' });

    const onFulfilled = await donate({ donationAmount: 5, pledgeId: pledge });
    expect(onFulfilled.status).toBe(400);
    expect(onFulfilled.body.message).toBe('This pledge is already fulfilled');

    // Editing a donation that stays on its fulfilled pledge is allowed.
    const same = await as(a).put(`/api/contacts/donations/${rest.body.data.donation.id}`, {
      donationAmount: 60,
      donationDate: '2026-02-02',
      campaignId,
      pledgeId: pledge,
    });
    expect(same.status).toBe(200);

    // Moving it to another pledge corrects both.
    const moved = await as(a).put(`/api/contacts/donations/${rest.body.data.donation.id}`, {
      donationAmount: 60,
      donationDate: '2026-02-02',
      campaignId,
      pledgeId: second,
    });
    expect(moved.status).toBe(200);
    expect(await pledgeRow(pledge)).toEqual({ amountFulfilled: 40, status: 'pending' });
    expect(await pledgeRow(second)).toEqual({ amountFulfilled: 60, status: 'pending' });

    // Unlinking, and a refund, take the amount back off.
    await as(a).put(`/api/contacts/donations/${rest.body.data.donation.id}`, { donationAmount: 60, donationDate: '2026-02-02', campaignId });
    expect(await pledgeRow(second)).toEqual({ amountFulfilled: 0, status: 'pending' });
    await as(a).put(`/api/contacts/donations/${partial.body.data.donation.id}`, {
      donationAmount: 40,
      donationDate: '2026-02-01',
      campaignId,
      pledgeId: pledge,
      status: 'refunded',
    });
    expect(await pledgeRow(pledge)).toEqual({ amountFulfilled: 0, status: 'pending' });

    // Linking through an update checks the same rules.
    const toForeign = await as(a).put(`/api/contacts/donations/${rest.body.data.donation.id}`, {
      donationAmount: 60,
      donationDate: '2026-02-02',
      campaignId,
      pledgeId: foreign,
    });
    expect(toForeign.status).toBe(400);
    expect(await pledgeRow(foreign)).toEqual({ amountFulfilled: 0, status: 'pending' });
  });
});

describe('concurrent writes', () => {
  it('keep totals exact and let only one donation fulfil a pledge', async () => {
    const contactId = await insertContact(knex, a.accountId, { firstName: 'Rush' });
    const campaignId = await insertCampaign(knex, a.accountId);
    const pledge = (await as(a).post(`/api/contacts/${contactId}/pledges`, { pledgeAmount: 100, pledgeDate: '2026-01-01', campaignId })).body.data.pledge.id;
    const donate = (body: Record<string, unknown>) => as(a).post(`/api/contacts/${contactId}/donations`, { donationDate: '2026-02-01', campaignId, ...body });

    const plain = await Promise.all([10, 20, 30, 40, 50].map((amount) => donate({ donationAmount: amount })));
    expect(plain.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const racing = await Promise.all([donate({ donationAmount: 100, pledgeId: pledge }), donate({ donationAmount: 100, pledgeId: pledge })]);
    expect(racing.map((r) => r.status).sort()).toEqual([201, 400]);

    expect(await pledgeRow(pledge)).toEqual({ amountFulfilled: 100, status: 'fulfilled' });
    expect((await contactRow(contactId)).totalDonated).toBe(250);
    expect(await campaignTotals(campaignId)).toEqual({ amountRaised: 250, donationCount: 6, contactsReached: 1 });
  });
});

describe('financial summary', () => {
  it('adds up pledges and completed donations of the contact', async () => {
    const contactId = await insertContact(knex, a.accountId, { firstName: 'Sum' });
    const campaignId = await insertCampaign(knex, a.accountId);
    const empty = await as(a).get(`/api/contacts/${contactId}/financials/summary`);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({
      pledges: { total: 0, totalAmount: 0, totalFulfilled: 0 },
      donations: {
        completed: 0,
        totalAmount: 0,
        averageAmount: 0,
        lastDonationDate: null,
        lastDonationAmount: null,
        largestDonationAmount: null,
        largestDonationDate: null,
        thisYear: { year: expect.any(Number), completed: 0, totalAmount: 0 },
      },
    });

    const pledge = (await as(a).post(`/api/contacts/${contactId}/pledges`, { pledgeAmount: 300, pledgeDate: '2026-01-01', campaignId })).body.data.pledge.id;
    await as(a).post(`/api/contacts/${contactId}/pledges`, { pledgeAmount: 200.5, pledgeDate: '2026-01-02', campaignId });
    const donate = (amount: number, date: string, extra: Record<string, unknown> = {}) =>
      as(a).post(`/api/contacts/${contactId}/donations`, { donationAmount: amount, donationDate: date, campaignId, ...extra });
    expect((await donate(100, '2026-02-01', { pledgeId: pledge })).status).toBe(201);
    expect((await donate(50, '2026-04-01')).status).toBe(201);
    expect((await donate(999, '2026-05-01', { status: 'pending' })).status).toBe(201);
    expect((await donate(25, '2026-06-01', { status: 'refunded' })).status).toBe(201);

    const res = await as(a).get(`/api/contacts/${contactId}/financials/summary`);
    expect(res.body.data).toEqual({
      pledges: { total: 2, totalAmount: 500.5, totalFulfilled: 100 },
      donations: {
        completed: 2,
        totalAmount: 150,
        averageAmount: 75,
        lastDonationDate: '2026-04-01',
        lastDonationAmount: 50,
        largestDonationAmount: 100,
        largestDonationDate: '2026-02-01',
        thisYear: expect.objectContaining({ year: expect.any(Number) }),
      },
    });
  });

  it('gives the last and the largest gift and this calendar year of the account, in exact cents', async () => {
    const contactId = await insertContact(knex, a.accountId, { firstName: 'Giving' });
    const campaignId = await insertCampaign(knex, a.accountId);
    const zone = String((await knex('accounts').where({ id: a.accountId }).first('timezone')).timezone);
    const year = Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric' }).format(new Date()));
    const donate = (amount: number, date: string, extra: Record<string, unknown> = {}) =>
      as(a).post(`/api/contacts/${contactId}/donations`, { donationAmount: amount, donationDate: date, campaignId, ...extra });

    expect((await donate(500, `${year - 1}-12-31`)).status).toBe(201);
    expect((await donate(500, `${year - 1}-06-01`)).status).toBe(201);
    expect((await donate(0.1, `${year}-01-01`)).status).toBe(201);
    expect((await donate(0.2, `${year}-03-01`)).status).toBe(201);
    expect((await donate(1000.07, `${year}-12-31`)).status).toBe(201);
    // Neither a pending nor a refunded gift is money given.
    expect((await donate(9999, `${year}-02-01`, { status: 'pending' })).status).toBe(201);
    expect((await donate(7777, `${year}-02-02`, { status: 'refunded' })).status).toBe(201);

    const res = await as(a).get(`/api/contacts/${contactId}/financials/summary`);
    expect(res.status).toBe(200);
    expect(financialSummarySchema.safeParse(res.body.data).success).toBe(true);
    expect(res.body.data.donations).toEqual({
      completed: 5,
      totalAmount: 2000.37,
      averageAmount: 400.07,
      lastDonationDate: `${year}-12-31`,
      lastDonationAmount: 1000.07,
      largestDonationAmount: 1000.07,
      largestDonationDate: `${year}-12-31`,
      // Summed as binary floats, 1000.07 + 0.2 + 0.1 is 1000.3700000000001; in cents it is 100037.
      thisYear: { year, completed: 3, totalAmount: 1000.37 },
    });
    // The last gift is the contact row's own last donation.
    expect(await contactRow(contactId)).toMatchObject({ lastDonationAmount: 1000.07, lastDonationDate: `${year}-12-31` });
  });

  it('of equal largest gifts names the earliest, and the last gift on one day is the one entered last', async () => {
    const contactId = await insertContact(knex, a.accountId, { firstName: 'Ties' });
    const campaignId = await insertCampaign(knex, a.accountId);
    for (const [amount, date] of [
      [250, '2025-05-01'],
      [250, '2025-03-01'],
      [40, '2025-07-04'],
      [60, '2025-07-04'],
    ] as const) {
      expect((await as(a).post(`/api/contacts/${contactId}/donations`, { donationAmount: amount, donationDate: date, campaignId })).status).toBe(201);
    }
    const { donations } = (await as(a).get(`/api/contacts/${contactId}/financials/summary`)).body.data;
    expect(donations).toMatchObject({ largestDonationAmount: 250, largestDonationDate: '2025-03-01', lastDonationAmount: 60, lastDonationDate: '2025-07-04' });
  });

  it('turns the year where the account is, not at midnight UTC', async () => {
    const contactId = await insertContact(knex, a.accountId, { firstName: 'NewYear' });
    const campaignId = await insertCampaign(knex, a.accountId);
    for (const [amount, date] of [
      [30, '2026-12-31'],
      [70, '2027-01-01'],
    ] as const) {
      expect((await as(a).post(`/api/contacts/${contactId}/donations`, { donationAmount: amount, donationDate: date, campaignId })).status).toBe(201);
    }
    // 03:00 UTC on Jan 1 2027 is still Dec 31 2026 in New York, Los Angeles and Honolulu.
    const atNewYearUtc = createFinancialsService(createFinancialsRepository(knex), () => new Date('2027-01-01T03:00:00.000Z'));
    const original = (await knex('accounts').where({ id: a.accountId }).first('timezone')).timezone;
    try {
      for (const zone of ['America/New_York', 'America/Los_Angeles', 'Pacific/Honolulu']) {
        await knex('accounts').where({ id: a.accountId }).update({ timezone: zone });
        expect((await atNewYearUtc.summary(a.accountId, contactId)).donations.thisYear).toEqual({ year: 2026, completed: 1, totalAmount: 30 });
      }
      await knex('accounts').where({ id: a.accountId }).update({ timezone: 'UTC' });
      expect((await atNewYearUtc.summary(a.accountId, contactId)).donations.thisYear).toEqual({ year: 2027, completed: 1, totalAmount: 70 });
    } finally {
      await knex('accounts').where({ id: a.accountId }).update({ timezone: original });
    }
  });
});

describe('calendarYearIn', () => {
  it('reads the year in the zone, and an unknown zone as UTC', () => {
    const instant = new Date('2027-01-01T03:00:00.000Z');
    expect(calendarYearIn('America/New_York', instant)).toBe(2026);
    expect(calendarYearIn('Asia/Tokyo', new Date('2026-12-31T16:00:00.000Z'))).toBe(2027);
    expect(calendarYearIn('UTC', instant)).toBe(2027);
    expect(calendarYearIn('Not/AZone', instant)).toBe(2027);
    expect(calendarYearIn(null, instant)).toBe(2027);
  });
});

describe('tenancy', () => {
  it("another account's contact, pledge and donation answer 404 and stay unchanged", async () => {
    const contactId = await insertContact(knex, a.accountId, { firstName: 'Owned' });
    const campaignId = await insertCampaign(knex, a.accountId);
    const intruderCampaign = await insertCampaign(knex, b.accountId);
    const pledge = (await as(a).post(`/api/contacts/${contactId}/pledges`, { pledgeAmount: 80, pledgeDate: '2026-01-01', campaignId })).body.data.pledge;
    const donation = (await as(a).post(`/api/contacts/${contactId}/donations`, { donationAmount: 30, donationDate: '2026-01-05', campaignId })).body.data
      .donation;

    await expectCrossAccountIsolation({
      app,
      owner: a,
      intruder: b,
      id: contactId,
      routes: [
        { method: 'get', path: '/api/contacts/:id/financials/summary' },
        { method: 'get', path: '/api/contacts/:id/pledges' },
        { method: 'get', path: '/api/contacts/:id/donations' },
        { method: 'post', path: '/api/contacts/:id/pledges', body: { pledgeAmount: 5, pledgeDate: '2026-01-01', campaignId: intruderCampaign } },
        { method: 'post', path: '/api/contacts/:id/donations', body: { donationAmount: 5, donationDate: '2026-01-01', campaignId: intruderCampaign } },
      ],
      readRow: async () => ({
        contact: await knex('contacts').where({ id: contactId }).first(),
        pledges: await knex('pledges').where({ contactId }).select('id'),
        donations: await knex('donations').where({ contactId }).select('id'),
      }),
    });

    await expectCrossAccountIsolation({
      app,
      owner: a,
      intruder: b,
      id: pledge.id,
      routes: [{ method: 'put', path: '/api/contacts/pledges/:id', body: { pledgeAmount: 1, pledgeDate: '2026-01-01', campaignId: intruderCampaign } }],
      readRow: () => knex('pledges').where({ id: pledge.id }).first(),
    });

    await expectCrossAccountIsolation({
      app,
      owner: a,
      intruder: b,
      id: donation.id,
      routes: [{ method: 'put', path: '/api/contacts/donations/:id', body: { donationAmount: 1, donationDate: '2026-01-01', campaignId: intruderCampaign } }],
      readRow: async () => ({
        donation: await knex('donations').where({ id: donation.id }).first(),
        contact: await contactRow(contactId),
        campaign: await campaignTotals(campaignId),
      }),
    });

    // A body naming another account's pledge cannot link it either.
    const foreignContact = await insertContact(knex, b.accountId);
    const foreignPledge = (
      await as(b).post(`/api/contacts/${foreignContact}/pledges`, { pledgeAmount: 10, pledgeDate: '2026-01-01', campaignId: intruderCampaign })
    ).body.data.pledge.id;
    const res = await as(a).post(`/api/contacts/${contactId}/donations`, {
      donationAmount: 5,
      donationDate: '2026-01-01',
      campaignId,
      pledgeId: foreignPledge,
    });
    expect(res.status).toBe(404);
    expect(await pledgeRow(foreignPledge)).toEqual({ amountFulfilled: 0, status: 'pending' });
  });
});
