import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { newId } from '../src/lib/ids';
import { expectCrossAccountIsolation } from './crossAccount';
import { insertCampaign, insertContact, insertEvent, insertImport, insertList, type LoggedIn } from './helpers/fixtures';
import { twoAccountApp } from './helpers/twoAccountApp';

const ctx = twoAccountApp();
let knex: Knex, app: Koa, a: LoggedIn, b: LoggedIn;
beforeAll(() => ({ knex, app, a, b } = ctx));

const get = (who: LoggedIn, url: string) => request(app.callback()).get(url).set('Authorization', `Bearer ${who.token}`);

function expect400(res: request.Response, field: string, message: RegExp | string) {
  expect(res.status).toBe(400);
  expect(res.body.details[field]).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  expect(typeof res.body.message).toBe('string');
}

describe('account data needs a session', () => {
  it.each(['/api/contacts', '/api/contact-lists', '/api/campaigns', '/api/events', '/api/data-import/history'])('%s is 401 without one', async (url) => {
    const res = await request(app.callback()).get(url);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized' });
  });
});

describe('contacts', () => {
  let janeId: string;

  beforeAll(async () => {
    janeId = await insertContact(knex, a.accountId, {
      firstName: 'Jane',
      lastName: 'Doe',
      organization: 'Doe & Daughters',
      primaryEmail: 'jane@doe.example',
      primaryPhone: '555-0100',
      city: 'Springfield',
      state: 'IL',
      tags: '["donor","vip"]',
      totalDonated: 1250.5,
      birthDate: '1980-02-29',
      createdAt: new Date(Date.now() - 10_000),
    });
    await insertContact(knex, a.accountId, { firstName: 'John', lastName: 'Roe', status: 'inactive', organization: '100%_Club' });
    for (let i = 0; i < 25; i += 1) {
      await insertContact(knex, a.accountId, { firstName: `Filler${i}`, lastName: 'Person', primaryEmail: `f${i}@x.example` });
    }
    await insertContact(knex, b.accountId, { firstName: 'Jane', lastName: 'Other-Account' });
    const now = new Date();
    await knex('contact_phone_numbers').insert({
      id: newId(),
      accountId: a.accountId,
      contactId: janeId,
      phoneNumber: '555-0100',
      phoneType: 'mobile',
      isPrimary: true,
      sortOrder: 0,
      createdAt: now,
      updatedAt: now,
    });
    await knex('contact_notes').insert([
      {
        id: newId(),
        accountId: a.accountId,
        contactId: janeId,
        content: 'Met at the gala',
        noteType: 'meeting',
        isPrivate: false,
        createdBy: a.userId,
        createdAt: now,
        updatedAt: now,
      },
      {
        id: newId(),
        accountId: a.accountId,
        contactId: janeId,
        content: 'Private thought',
        noteType: 'personal',
        isPrivate: true,
        createdBy: null,
        createdAt: now,
        updatedAt: now,
      },
    ]);
  });

  it('lists 20 by default with the total, newest first, only from the own account', async () => {
    const res = await get(a, '/api/contacts');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(27);
    expect(res.body.data.contacts).toHaveLength(20);
    const names = res.body.data.contacts.map((c: { lastName: string }) => c.lastName);
    expect(names).not.toContain('Other-Account');
  });

  it('shapes a contact with camelCase fields, money as a number and ISO dates', async () => {
    const res = await get(a, '/api/contacts?search=jane');
    expect(res.body.data.total).toBe(1);
    const [jane] = res.body.data.contacts;
    expect(jane).toMatchObject({
      id: janeId,
      firstName: 'Jane',
      lastName: 'Doe',
      organization: 'Doe & Daughters',
      primaryEmail: 'jane@doe.example',
      city: 'Springfield',
      state: 'IL',
      country: 'US',
      tags: ['donor', 'vip'],
      status: 'active',
      totalDonated: 1250.5,
      birthDate: '1980-02-29',
    });
    expect(jane.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(jane.accountId).toBeUndefined();
  });

  it('searches names, organization, email and phone, word by word, with LIKE characters taken literally', async () => {
    const total = async (q: string) => (await get(a, `/api/contacts?search=${encodeURIComponent(q)}`)).body.data.total;
    expect(await total('jane doe')).toBe(1);
    expect(await total('DAUGHTERS')).toBe(1);
    expect(await total('doe.example')).toBe(1);
    expect(await total('555-0100')).toBe(1);
    expect(await total('100%_')).toBe(1);
    expect(await total('%')).toBe(1);
    expect(await total('_')).toBe(1);
    expect(await total('nobody-matches')).toBe(0);
  });

  it('filters by status and pages with limit/offset', async () => {
    const inactive = await get(a, '/api/contacts?status=inactive');
    expect(inactive.body.data.total).toBe(1);
    expect(inactive.body.data.contacts[0].lastName).toBe('Roe');
    expect((await get(a, '/api/contacts?status=all')).body.data.total).toBe(27);

    const page = await get(a, '/api/contacts?limit=5&offset=25');
    expect(page.body.data.contacts).toHaveLength(2);
    expect(page.body.data.total).toBe(27);
  });

  it('refuses bad query parameters with clear messages', async () => {
    expect400(await get(a, '/api/contacts?limit=0'), 'limit', 'limit must be an integer between 1 and 100');
    expect400(await get(a, '/api/contacts?limit=101'), 'limit', 'limit must be an integer between 1 and 100');
    expect400(await get(a, '/api/contacts?limit=abc'), 'limit', 'limit must be an integer between 1 and 100');
    expect400(await get(a, '/api/contacts?offset=-1'), 'offset', /offset must be an integer/);
    expect400(await get(a, '/api/contacts?status=vip'), 'status', /status must be one of/);
    const res = await get(a, '/api/contacts?limit=0');
    expect(res.body.message).toBe('limit must be an integer between 1 and 100');
  });

  it('returns the detail with nested lists, hiding private notes of others', async () => {
    const res = await get(a, `/api/contacts/${janeId}`);
    expect(res.status).toBe(200);
    const { contact } = res.body.data;
    expect(contact.firstName).toBe('Jane');
    expect(contact.phoneNumbers).toEqual([expect.objectContaining({ phoneNumber: '555-0100', phoneType: 'mobile', isPrimary: true })]);
    expect(contact.notes).toHaveLength(1);
    expect(contact.notes[0]).toMatchObject({ content: 'Met at the gala', creator: { firstName: a.firstName, lastName: a.lastName } });
    expect(contact.emailAddresses).toEqual([]);
    expect(contact.documents).toEqual([]);
  });

  it('is 404 for unknown and malformed ids, and across accounts', async () => {
    expect((await get(a, `/api/contacts/${newId()}`)).status).toBe(404);
    expect((await get(a, '/api/contacts/not-an-id')).body).toEqual({ message: 'Contact not found' });
    await expectCrossAccountIsolation({
      app,
      owner: a,
      intruder: b,
      id: janeId,
      routes: [{ method: 'get', path: '/api/contacts/:id' }],
      readRow: () => knex('contacts').where({ id: janeId }).first(),
    });
  });
});

describe('contact lists', () => {
  let smartId: string;

  beforeAll(async () => {
    await insertList(knex, a.accountId, { name: 'Volunteers', createdBy: a.userId, createdAt: new Date(Date.now() - 5000) });
    smartId = await insertList(knex, a.accountId, {
      name: 'Big givers',
      type: 'smart',
      description: 'Gave over $1000',
      rules: JSON.stringify([
        { field: 'totalDonated', operator: 'greater_than', value: 1000 },
        { field: 'tags', operator: 'has_tag', value: 'vip', logic: 'and' },
      ]),
    });
    await insertList(knex, a.accountId, { name: 'Old list', isActive: false });
    await insertList(knex, b.accountId, { name: 'B list' });
  });

  it('lists with total, filters by type, activity and search', async () => {
    const all = await get(a, '/api/contact-lists');
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.lists.map((l: { name: string }) => l.name)).toEqual(['Old list', 'Big givers', 'Volunteers']);

    const smart = await get(a, '/api/contact-lists?type=smart&isActive=true');
    expect(smart.body.data.total).toBe(1);
    expect(smart.body.data.lists[0]).toMatchObject({
      id: smartId,
      type: 'smart',
      memberCount: 0,
      isActive: true,
      tags: ['vip'],
      rules: [
        { field: 'totalDonated', operator: 'greater_than', value: 1000 },
        { field: 'tags', operator: 'has_tag', value: 'vip', logic: 'and' },
      ],
    });
    expect((await get(a, '/api/contact-lists?isActive=true')).body.data.total).toBe(2);
    expect((await get(a, '/api/contact-lists?search=volunt')).body.data.lists[0].creator).toEqual({ firstName: a.firstName, lastName: a.lastName });
  });

  it('refuses bad query parameters', async () => {
    expect400(await get(a, '/api/contact-lists?type=dynamic'), 'type', 'type must be one of: all, static, smart');
    expect400(await get(a, '/api/contact-lists?isActive=yes'), 'isActive', 'Active must be true or false');
    expect400(await get(a, '/api/contact-lists?limit=1000'), 'limit', 'limit must be an integer between 1 and 100');
  });

  it('detail, 404 across accounts', async () => {
    const res = await get(a, `/api/contact-lists/${smartId}`);
    expect(res.body.data.list.name).toBe('Big givers');
    await expectCrossAccountIsolation({
      app,
      owner: a,
      intruder: b,
      id: smartId,
      routes: [{ method: 'get', path: '/api/contact-lists/:id' }],
      readRow: () => knex('contact_lists').where({ id: smartId }).first(),
    });
  });
});

describe('campaigns and events', () => {
  let campaignId: string;
  let eventId: string;

  beforeAll(async () => {
    const now = new Date();
    const committeeId = newId();
    await knex('committees').insert({
      id: committeeId,
      accountId: a.accountId,
      name: 'Rivera for Senate',
      committeeType: 'candidate',
      createdAt: now,
      updatedAt: now,
    });
    campaignId = await insertCampaign(knex, a.accountId, {
      name: 'Spring drive',
      committeeId,
      amountRaised: 1234.56,
      donationCount: 7,
      suggestedAmounts: '[100,25,50]',
      startDate: '2026-03-01',
      allowPublicDonations: true,
    });
    await insertCampaign(knex, a.accountId, { name: 'Draft idea', status: 'draft' });
    await insertCampaign(knex, b.accountId, { name: 'B campaign' });
    eventId = await insertEvent(knex, a.accountId, {
      name: 'Gala',
      campaignId,
      startDate: new Date('2026-04-02T19:00:00.000Z'),
      ticketPrice: 50,
      isVirtual: false,
    });
    await insertEvent(knex, a.accountId, { name: 'Undated', startDate: null });
    await insertEvent(knex, a.accountId, { name: 'Earlier', startDate: new Date('2026-01-10T10:00:00.000Z') });
    await insertEvent(knex, a.accountId, { name: 'Canvass day', startDate: null, startDay: '2026-03-15', endDay: '2026-03-15' });
    await insertEvent(knex, b.accountId, { name: 'B event' });
  });

  it('lists campaigns with derived fields', async () => {
    const res = await get(a, '/api/campaigns');
    expect(res.status).toBe(200);
    expect(res.body.data.campaigns).toHaveLength(2);
    const spring = res.body.data.campaigns.find((c: { id: string }) => c.id === campaignId);
    expect(spring).toMatchObject({
      name: 'Spring drive',
      status: 'active',
      isActive: true,
      amountRaised: 1234.56,
      donationCount: 7,
      fundraisingGoal: 1000,
      suggestedAmounts: [25, 50, 100],
      allowPublicDonations: true,
      startDate: '2026-03-01',
      committee: { id: expect.any(String), name: 'Rivera for Senate' },
      donationAccount: null,
    });
    expect((await get(a, '/api/campaigns?status=draft')).body.data.campaigns.map((c: { name: string }) => c.name)).toEqual(['Draft idea']);
    expect400(await get(a, '/api/campaigns?status=running'), 'status', /status must be one of/);
  });

  it('campaign detail, 404 across accounts', async () => {
    expect((await get(a, `/api/campaigns/${campaignId}`)).body.data.campaign.name).toBe('Spring drive');
    await expectCrossAccountIsolation({
      app,
      owner: a,
      intruder: b,
      id: campaignId,
      routes: [{ method: 'get', path: '/api/campaigns/:id' }],
      readRow: () => knex('campaigns').where({ id: campaignId }).first(),
    });
  });

  it('lists events soonest first, undated last, with the campaign name', async () => {
    const res = await get(a, '/api/events');
    expect(res.status).toBe(200);
    // All-day events sort among timed ones by their day.
    expect(res.body.data.events.map((e: { name: string }) => e.name)).toEqual(['Earlier', 'Canvass day', 'Gala', 'Undated']);
    expect(res.body.data.events[1]).toMatchObject({ startDate: '2026-03-15', endDate: '2026-03-15', allDay: true });
    const gala = res.body.data.events[2];
    expect(gala).toMatchObject({
      campaign: { id: campaignId, name: 'Spring drive' },
      ticketPrice: 50,
      isVirtual: false,
      isPublic: true,
      startDate: '2026-04-02T19:00:00.000Z',
    });
    expect(res.body.data.events[3].startDate).toBeNull();
    expect((await get(a, `/api/events?campaignId=${campaignId}`)).body.data.events).toHaveLength(1);
    expect400(await get(a, '/api/events?status=unknown'), 'status', /status must be one of/);
  });

  it('event detail, 404 across accounts', async () => {
    expect((await get(a, `/api/events/${eventId}`)).body.data.event.name).toBe('Gala');
    await expectCrossAccountIsolation({
      app,
      owner: a,
      intruder: b,
      id: eventId,
      routes: [{ method: 'get', path: '/api/events/:id' }],
      readRow: () => knex('events').where({ id: eventId }).first(),
    });
  });
});

describe('import history', () => {
  beforeAll(async () => {
    const first = await insertImport(knex, a.accountId, { fileName: 'first.csv', createdBy: a.userId, createdAt: new Date(Date.now() - 60_000) });
    const now = new Date();
    await knex('import_skipped_rows').insert(
      [3, 1, 2].map((rowNumber) => ({
        id: newId(),
        accountId: a.accountId,
        importId: first,
        rowNumber,
        cells: '[]',
        reason: 'Invalid email format',
        source: 'server',
        createdAt: now,
      })),
    );
    await insertImport(knex, a.accountId, { fileName: 'second.csv', status: 'failed', failureReason: 'Campaign was deleted', recordsImported: 0 });
    await insertImport(knex, b.accountId, { fileName: 'b.csv' });
  });

  it('pages newest first with counts and errors', async () => {
    const res = await get(a, '/api/data-import/history');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 2, page: 1, limit: 10 });
    const [second, first] = res.body.data.imports;
    expect(second).toMatchObject({ fileName: 'second.csv', status: 'failed', errors: ['Campaign was deleted'], errorCount: 1 });
    expect(first).toMatchObject({
      fileName: 'first.csv',
      importType: 'contacts',
      recordsImported: 2,
      recordsSkipped: 1,
      errors: ['Row 1: Invalid email format', 'Row 2: Invalid email format', 'Row 3: Invalid email format'],
      errorCount: 3,
      createdBy: { firstName: a.firstName, lastName: a.lastName },
    });

    const page2 = await get(a, '/api/data-import/history?page=2&limit=1');
    expect(page2.body.data.imports.map((i: { fileName: string }) => i.fileName)).toEqual(['first.csv']);
    expect(page2.body.data).toMatchObject({ total: 2, page: 2, limit: 1 });
  });

  it('refuses bad paging', async () => {
    expect400(await get(a, '/api/data-import/history?page=0'), 'page', /page must be an integer/);
    expect400(await get(a, '/api/data-import/history?limit=101'), 'limit', 'limit must be an integer between 1 and 100');
  });
});

describe('public plans', () => {
  it('lists the four plans without a session', async () => {
    const res = await request(app.callback()).get('/api/billing/plans');
    expect(res.status).toBe(200);
    expect(res.body.data.plans).toEqual([
      { id: 'starter', name: 'Starter', price: 100, users: 1, popular: false },
      { id: 'growth', name: 'Growth', price: 200, users: 2, popular: true },
      { id: 'team', name: 'Team', price: 300, users: 5, popular: false },
      { id: 'organization', name: 'Organization', price: 500, users: 10, popular: false },
    ]);
  });
});
