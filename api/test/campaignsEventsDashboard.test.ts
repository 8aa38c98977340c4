import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { newId } from '../src/lib/ids';
import { expectCrossAccountIsolation } from './crossAccount';
import { insertCampaign, insertContact, insertEvent, twoLoggedInAccounts, type LoggedIn, signedIn } from './helpers/fixtures';
import { twoAccountApp } from './helpers/twoAccountApp';

const ctx = twoAccountApp();
let knex: Knex, app: Koa, a: LoggedIn, b: LoggedIn;
beforeAll(() => ({ knex, app, a, b } = ctx));

const as = (who: LoggedIn) => signedIn(app, who);

const stamp = () => ({ id: newId(), createdAt: new Date(), updatedAt: new Date() });

async function insertCommittee(accountId: string, name = 'Victory Fund'): Promise<string> {
  const row = { ...stamp(), accountId, name, committeeType: 'pac' };
  await knex('committees').insert(row);
  return row.id;
}

async function insertDonationAccount(accountId: string, fields: Record<string, unknown> = {}): Promise<string> {
  const row = { ...stamp(), accountId, name: 'Federal Account', accountType: 'federal', ...fields };
  await knex('donation_accounts').insert(row);
  return row.id;
}

async function insertDonation(accountId: string, fields: Record<string, unknown>): Promise<string> {
  const row = { ...stamp(), accountId, paymentMethod: 'cash', status: 'completed', donationDate: '2026-01-15', ...fields };
  await knex('donations').insert(row);
  return row.id;
}

async function insertPledge(accountId: string, fields: Record<string, unknown>): Promise<string> {
  const row = { ...stamp(), accountId, frequency: 'one_time', status: 'pending', pledgeDate: '2026-01-15', ...fields };
  await knex('pledges').insert(row);
  return row.id;
}

let slugCounter = 0;
function campaignBody(fields: Record<string, unknown> = {}): Record<string, unknown> {
  slugCounter += 1;
  return {
    name: `Spring Drive ${slugCounter}`,
    slug: `spring-drive-${slugCounter}`,
    campaignType: 'fundraising',
    status: 'active',
    fundraisingGoal: 50000,
    contactGoal: 500,
    volunteerGoal: 20,
    allowPublicDonations: true,
    donationMinimum: 5,
    donationMaximum: 2900,
    suggestedAmounts: [100, 25, 50, 25],
    ...fields,
  };
}

function eventBody(campaignId: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Town hall on schools',
    eventType: 'town_hall',
    status: 'published',
    campaignId,
    startDate: '2030-03-01T18:00:00.000Z',
    endDate: '2030-03-01T20:00:00.000Z',
    location: 'Lincoln High gym',
    isVirtual: false,
    isPublic: true,
    maxAttendees: 200,
    fundraisingGoal: 1000,
    ticketPrice: 0,
    allowDonations: true,
    requiresRsvp: true,
    ...fields,
  };
}

const countRows = async (table: string, accountId: string) => Number((await knex(table).where({ accountId }).count({ n: '*' }).first())?.n ?? 0);

function expect400(res: request.Response, field: string, message: string | RegExp) {
  expect(res.status).toBe(400);
  expect(typeof res.body.message).toBe('string');
  expect(res.body.details?.[field]).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  expect(res.body.data).toBeUndefined();
}

describe('campaign writes', () => {
  it('creates a campaign with the form fields, answering 201 with the read shape', async () => {
    const committeeId = await insertCommittee(a.accountId);
    const donationAccountId = await insertDonationAccount(a.accountId);
    const res = await as(a).post(
      '/api/campaigns',
      campaignBody({
        name: '  Riverside Renewal ',
        slug: 'riverside-renewal',
        description: '',
        committeeId,
        donationAccountId,
        startDate: '2026-03-01',
        endDate: '2026-06-30',
      }),
    );
    expect(res.status).toBe(201);
    const { campaign } = res.body.data;
    expect(campaign).toMatchObject({
      name: 'Riverside Renewal',
      slug: 'riverside-renewal',
      description: null,
      campaignType: 'fundraising',
      status: 'active',
      isActive: true,
      committeeId,
      committee: { id: committeeId, name: 'Victory Fund' },
      donationAccount: { id: donationAccountId, name: 'Federal Account' },
      fundraisingGoal: 50000,
      donationMinimum: 5,
      donationMaximum: 2900,
      suggestedAmounts: [25, 50, 100],
      // A campaign's days are calendar days: the same day in every time zone.
      startDate: '2026-03-01',
      endDate: '2026-06-30',
      amountRaised: 0,
      donationCount: 0,
    });
    expect((await as(a).get(`/api/campaigns/${campaign.id}`)).body.data.campaign).toEqual(campaign);
  });

  it('applies the defaults of docs/product/limits-and-defaults.md to omitted fields', async () => {
    const res = await as(a).post('/api/campaigns', { name: 'Defaults', slug: 'defaults', campaignType: 'advocacy' });
    expect(res.status).toBe(201);
    expect(res.body.data.campaign).toMatchObject({
      status: 'draft',
      donationMinimum: 1,
      donationMaximum: 0,
      suggestedAmounts: [25, 50, 100, 250, 500, 1000],
      fundraisingGoal: 0,
      allowPublicDonations: false,
      committeeId: null,
      donationAccountId: null,
      startDate: null,
    });
  });

  it('answers every form rule with the form text and creates nothing', async () => {
    const before = await countRows('campaigns', a.accountId);
    const post = (body: Record<string, unknown>) => as(a).post('/api/campaigns', body);
    expect400(await post({}), 'name', 'Campaign name is required');
    const empty = await post({ name: ' ', slug: '', campaignType: '' });
    expect(empty.body.details).toMatchObject({
      name: 'Campaign name is required',
      slug: 'Campaign slug is required',
      campaignType: 'Campaign type is required',
    });
    expect(empty.body.message).toBe('Campaign name is required');
    expect400(await post(campaignBody({ startDate: '2026-05-01', endDate: '2026-04-01' })), 'endDate', 'End date must be after start date');
    expect400(await post(campaignBody({ donationMinimum: -1 })), 'donationMinimum', 'Minimum donation must be positive');
    expect400(await post(campaignBody({ donationMinimum: 50, donationMaximum: 10 })), 'donationMaximum', 'Maximum donation must be greater than minimum');
    expect400(await post(campaignBody({ fundraisingGoal: -5 })), 'fundraisingGoal', 'Fundraising goal must be 0 or more');
    expect400(await post(campaignBody({ contactGoal: -1 })), 'contactGoal', 'Contact goal must be 0 or more');
    expect400(await post(campaignBody({ suggestedAmounts: [25, -10] })), 'suggestedAmounts.1', 'Suggested amounts must be 0 or more');
    expect(await countRows('campaigns', a.accountId)).toBe(before);
  });

  it('refuses wrong types and unknown values with a clear 400', async () => {
    const before = await countRows('campaigns', a.accountId);
    const post = (body: Record<string, unknown>) => as(a).post('/api/campaigns', body);
    expect400(await post(campaignBody({ name: 42 })), 'name', 'Campaign name must be text');
    expect400(await post(campaignBody({ status: 'launched' })), 'status', /^Status must be one of: draft, active/);
    expect400(await post(campaignBody({ campaignType: 'bake_sale' })), 'campaignType', /^Campaign type must be one of: fundraising/);
    expect400(await post(campaignBody({ fundraisingGoal: '1000' })), 'fundraisingGoal', 'Fundraising goal must be a number');
    expect400(await post(campaignBody({ contactGoal: 1.5 })), 'contactGoal', 'Contact goal must be a whole number');
    expect400(await post(campaignBody({ allowPublicDonations: 'yes' })), 'allowPublicDonations', 'Allow public donations must be true or false');
    expect400(await post(campaignBody({ startDate: 'next tuesday' })), 'startDate', 'Start date must be a date (YYYY-MM-DD)');
    expect400(await post(campaignBody({ suggestedAmounts: 'lots' })), 'suggestedAmounts', 'Suggested amounts must be a list of numbers');
    expect(await countRows('campaigns', a.accountId)).toBe(before);
  });

  it('keeps slugs unique per account: 409 here, allowed in another account', async () => {
    const first = await as(a).post('/api/campaigns', campaignBody({ slug: 'shared-slug' }));
    expect(first.status).toBe(201);
    const again = await as(a).post('/api/campaigns', campaignBody({ slug: 'shared-slug' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A campaign with this slug already exists');
    expect((await as(b).post('/api/campaigns', campaignBody({ slug: 'shared-slug' }))).status).toBe(201);

    const other = await as(a).post('/api/campaigns', campaignBody());
    const clash = await as(a).put(`/api/campaigns/${other.body.data.campaign.id}`, campaignBody({ slug: 'shared-slug' }));
    expect(clash.status).toBe(409);
    // Saving a campaign with its own slug is not a clash.
    const same = await as(a).put(`/api/campaigns/${first.body.data.campaign.id}`, campaignBody({ slug: 'shared-slug', name: 'Renamed' }));
    expect(same.status).toBe(200);
    expect(same.body.data.campaign.name).toBe('Renamed');
  });

  it('updates every form field and leaves totals alone', async () => {
    const id = await insertCampaign(knex, a.accountId, { amountRaised: 120, donationCount: 3 });
    const res = await as(a).put(
      `/api/campaigns/${id}`,
      campaignBody({ name: 'Fall Push', slug: 'fall-push', status: 'paused', campaignType: 'gotv', suggestedAmounts: [10], amountRaised: 999999 }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.campaign).toMatchObject({
      id,
      name: 'Fall Push',
      status: 'paused',
      isActive: false,
      campaignType: 'gotv',
      suggestedAmounts: [10],
      amountRaised: 120,
      donationCount: 3,
    });
  });

  it("refuses another account's committee or donation account as missing, changing nothing", async () => {
    const foreignCommittee = await insertCommittee(b.accountId, 'Their Fund');
    const foreignAccount = await insertDonationAccount(b.accountId);
    const before = await countRows('campaigns', a.accountId);
    const c1 = await as(a).post('/api/campaigns', campaignBody({ committeeId: foreignCommittee }));
    expect(c1.status).toBe(404);
    expect(c1.body.message).toBe('Committee not found');
    const c2 = await as(a).post('/api/campaigns', campaignBody({ donationAccountId: foreignAccount }));
    expect(c2.status).toBe(404);
    expect((await as(a).post('/api/campaigns', campaignBody({ committeeId: 'not-an-id' }))).status).toBe(404);
    expect(await countRows('campaigns', a.accountId)).toBe(before);

    const id = await insertCampaign(knex, a.accountId);
    const row = await knex('campaigns').where({ id }).first();
    expect((await as(a).put(`/api/campaigns/${id}`, campaignBody({ committeeId: foreignCommittee }))).status).toBe(404);
    expect((await as(a).put(`/api/campaigns/${id}`, campaignBody({ donationAccountId: foreignAccount }))).status).toBe(404);
    expect(await knex('campaigns').where({ id }).first()).toEqual(row);
  });

  it('deletes a campaign without gifts; its events and donation accounts stay, unlinked', async () => {
    const id = await insertCampaign(knex, a.accountId);
    const eventId = await insertEvent(knex, a.accountId, { campaignId: id });
    const accountId = await insertDonationAccount(a.accountId, { campaignId: id });
    const res = await as(a).delete(`/api/campaigns/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { deleted: true } });
    expect(await knex('campaigns').where({ id }).first()).toBeUndefined();
    expect((await knex('events').where({ id: eventId }).first()).campaignId).toBeNull();
    expect((await knex('donation_accounts').where({ id: accountId }).first()).campaignId).toBeNull();
    expect((await as(a).delete(`/api/campaigns/${id}`)).status).toBe(404);
  });

  it('refuses to delete a campaign that holds donations, naming them and offering Archive', async () => {
    const id = await insertCampaign(knex, a.accountId);
    const donationId = await insertDonation(a.accountId, { campaignId: id, donationAmount: 10 });
    const res = await as(a).delete(`/api/campaigns/${id}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'This campaign has 1 donation ($10.00). Archive it instead.', details: { action: 'archive' } });
    expect(await knex('campaigns').where({ id }).first()).toBeDefined();
    expect((await knex('donations').where({ id: donationId }).first()).campaignId).toBe(id);
  });

  it('isolates every campaign id route from another account', async () => {
    const id = await insertCampaign(knex, a.accountId, { name: 'Owned', slug: 'owned-campaign' });
    await expectCrossAccountIsolation({
      app,
      owner: a,
      intruder: b,
      id,
      routes: [
        { method: 'get', path: '/api/campaigns/:id' },
        { method: 'put', path: '/api/campaigns/:id', body: campaignBody({ name: 'Hijacked' }) },
        { method: 'post', path: '/api/campaigns/:id/archive' },
        { method: 'post', path: '/api/campaigns/:id/unarchive' },
        { method: 'delete', path: '/api/campaigns/:id' },
        { method: 'get', path: '/api/campaigns/donation-accounts?campaignId=:id' },
        { method: 'get', path: '/api/dashboard/overview?campaignId=:id' },
        { method: 'get', path: '/api/dashboard/events/upcoming?campaignId=:id' },
      ],
      readRow: () => knex('campaigns').where({ id }).first(),
    });
  });
});

describe('committees and donation accounts', () => {
  it("lists the account's own options by name", async () => {
    const { a: owner, b: other } = await twoLoggedInAccounts(knex, app);
    await insertCommittee(owner.accountId, 'Zeta PAC');
    await insertCommittee(owner.accountId, 'Alpha Committee');
    await insertCommittee(other.accountId, 'Not mine');
    const res = await as(owner).get('/api/campaigns/committees');
    expect(res.status).toBe(200);
    expect(res.body.data.committees.map((c: { name: string }) => c.name)).toEqual(['Alpha Committee', 'Zeta PAC']);
    expect(res.body.data.committees[0]).toEqual({ id: expect.any(String), name: 'Alpha Committee', committeeType: 'pac' });

    const linked = await insertDonationAccount(owner.accountId, { name: 'Linked', accountType: 'state' });
    const pointed = await insertDonationAccount(owner.accountId, { name: 'Pointed', accountType: 'federal' });
    await insertDonationAccount(owner.accountId, { name: 'Elsewhere' });
    await insertDonationAccount(other.accountId, { name: 'Not mine' });
    const campaignId = await insertCampaign(knex, owner.accountId, { donationAccountId: pointed });
    await knex('donation_accounts').where({ id: linked }).update({ campaignId });

    const all = await as(owner).get('/api/campaigns/donation-accounts');
    expect(all.body.data.donationAccounts.map((d: { name: string }) => d.name)).toEqual(['Elsewhere', 'Linked', 'Pointed']);
    const ofCampaign = await as(owner).get(`/api/campaigns/donation-accounts?campaignId=${campaignId}`);
    expect(ofCampaign.body.data.donationAccounts).toEqual([
      { id: linked, name: 'Linked', accountType: 'state' },
      { id: pointed, name: 'Pointed', accountType: 'federal' },
    ]);
    expect((await as(other).get(`/api/campaigns/donation-accounts?campaignId=${campaignId}`)).status).toBe(404);
  });
});

describe('refresh-all-totals', () => {
  it('recomputes totals from completed donations, donors and pledgers, for this account only', async () => {
    const { a: owner, b: other } = await twoLoggedInAccounts(knex, app);
    const spring = await insertCampaign(knex, owner.accountId, { amountRaised: 5, donationCount: 99, contactsReached: 42 });
    const fall = await insertCampaign(knex, owner.accountId, { amountRaised: 77, donationCount: 7 });
    const theirs = await insertCampaign(knex, other.accountId, { amountRaised: 3, donationCount: 1 });
    const jane = await insertContact(knex, owner.accountId, { isVolunteer: true });
    const john = await insertContact(knex, owner.accountId);
    const pat = await insertContact(knex, owner.accountId, { isVolunteer: true });
    await insertDonation(owner.accountId, { contactId: jane, campaignId: spring, donationAmount: 100.25 });
    await insertDonation(owner.accountId, { contactId: jane, campaignId: spring, donationAmount: 50 });
    await insertDonation(owner.accountId, { contactId: john, campaignId: spring, donationAmount: 20, status: 'pending' });
    await insertDonation(owner.accountId, { contactId: john, campaignId: spring, donationAmount: 30, status: 'refunded' });
    await insertDonation(owner.accountId, { contactId: null, campaignId: spring, donationAmount: 9.75 });
    await insertPledge(owner.accountId, { contactId: pat, campaignId: spring, pledgeAmount: 500 });

    const res = await as(owner).post('/api/campaigns/refresh-all-totals');
    expect(res.status).toBe(200);
    const byId = new Map(res.body.data.campaigns.map((c: { id: string }) => [c.id, c]));
    expect(byId.size).toBe(2);
    expect(byId.get(spring)).toMatchObject({ amountRaised: 160, donationCount: 3, contactsReached: 3, volunteersRecruited: 2 });
    expect(byId.get(fall)).toMatchObject({ amountRaised: 0, donationCount: 0, contactsReached: 0, volunteersRecruited: 0 });
    expect(await knex('campaigns').where({ id: theirs }).first()).toMatchObject({ donationCount: 1 });
  });
});

describe('event writes', () => {
  let campaignId: string;

  beforeAll(async () => {
    campaignId = await insertCampaign(knex, a.accountId, { name: 'Events Campaign' });
  });

  it('creates an event (201) with the form fields and the campaign name', async () => {
    const res = await as(a).post('/api/events', eventBody(campaignId, { slug: '', description: '  ' }));
    expect(res.status).toBe(201);
    expect(res.body.data.event).toMatchObject({
      name: 'Town hall on schools',
      slug: null,
      description: null,
      eventType: 'town_hall',
      status: 'published',
      campaignId,
      campaign: { id: campaignId, name: 'Events Campaign' },
      startDate: '2030-03-01T18:00:00.000Z',
      endDate: '2030-03-01T20:00:00.000Z',
      maxAttendees: 200,
      requiresRsvp: true,
      currentAttendees: 0,
    });
  });

  it('applies the event defaults of docs/product/limits-and-defaults.md', async () => {
    const res = await as(a).post('/api/events', { name: 'Defaults', campaignId });
    expect(res.status).toBe(201);
    expect(res.body.data.event).toMatchObject({
      eventType: 'fundraiser',
      status: 'draft',
      isPublic: true,
      allowDonations: true,
      requiresRsvp: false,
      isVirtual: false,
      maxAttendees: 0,
      startDate: null,
    });
  });

  it('answers the event rules with the form texts and creates nothing', async () => {
    const before = await countRows('events', a.accountId);
    const post = (body: Record<string, unknown>) => as(a).post('/api/events', body);
    const empty = await post({});
    expect(empty.body.details).toMatchObject({ name: 'Event name is required', campaignId: 'Campaign selection is required' });
    expect400(await post(eventBody(campaignId, { name: '   ' })), 'name', 'Event name is required');
    expect400(await post(eventBody('')), 'campaignId', 'Campaign selection is required');
    expect400(
      await post(eventBody(campaignId, { startDate: '2030-03-02T10:00:00Z', endDate: '2030-03-01T10:00:00Z' })),
      'endDate',
      'End date must be after start date',
    );
    expect400(await post(eventBody(campaignId, { isVirtual: true, virtualUrl: ' ' })), 'virtualUrl', 'Virtual URL is required for virtual events');
    expect400(await post(eventBody(campaignId, { maxAttendees: -1 })), 'maxAttendees', 'Max attendees must be 0 or more');
    expect400(await post(eventBody(campaignId, { ticketPrice: -0.01 })), 'ticketPrice', 'Ticket price must be 0 or more');
    expect400(await post(eventBody(campaignId, { fundraisingGoal: -1 })), 'fundraisingGoal', 'Fundraising goal must be 0 or more');
    expect400(await post(eventBody(campaignId, { status: 'postponed' })), 'status', /^Status must be one of: draft, published/);
    expect400(await post(eventBody(campaignId, { eventType: 'picnic' })), 'eventType', /^Event type must be one of: fundraiser/);
    expect400(await post(eventBody(campaignId, { isPublic: 1 })), 'isPublic', 'Public event must be true or false');
    expect400(await post(eventBody(campaignId, { maxAttendees: '10' })), 'maxAttendees', 'Max attendees must be a number');
    expect400(await post(eventBody(campaignId, { startDate: 20300301 })), 'startDate', 'Start date must be a date (YYYY-MM-DD) or an ISO date-time');
    expect400(
      await post(eventBody(campaignId, { startDate: '2030-02-30', endDate: null })),
      'startDate',
      'Start date must be a real date between 1900 and 2100',
    );
    expect400(
      await post(eventBody(campaignId, { startDate: '2030-03-01', endDate: '2030-03-01T20:00:00Z' })),
      'endDate',
      'Give the end a time when the start has one, or neither',
    );
    expect400(await post(eventBody(campaignId, { startDate: '2030-03-02', endDate: '2030-03-01' })), 'endDate', 'End date must be after start date');
    expect(await countRows('events', a.accountId)).toBe(before);
  });

  it('keeps a date without a time as that calendar day (an all-day event), not midnight UTC', async () => {
    const res = await as(a).post('/api/events', eventBody(campaignId, { startDate: '2026-11-30', endDate: '2026-12-01' }));
    expect(res.status).toBe(201);
    expect(res.body.data.event).toMatchObject({ startDate: '2026-11-30', endDate: '2026-12-01', allDay: true });
    const id = res.body.data.event.id;
    expect((await as(a).get(`/api/events/${id}`)).body.data.event).toMatchObject({ startDate: '2026-11-30', allDay: true });
    const row = await knex('events').where({ id }).first();
    expect(row).toMatchObject({ startDay: '2026-11-30', endDay: '2026-12-01', startDate: null, endDate: null });
    // Given a time again, it is an instant once more.
    const timed = await as(a).put(`/api/events/${id}`, eventBody(campaignId, { startDate: '2026-11-30T19:00:00-05:00', endDate: null }));
    expect(timed.body.data.event).toMatchObject({ startDate: '2026-12-01T00:00:00.000Z', endDate: null, allDay: false });
    expect(await knex('events').where({ id }).first()).toMatchObject({ startDay: null, endDay: null });
  });

  it('accepts a virtual event with its URL', async () => {
    const res = await as(a).post('/api/events', eventBody(campaignId, { isVirtual: true, virtualUrl: 'https://meet.example/abc', location: '' }));
    expect(res.status).toBe(201);
    expect(res.body.data.event).toMatchObject({ isVirtual: true, virtualUrl: 'https://meet.example/abc', location: null });
  });

  it('updates and deletes an event', async () => {
    const id = (await as(a).post('/api/events', eventBody(campaignId))).body.data.event.id;
    const put = await as(a).put(
      `/api/events/${id}`,
      eventBody(campaignId, { name: 'Moved rally', eventType: 'rally', status: 'cancelled', startDate: null, endDate: null }),
    );
    expect(put.status).toBe(200);
    expect(put.body.data.event).toMatchObject({ id, name: 'Moved rally', eventType: 'rally', status: 'cancelled', startDate: null });
    expect((await as(a).delete(`/api/events/${id}`)).body).toEqual({ data: { deleted: true } });
    expect((await as(a).get(`/api/events/${id}`)).status).toBe(404);
  });

  it("refuses another account's campaign as missing, changing nothing", async () => {
    const theirs = await insertCampaign(knex, b.accountId);
    const before = await countRows('events', a.accountId);
    const res = await as(a).post('/api/events', eventBody(theirs));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Campaign not found');
    expect(await countRows('events', a.accountId)).toBe(before);
    const id = await insertEvent(knex, a.accountId, { campaignId });
    const row = await knex('events').where({ id }).first();
    expect((await as(a).put(`/api/events/${id}`, eventBody(theirs))).status).toBe(404);
    expect(await knex('events').where({ id }).first()).toEqual(row);
  });

  it('isolates every event id route from another account', async () => {
    const id = await insertEvent(knex, a.accountId, { campaignId });
    const intruderCampaign = await insertCampaign(knex, b.accountId);
    await expectCrossAccountIsolation({
      app,
      owner: a,
      intruder: b,
      id,
      routes: [
        { method: 'get', path: '/api/events/:id' },
        { method: 'put', path: '/api/events/:id', body: eventBody(intruderCampaign, { name: 'Hijacked' }) },
        { method: 'delete', path: '/api/events/:id' },
      ],
      readRow: () => knex('events').where({ id }).first(),
    });
  });
});

describe('dashboard', () => {
  let owner: LoggedIn;
  let other: LoggedIn;
  let spring: string;
  let fall: string;

  beforeAll(async () => {
    ({ a: owner, b: other } = await twoLoggedInAccounts(knex, app));
    spring = await insertCampaign(knex, owner.accountId, { status: 'active', fundraisingGoal: 1000, amountRaised: 250 });
    fall = await insertCampaign(knex, owner.accountId, { status: 'draft', fundraisingGoal: 500, amountRaised: 750 });
    await insertCampaign(knex, owner.accountId, { status: 'paused', fundraisingGoal: 0, amountRaised: 0 });
    await insertCampaign(knex, other.accountId, { status: 'active', fundraisingGoal: 99999, amountRaised: 99999 });
    const jane = await insertContact(knex, owner.accountId, { totalDonated: 600 });
    const john = await insertContact(knex, owner.accountId, { totalDonated: 400, status: 'inactive' });
    const pat = await insertContact(knex, owner.accountId, { totalDonated: 0 });
    await insertContact(knex, owner.accountId, { totalDonated: 0 });
    await insertContact(knex, other.accountId, { totalDonated: 12345 });
    await insertDonation(owner.accountId, { contactId: jane, campaignId: spring, donationAmount: 200 });
    await insertDonation(owner.accountId, { contactId: jane, campaignId: spring, donationAmount: 50 });
    await insertDonation(owner.accountId, { contactId: john, campaignId: spring, donationAmount: 5, status: 'failed' });
    await insertPledge(owner.accountId, { contactId: pat, campaignId: spring, pledgeAmount: 100 });
    await insertDonation(owner.accountId, { contactId: john, campaignId: fall, donationAmount: 750 });
  });

  it('sums the whole account with aggregates', async () => {
    const res = await as(owner).get('/api/dashboard/overview');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      campaigns: { totalCampaigns: 3, activeCampaigns: 1, totalRaised: 1000, totalGoal: 1500, averageProgress: 62.5 },
      contacts: { totalContacts: 4, activeContacts: 3, totalDonated: 1000 },
      summary: { totalCampaigns: 3, totalContacts: 4, totalRaised: 1000, goalProgress: 66.7 },
    });
  });

  it('narrows to one campaign: its figures and the people who donated or pledged to it', async () => {
    const res = await as(owner).get(`/api/dashboard/overview?campaignId=${spring}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      campaigns: { totalCampaigns: 1, activeCampaigns: 1, totalRaised: 250, totalGoal: 1000, averageProgress: 25 },
      contacts: { totalContacts: 3, activeContacts: 2, totalDonated: 250 },
      summary: { totalCampaigns: 1, totalContacts: 3, totalRaised: 250, goalProgress: 25 },
    });
  });

  it('answers each overview with one statement: campaign and contact figures in a single round trip', async () => {
    const statements: string[] = [];
    // The session lookup is the auth middleware's, not the overview's.
    const record = (query: { sql: string }) => !/from [`"]sessions[`"]/i.test(query.sql) && statements.push(query.sql);
    knex.on('query', record);
    try {
      expect((await as(owner).get('/api/dashboard/overview')).status).toBe(200);
      expect((await as(owner).get(`/api/dashboard/overview?campaignId=${spring}`)).status).toBe(200);
      expect((await as(owner).get(`/api/dashboard/overview?campaignId=${newId()}`)).status).toBe(404);
    } finally {
      knex.off('query', record);
    }
    expect(statements).toHaveLength(3);
  });

  it('answers an empty account with zeros', async () => {
    const { a: fresh } = await twoLoggedInAccounts(knex, app);
    const res = await as(fresh).get('/api/dashboard/overview');
    expect(res.body.data).toEqual({
      campaigns: { totalCampaigns: 0, activeCampaigns: 0, totalRaised: 0, totalGoal: 0, averageProgress: 0 },
      contacts: { totalContacts: 0, activeContacts: 0, totalDonated: 0 },
      summary: { totalCampaigns: 0, totalContacts: 0, totalRaised: 0, goalProgress: 0 },
    });
  });

  it('lists upcoming and undated events, soonest first, optionally of one campaign', async () => {
    const day = 24 * 3600 * 1000;
    await insertEvent(knex, owner.accountId, { name: 'Past', campaignId: spring, startDate: new Date(Date.now() - day) });
    await insertEvent(knex, owner.accountId, { name: 'Later', campaignId: fall, startDate: new Date(Date.now() + 5 * day) });
    await insertEvent(knex, owner.accountId, { name: 'Soon', campaignId: spring, startDate: new Date(Date.now() + day) });
    await insertEvent(knex, owner.accountId, { name: 'Undated', campaignId: null, startDate: null });
    await insertEvent(knex, other.accountId, { name: 'Theirs', startDate: new Date(Date.now() + day) });
    // All-day: upcoming until its day is over everywhere; yesterday's (two days back) is past.
    const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString().slice(0, 10);
    await insertEvent(knex, owner.accountId, { name: 'Canvass', campaignId: fall, startDate: null, startDay: isoDay(3) });
    await insertEvent(knex, owner.accountId, { name: 'Old canvass', campaignId: fall, startDate: null, startDay: isoDay(-2) });
    const names = async (url: string) => (await as(owner).get(url)).body.data.events.map((e: { name: string }) => e.name);
    expect(await names('/api/dashboard/events/upcoming')).toEqual(['Soon', 'Canvass', 'Later', 'Undated']);
    expect(await names('/api/dashboard/events/upcoming?limit=1')).toEqual(['Soon']);
    expect(await names(`/api/dashboard/events/upcoming?campaignId=${spring}`)).toEqual(['Soon']);
  });

  it('refuses bad query values', async () => {
    expect400(await as(owner).get('/api/dashboard/events/upcoming?limit=0'), 'limit', 'limit must be an integer between 1 and 100');
    expect((await as(owner).get('/api/dashboard/overview?campaignId=nope')).status).toBe(404);
    expect((await request(app.callback()).get('/api/dashboard/overview')).status).toBe(401);
  });
});
