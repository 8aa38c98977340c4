import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { insertInBatches } from '../src/db/batch';
import { newId } from '../src/lib/ids';
import { insertCampaign, insertContact, insertEvent, insertList, type LoggedIn } from './helpers/fixtures';
import { twoAccountApp } from './helpers/twoAccountApp';

const ctx = twoAccountApp();
let knex: Knex, app: Koa, a: LoggedIn, b: LoggedIn;

beforeAll(async () => {
  ({ knex, app, a, b } = ctx);

  await insertContact(knex, a.accountId, { firstName: 'Rivera', lastName: 'Lopez', primaryEmail: 'rl@example.org' });
  await insertContact(knex, a.accountId, { firstName: 'Ann', lastName: 'Smith', organization: 'Friends of Rivera' });
  await insertContact(knex, a.accountId, { firstName: 'Zed', lastName: 'Other' });
  await insertCampaign(knex, a.accountId, { name: 'Re-elect Rivera', status: 'active' });
  await insertCampaign(knex, a.accountId, { name: 'Clean Water', status: 'draft' });
  await insertEvent(knex, a.accountId, { name: 'Rivera Community Rally', startDate: new Date('2026-12-01T00:00:00.000Z'), location: 'Union Hall' });
  await insertEvent(knex, a.accountId, { name: 'Canvass', startDate: null, startDay: '2026-11-30', location: 'Rivera Park' });
  await insertList(knex, a.accountId, { name: 'Rivera donors', memberCount: 12 });
  for (let i = 0; i < 7; i += 1) await insertEvent(knex, a.accountId, { name: `Phone bank ${i}` });

  // The other account holds the same words: none of it may ever come back to a.
  await insertContact(knex, b.accountId, { firstName: 'Rivera', lastName: 'Theirs' });
  await insertCampaign(knex, b.accountId, { name: 'Rivera theirs' });
  await insertEvent(knex, b.accountId, { name: 'Rivera theirs' });
  await insertList(knex, b.accountId, { name: 'Rivera theirs' });
});

const search = (who: LoggedIn, query: string) =>
  request(app.callback())
    .get(`/api/search${query}`)
    .set({ Authorization: `Bearer ${who.token}` });
const names = (items: { name: string }[]) => items.map((item) => item.name);

describe('GET /api/search', () => {
  it('finds contacts, campaigns, events and lists of the account, names that start with the search first', async () => {
    const res = await search(a, '?q=rivera');
    expect(res.status).toBe(200);
    const { contacts, campaigns, events, lists } = res.body.data;
    expect(contacts).toEqual(
      expect.arrayContaining([
        { id: expect.any(String), name: 'Rivera Lopez', email: 'rl@example.org', organization: null },
        { id: expect.any(String), name: 'Ann Smith', email: null, organization: 'Friends of Rivera' },
      ]),
    );
    expect(contacts).toHaveLength(2);
    expect(res.body.data).toMatchObject({ contactsTotal: 2, moreContactsThanTotal: false });
    expect(campaigns).toEqual([{ id: expect.any(String), name: 'Re-elect Rivera', status: 'active' }]);
    expect(names(events)).toEqual(['Rivera Community Rally', 'Canvass']);
    expect(events[0]).toMatchObject({ startDate: '2026-12-01T00:00:00.000Z', allDay: false, location: 'Union Hall' });
    expect(events[1]).toMatchObject({ startDate: '2026-11-30', allDay: true });
    expect(lists).toEqual([{ id: expect.any(String), name: 'Rivera donors', type: 'static', memberCount: 12 }]);
  });

  it("never returns another account's rows", async () => {
    const body = JSON.stringify((await search(a, '?q=theirs')).body.data);
    expect(JSON.parse(body)).toEqual({ contacts: [], contactsTotal: 0, moreContactsThanTotal: false, campaigns: [], events: [], lists: [] });
    const theirs = (await search(b, '?q=rivera')).body.data;
    expect([...theirs.contacts, ...theirs.campaigns, ...theirs.events, ...theirs.lists].map((item) => item.name)).toEqual([
      'Rivera Theirs',
      'Rivera theirs',
      'Rivera theirs',
      'Rivera theirs',
    ]);
  });

  it('counts the matching contacts as the contacts list does: exact up to 1,000, past it more than 1,000', async () => {
    const contact = (i: number, lastName: string) => ({
      id: newId(),
      accountId: a.accountId,
      firstName: `${i % 2 === 0 ? 'Abe' : 'Zed'}${i}`,
      lastName,
      status: 'active',
      country: 'US',
      totalDonated: 0,
      tags: '[]',
      createdAt: new Date(Date.UTC(2026, 2, 1) + i * 1000),
      updatedAt: new Date(Date.UTC(2026, 2, 1)),
    });
    await insertInBatches(
      knex,
      'contacts',
      [...Array.from({ length: 1001 }, (_, i) => contact(i, 'Topbarmany')), ...Array.from({ length: 300 }, (_, i) => contact(i, 'Topbarsome'))],
      200,
    );
    const many = (await search(a, '?q=topbarmany')).body.data;
    expect(many.contacts).toHaveLength(5);
    expect(many).toMatchObject({ contactsTotal: 1000, moreContactsThanTotal: true });
    expect((await search(a, '?q=topbarsome')).body.data).toMatchObject({ contactsTotal: 300, moreContactsThanTotal: false });
  });

  it('answers at most five of each kind, every word matching', async () => {
    expect((await search(a, '?q=phone')).body.data.events).toHaveLength(5);
    expect(names((await search(a, '?q=rivera%20rally')).body.data.events)).toEqual(['Rivera Community Rally']);
    // LIKE characters are taken literally.
    expect((await search(a, '?q=%25')).body.data).toEqual({
      contacts: [],
      contactsTotal: 0,
      moreContactsThanTotal: false,
      campaigns: [],
      events: [],
      lists: [],
    });
  });

  it('refuses a missing, blank, too long or repeated q with a clear 400', async () => {
    for (const query of ['', '?q=', '?q=%20%20', `?q=${'x'.repeat(101)}`, '?q=a&q=b']) {
      const res = await search(a, query);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.body.message).toMatch(/^q (is required|must be)/);
    }
  });

  it('needs a session', async () => {
    expect((await request(app.callback()).get('/api/search?q=rivera')).status).toBe(401);
  });
});
