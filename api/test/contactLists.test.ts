import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { newId } from '../src/lib/ids';
import { applyRulesForAccount } from '../src/modules/contactLists';
import { expectCrossAccountIsolation } from './crossAccount';
import { insertContact, twoLoggedInAccounts, type LoggedIn } from './helpers/fixtures';
import { freshApp } from './helpers/twoAccountApp';

const ctx = freshApp();
let knex: Knex, app: Koa;
let a: LoggedIn;
let b: LoggedIn;

const contacts: Record<string, string> = {};
let otherAccountContact: string;

beforeAll(async () => {
  ({ knex, app } = ctx);
  ({ a, b } = await twoLoggedInAccounts(knex, app));
  const people: [string, Record<string, unknown>][] = [
    [
      'ada',
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        state: 'CA',
        city: 'Oakland',
        tags: '["donor","vip"]',
        totalDonated: 2500,
        lastDonationAmount: 500,
        lastDonationDate: '2026-03-01',
        donationCount: 5,
        averageDonation: 500,
      },
    ],
    [
      'grace',
      {
        firstName: 'Grace',
        lastName: 'Hopper',
        state: 'NY',
        tags: '["donor"]',
        totalDonated: 300,
        lastDonationAmount: 100,
        lastDonationDate: '2025-12-24',
        donationCount: 3,
        averageDonation: 100,
      },
    ],
    ['alan', { firstName: 'Alan', lastName: 'Turing', state: 'CA', tags: '["volunteer"]', isVolunteer: true, volunteerHours: 12 }],
    ['edsger', { firstName: 'Edsger', lastName: 'Dijkstra', state: 'TX', organization: '100%_Club', tags: '[]', isBoardMember: true }],
  ];
  for (const [key, fields] of people) contacts[key] = await insertContact(knex, a.accountId, fields);
  otherAccountContact = await insertContact(knex, b.accountId, { firstName: 'Other', state: 'CA', tags: '["donor"]', totalDonated: 5000 });
});

const send = (who: LoggedIn, method: 'get' | 'post' | 'patch' | 'delete', url: string, body?: object) => {
  const req = request(app.callback())[method](url).set('Authorization', `Bearer ${who.token}`);
  return body === undefined ? req : req.send(body);
};

const donorsInCa = [
  { field: 'state', operator: 'in', value: ['CA', 'NY'] },
  { field: 'tags', operator: 'has_tag', value: 'donor', logic: 'and' },
];

describe('creating and editing lists', () => {
  it('creates a static list with trimmed unique tags and answers 201 with the list', async () => {
    const res = await send(a, 'post', '/api/contact-lists', { name: '  Phone bank  ', tags: [' field', 'field', '', 'calls'], description: '' });
    expect(res.status).toBe(201);
    expect(res.body.data.list).toMatchObject({
      name: 'Phone bank',
      type: 'static',
      tags: ['field', 'calls'],
      rules: [],
      memberCount: 0,
      isActive: true,
      description: null,
      rulesAppliedAt: null,
    });
    expect(res.body.data.list.creator).toEqual({ firstName: a.firstName, lastName: a.lastName });
  });

  it('creates a smart list and materialises its members on save', async () => {
    const res = await send(a, 'post', '/api/contact-lists', {
      name: 'Coastal donors',
      type: 'smart',
      rules: donorsInCa.map((rule, i) => ({ ...rule, id: `client-${i}` })),
    });
    expect(res.status).toBe(201);
    const { list } = res.body.data;
    expect(list.rules).toEqual(donorsInCa); // client-only ids dropped
    expect(list.memberCount).toBe(2);
    expect(list.rulesAppliedAt).toEqual(expect.any(String));
    const members = await send(a, 'get', `/api/contact-lists/${list.id}/contacts`);
    expect(members.body.data.contacts.map((c: { firstName: string }) => c.firstName).sort()).toEqual(['Ada', 'Grace']);
    expect(members.body.data.contacts[0].source).toBe('smart_rule');
  });

  it('refuses bad input with a clear 400 and stores nothing', async () => {
    const before = await knex('contact_lists').count({ n: '*' }).first();
    const cases: [object, string][] = [
      [{ name: '' }, 'List name is required'],
      [{ name: '   ' }, 'List name is required'],
      [{}, 'List name is required'],
      [{ name: 'x', type: 'smart' }, 'Smart lists must have at least one rule'],
      [{ name: 'x', type: 'smart', rules: [] }, 'Smart lists must have at least one rule'],
      [{ name: 'x', type: 'dynamic' }, 'List type must be static or smart'],
      [{ name: 'x', type: 'smart', rules: [{ field: 'password', operator: 'equals', value: 'x' }] }, "Unknown rule field 'password'"],
      [
        { name: 'x', type: 'smart', rules: [{ field: 'city', operator: 'greater_than', value: 'x' }] },
        "Unknown operator 'greater_than' for field 'city' (text)",
      ],
      [
        { name: 'x', type: 'smart', rules: [{ field: 'totalDonated', operator: 'greater_than', value: '100; drop table contacts' }] },
        "Rule value for 'totalDonated' must be a number",
      ],
      [{ name: 'x', type: 'smart', rules: [{ field: 'isVolunteer', operator: 'equals', value: 'yes' }] }, "Rule value for 'isVolunteer' must be true or false"],
      [
        { name: 'x', type: 'smart', rules: [{ field: 'status', operator: 'in', value: ['active', 'vip'] }] },
        "Rule value for 'status' must be a list of values, each one of: active, inactive, do_not_contact, bounced",
      ],
      [
        { name: 'x', type: 'smart', rules: [{ field: 'lastDonationDate', operator: 'date_between', value: ['2026-02-01', '2026-01-01'] }] },
        "Rule value for 'lastDonationDate' must be a range whose first date is not after the second",
      ],
      [
        {
          name: 'x',
          type: 'smart',
          rules: [
            { field: 'city', operator: 'equals', value: 'A' },
            { field: 'city', operator: 'equals', value: 'B', logic: 'xor' },
          ],
        },
        "Rule logic must be 'and' or 'or'",
      ],
      [
        { name: 'x', type: 'smart', rules: [{ rules: [{ rules: [{ rules: [{ rules: [{ field: 'city', operator: 'is_null', value: null }] }] }] }] }] },
        'Rule groups can be nested at most 3 levels deep',
      ],
      [{ name: 'x', type: 'smart', rules: [{ rules: [] }] }, 'A rule group needs at least one rule'],
      [
        { name: 'x', type: 'smart', rules: [{ field: 'listMembership', operator: 'member_of', value: newId() }] },
        'A rule refers to a contact list that does not exist',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await send(a, 'post', '/api/contact-lists', body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    expect(await knex('contact_lists').count({ n: '*' }).first()).toEqual(before);
  });

  it('accepts three levels of groups', async () => {
    const rules = [{ rules: [{ rules: [{ rules: [{ field: 'city', operator: 'is_not_null', value: null }] }] }] }];
    const res = await send(a, 'post', '/api/contact-lists', { name: 'Deep', type: 'smart', rules });
    expect(res.status).toBe(201);
    expect(res.body.data.list.memberCount).toBe(1);
  });

  it('patches fields, re-applies rules, and refuses to leave a smart list without rules', async () => {
    const created = (
      await send(a, 'post', '/api/contact-lists', { name: 'Volunteers', type: 'smart', rules: [{ field: 'isVolunteer', operator: 'equals', value: true }] })
    ).body.data.list;
    expect(created.memberCount).toBe(1);
    const widened = await send(a, 'patch', `/api/contact-lists/${created.id}`, {
      rules: [
        { field: 'isVolunteer', operator: 'equals', value: true },
        { field: 'isBoardMember', operator: 'equals', value: true, logic: 'or' },
      ],
      tags: ['core'],
    });
    expect(widened.status).toBe(200);
    expect(widened.body.data.list).toMatchObject({ name: 'Volunteers', tags: ['core'], memberCount: 2 });
    const emptied = await send(a, 'patch', `/api/contact-lists/${created.id}`, { rules: [] });
    expect(emptied.status).toBe(400);
    expect(emptied.body.message).toBe('Smart lists must have at least one rule');
    const self = await send(a, 'patch', `/api/contact-lists/${created.id}`, { rules: [{ field: 'listMembership', operator: 'member_of', value: created.id }] });
    expect(self.body.message).toBe('A list cannot refer to itself in its rules');
    expect((await send(a, 'patch', `/api/contact-lists/${created.id}`, { name: '' })).body.message).toBe('List name is required');
  });

  it('deletes a list and its memberships', async () => {
    const list = (await send(a, 'post', '/api/contact-lists', { name: 'Doomed', type: 'smart', rules: donorsInCa })).body.data.list;
    const res = await send(a, 'delete', `/api/contact-lists/${list.id}`);
    expect(res.body.data).toEqual({ deleted: true });
    expect((await send(a, 'get', `/api/contact-lists/${list.id}`)).status).toBe(404);
    expect(await knex('contact_list_members').where({ listId: list.id })).toEqual([]);
    expect((await send(a, 'delete', `/api/contact-lists/${list.id}`)).status).toBe(404);
  });
});

describe('deleting a list that rules name', () => {
  it('refuses with a 409 naming the smart lists that use it, and deletes it once no rule does', async () => {
    const base = (await send(a, 'post', '/api/contact-lists', { name: 'Gala guests' })).body.data.list;
    const rule = (operator: string) => ({ field: 'listMembership', operator, value: base.id.toUpperCase() });
    const first = (
      await send(a, 'post', '/api/contact-lists', {
        name: 'Guests who gave',
        type: 'smart',
        rules: [
          { field: 'totalDonated', operator: 'greater_than', value: 0 },
          { rules: [rule('member_of')], logic: 'and' },
        ],
      })
    ).body.data.list;
    const second = (await send(a, 'post', '/api/contact-lists', { name: 'Not at the gala', type: 'smart', rules: [rule('not_member_of')] })).body.data.list;
    const unrelated = (
      await send(a, 'post', '/api/contact-lists', { name: 'Texans', type: 'smart', rules: [{ field: 'state', operator: 'equals', value: 'TX' }] })
    ).body.data.list;

    const refused = await send(a, 'delete', `/api/contact-lists/${base.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This list is used in the rules of the smart lists "Guests who gave", "Not at the gala". Remove those rules before deleting it.',
    );
    expect((await send(a, 'get', `/api/contact-lists/${base.id}`)).status).toBe(200);

    await send(a, 'patch', `/api/contact-lists/${first.id}`, { rules: [{ field: 'totalDonated', operator: 'greater_than', value: 0 }] });
    const still = await send(a, 'delete', `/api/contact-lists/${base.id}`);
    expect(still.status).toBe(409);
    expect(still.body.message).toBe('This list is used in the rules of the smart list "Not at the gala". Remove those rules before deleting it.');

    await send(a, 'patch', `/api/contact-lists/${second.id}`, { type: 'static' });
    expect((await send(a, 'delete', `/api/contact-lists/${base.id}`)).body.data).toEqual({ deleted: true });
    // A list whose rules name no other list deletes at once.
    expect((await send(a, 'delete', `/api/contact-lists/${unrelated.id}`)).status).toBe(200);
  });
});

describe('list settings: the major gift threshold', () => {
  const majorDonors = [{ field: 'isMajorDonor', operator: 'equals', value: true }];

  it('reads $1,000 by default, changes through PUT, and smart lists follow it on their next apply', async () => {
    expect((await send(b, 'get', '/api/contact-lists/settings')).body.data).toEqual({ settings: { majorGiftThreshold: 1000 } });
    const list = (await send(b, 'post', '/api/contact-lists', { name: 'Major donors', type: 'smart', rules: majorDonors })).body.data.list;
    expect(list.memberCount).toBe(1); // Other gave 5,000
    const low = await insertContact(knex, b.accountId, { firstName: 'Modest', totalDonated: 300 });

    const put = await request(app.callback())
      .put('/api/contact-lists/settings')
      .set('Authorization', `Bearer ${b.token}`)
      .send({ majorGiftThreshold: 250.004 });
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual({ settings: { majorGiftThreshold: 250 } });
    expect((await send(b, 'get', '/api/contact-lists/settings')).body.data.settings.majorGiftThreshold).toBe(250);
    // Nothing moves until the list is applied again.
    expect((await send(b, 'get', `/api/contact-lists/${list.id}`)).body.data.list.memberCount).toBe(1);
    expect((await send(b, 'post', `/api/contact-lists/${list.id}/apply-rules`, {})).body.data).toEqual({ memberCount: 2, added: 1, removed: 0 });
    expect(await knex('contact_list_members').where({ listId: list.id, contactId: low }).first()).toMatchObject({ source: 'smart_rule' });
    // The other account keeps its own threshold.
    expect((await send(a, 'get', '/api/contact-lists/settings')).body.data.settings.majorGiftThreshold).toBe(1000);

    await request(app.callback()).put('/api/contact-lists/settings').set('Authorization', `Bearer ${b.token}`).send({ majorGiftThreshold: 6000 });
    expect((await send(b, 'post', `/api/contact-lists/${list.id}/apply-rules`, {})).body.data).toEqual({ memberCount: 0, added: 0, removed: 2 });
  });

  it('refuses an amount that is not positive money with a 400 and keeps the threshold', async () => {
    const before = (await send(a, 'get', '/api/contact-lists/settings')).body.data.settings.majorGiftThreshold;
    for (const body of [
      {},
      { majorGiftThreshold: 0 },
      { majorGiftThreshold: -50 },
      { majorGiftThreshold: 0.004 },
      { majorGiftThreshold: '1000' },
      { majorGiftThreshold: null },
      { majorGiftThreshold: 1e15 },
    ]) {
      const res = await request(app.callback()).put('/api/contact-lists/settings').set('Authorization', `Bearer ${a.token}`).send(body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message: 'Major gift threshold must be a positive amount' });
    }
    expect((await send(a, 'get', '/api/contact-lists/settings')).body.data.settings.majorGiftThreshold).toBe(before);
    expect((await request(app.callback()).get('/api/contact-lists/settings')).status).toBe(401);
  });
});

describe('members of a static list', () => {
  let listId: string;

  beforeAll(async () => {
    listId = (await send(a, 'post', '/api/contact-lists', { name: 'Gala table' })).body.data.list.id;
  });

  it('adds contacts, counting a repeat once', async () => {
    const first = await send(a, 'post', `/api/contact-lists/${listId}/contacts`, {
      contactIds: [contacts.ada, contacts.grace, contacts.ada],
      notes: 'Table 4',
    });
    expect(first.body.data).toEqual({ added: 2 });
    const again = await send(a, 'post', `/api/contact-lists/${listId}/contacts`, { contactIds: [contacts.ada, contacts.alan] });
    expect(again.body.data).toEqual({ added: 1 });
    expect((await send(a, 'get', `/api/contact-lists/${listId}`)).body.data.list.memberCount).toBe(3);
    const stats = await send(a, 'get', `/api/contact-lists/${listId}/stats`);
    expect(stats.body.data).toEqual({ stats: { totalMembers: 3, manualMembers: 3, smartRuleMembers: 0, importedMembers: 0 } });
  });

  it('pages and searches members, and offers only non-members as available', async () => {
    const page = await send(a, 'get', `/api/contact-lists/${listId}/contacts?limit=2&offset=0`);
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.contacts).toHaveLength(2);
    expect(page.body.data.contacts[0]).toMatchObject({ source: 'manual', addedAt: expect.any(String) });
    const searched = await send(a, 'get', `/api/contact-lists/${listId}/contacts?search=hopper`);
    expect(searched.body.data.contacts.map((c: { firstName: string }) => c.firstName)).toEqual(['Grace']);
    const available = await send(a, 'get', `/api/contact-lists/${listId}/available-contacts?limit=50`);
    expect(available.body.data.contacts.map((c: { firstName: string }) => c.firstName)).toEqual(['Edsger']);
    const literal = await send(a, 'get', `/api/contact-lists/${listId}/available-contacts?search=${encodeURIComponent('%_')}`);
    expect(literal.body.data.contacts).toHaveLength(1);
    expect((await send(a, 'get', `/api/contact-lists/${listId}/available-contacts?limit=500`)).status).toBe(400);
    expect((await send(a, 'get', `/api/contact-lists/${listId}/contacts?limit=0`)).status).toBe(400);
  });

  it('removes members and refuses empty selections and foreign contacts', async () => {
    expect((await send(a, 'post', `/api/contact-lists/${listId}/contacts`, { contactIds: [] })).body.message).toBe('Please select contacts to add');
    expect((await send(a, 'delete', `/api/contact-lists/${listId}/contacts`, { contactIds: [] })).body.message).toBe('Please select contacts to remove');
    const foreign = await send(a, 'post', `/api/contact-lists/${listId}/contacts`, { contactIds: [contacts.edsger, otherAccountContact] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Contact not found');
    expect(await knex('contact_list_members').where({ listId, contactId: contacts.edsger })).toEqual([]);
    const removed = await send(a, 'delete', `/api/contact-lists/${listId}/contacts`, { contactIds: [contacts.ada, contacts.grace], reason: 'Moved' });
    expect(removed.body.data).toEqual({ removed: 2 });
    expect((await send(a, 'get', `/api/contact-lists/${listId}`)).body.data.list.memberCount).toBe(1);
  });

  it('the why of a static member is its membership, without rules', async () => {
    const why = await send(a, 'get', `/api/contact-lists/${listId}/contacts/${contacts.alan}/why`);
    expect(why.body.data).toMatchObject({ contact: { firstName: 'Alan' }, membership: { source: 'manual' }, matchesRules: null, rules: [] });
  });
});

describe('a static list turned smart', () => {
  it('keeps the members added by hand beside those its rules add, and a refresh leaves them', async () => {
    const list = (await send(a, 'post', '/api/contact-lists', { name: 'Hosts' })).body.data.list;
    await send(a, 'post', `/api/contact-lists/${list.id}/contacts`, { contactIds: [contacts.ada, contacts.edsger] });
    const smart = await send(a, 'patch', `/api/contact-lists/${list.id}`, { type: 'smart', rules: donorsInCa });
    expect(smart.status).toBe(200);
    expect(smart.body.data.list).toMatchObject({ type: 'smart', memberCount: 3 });
    const members = (await send(a, 'get', `/api/contact-lists/${list.id}/contacts`)).body.data.contacts as { firstName: string; source: string }[];
    expect(Object.fromEntries(members.map((m) => [m.firstName, m.source]))).toEqual({ Ada: 'manual', Edsger: 'manual', Grace: 'smart_rule' });
    const refreshed = await send(a, 'post', `/api/contact-lists/${list.id}/apply-rules`, {});
    expect(refreshed.body.data).toEqual({ memberCount: 3, added: 0, removed: 0 });
    expect((await send(a, 'get', `/api/contact-lists/${list.id}/stats`)).body.data.stats).toEqual({
      totalMembers: 3,
      manualMembers: 2,
      smartRuleMembers: 1,
      importedMembers: 0,
    });
  });
});

describe('smart lists: refresh, preview and why', () => {
  let listId: string;

  beforeAll(async () => {
    const rules = [
      { field: 'lastDonationAmount', operator: 'greater_than_or_equal', value: 100 },
      {
        rules: [
          { field: 'state', operator: 'equals', value: 'ca' },
          { field: 'lastDonationDate', operator: 'date_after', value: '2025-12-01', logic: 'or' },
        ],
        logic: 'and',
      },
    ];
    listId = (await send(a, 'post', '/api/contact-lists', { name: 'Recent or Californian donors', type: 'smart', rules })).body.data.list.id;
  });

  it('refresh follows changed contacts and reports what moved; manual members are refused on smart lists', async () => {
    expect((await send(a, 'get', `/api/contact-lists/${listId}`)).body.data.list.memberCount).toBe(2);
    await knex('contacts').where({ id: contacts.grace }).update({ lastDonationAmount: 50 });
    await knex('contacts').where({ id: contacts.alan }).update({ lastDonationAmount: 250 });
    const refreshed = await send(a, 'post', `/api/contact-lists/${listId}/apply-rules`, {});
    expect(refreshed.body.data).toEqual({ memberCount: 2, added: 1, removed: 1 });
    const again = await send(a, 'post', `/api/contact-lists/${listId}/apply-rules`, {});
    expect(again.body.data).toEqual({ memberCount: 2, added: 0, removed: 0 });
    const stats = await send(a, 'get', `/api/contact-lists/${listId}/stats`);
    expect(stats.body.data.stats).toEqual({ totalMembers: 2, manualMembers: 0, smartRuleMembers: 2, importedMembers: 0 });
    expect((await send(a, 'post', `/api/contact-lists/${listId}/contacts`, { contactIds: [contacts.edsger] })).status).toBe(400);
  });

  it('applyRulesForAccount re-applies every active smart list (for imports)', async () => {
    await knex('contacts').where({ id: contacts.grace }).update({ lastDonationAmount: 100 });
    expect(await applyRulesForAccount(knex, a.accountId)).toEqual({ lists: expect.any(Number) });
    expect((await send(a, 'get', `/api/contact-lists/${listId}`)).body.data.list.memberCount).toBe(3);
    await knex('contacts').where({ id: contacts.grace }).update({ lastDonationAmount: 50 });
    await send(a, 'post', `/api/contact-lists/${listId}/apply-rules`, {});
  });

  it('a static list has no rules to apply', async () => {
    const staticId = (await send(a, 'post', '/api/contact-lists', { name: 'Plain' })).body.data.list.id;
    const res = await send(a, 'post', `/api/contact-lists/${staticId}/apply-rules`, {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Only smart lists have rules to apply');
  });

  it('previews a count and a sample without saving, binding wildcards literally', async () => {
    const preview = await send(a, 'post', '/api/contact-lists/preview', { rules: donorsInCa });
    expect(preview.body.data.count).toBe(2);
    expect(preview.body.data.sample.map((c: { firstName: string }) => c.firstName).sort()).toEqual(['Ada', 'Grace']);
    const literal = await send(a, 'post', '/api/contact-lists/preview', { rules: [{ field: 'organization', operator: 'contains', value: '%_' }] });
    expect(literal.body.data.count).toBe(1);
    const wildcard = await send(a, 'post', '/api/contact-lists/preview', { rules: [{ field: 'lastName', operator: 'contains', value: '_' }] });
    expect(wildcard.body.data.count).toBe(0);
    const injection = await send(a, 'post', '/api/contact-lists/preview', { rules: [{ field: 'firstName', operator: 'equals', value: "x' or '1'='1" }] });
    expect(injection.body.data.count).toBe(0);
    const majors = await send(a, 'post', '/api/contact-lists/preview', { rules: [{ field: 'isMajorDonor', operator: 'equals', value: true }] });
    expect(majors.body.data.count).toBe(1);
    await knex('accounts').where({ id: a.accountId }).update({ majorGiftThreshold: 250 });
    expect((await send(a, 'post', '/api/contact-lists/preview', { rules: [{ field: 'isMajorDonor', operator: 'equals', value: true }] })).body.data.count).toBe(
      2,
    );
    await knex('accounts').where({ id: a.accountId }).update({ majorGiftThreshold: 1000 });
    expect((await send(a, 'post', '/api/contact-lists/preview', { rules: [] })).body.message).toBe('Smart lists must have at least one rule');
    expect((await send(a, 'post', '/api/contact-lists/preview', { rules: [{ field: 'nope', operator: 'equals', value: 1 }] })).body.message).toBe(
      "Unknown rule field 'nope'",
    );
  });

  it('explains a membership rule by rule with the contact values', async () => {
    const why = await send(a, 'get', `/api/contact-lists/${listId}/contacts/${contacts.ada}/why`);
    expect(why.status).toBe(200);
    expect(why.body.data).toMatchObject({
      membership: { source: 'smart_rule' },
      matchesRules: true,
      rules: [
        { kind: 'rule', field: 'lastDonationAmount', label: 'Last donation amount', contactValue: 500, matched: true },
        {
          kind: 'group',
          logic: 'and',
          matched: true,
          rules: [
            { kind: 'rule', field: 'state', contactValue: 'CA', matched: true },
            { kind: 'rule', field: 'lastDonationDate', logic: 'or', contactValue: '2026-03-01', matched: true },
          ],
        },
      ],
    });
    const notMember = await send(a, 'get', `/api/contact-lists/${listId}/contacts/${contacts.edsger}/why`);
    expect(notMember.body.data).toMatchObject({ membership: null, matchesRules: false });
  });
});

describe('tenancy', () => {
  let listId: string;

  beforeAll(async () => {
    listId = (await send(a, 'post', '/api/contact-lists', { name: 'Private', type: 'static' })).body.data.list.id;
    await send(a, 'post', `/api/contact-lists/${listId}/contacts`, { contactIds: [contacts.ada] });
  });

  it("rules joined by 'or' reach only the account's own contacts: preview, save, refresh and live membership", async () => {
    const outsider = await insertContact(knex, b.accountId, { firstName: 'Outsider', lastName: 'Elsewhere', isBoardMember: true, isVolunteer: true });
    const rules = [
      { field: 'firstName', operator: 'equals', value: 'Nobody-here' },
      { field: 'isBoardMember', operator: 'equals', value: true, logic: 'or' },
    ];
    const preview = await send(a, 'post', '/api/contact-lists/preview', { rules });
    expect(preview.body.data.sample.map((c: { id: string }) => c.id)).not.toContain(outsider);
    const saved = (await send(a, 'post', '/api/contact-lists', { name: 'Board (or)', type: 'smart', rules })).body.data.list;
    await send(a, 'post', `/api/contact-lists/${saved.id}/apply-rules`, {});
    // A write in account A re-evaluates only the written contact, never B's.
    const mine = (await send(a, 'post', '/api/contacts', { firstName: 'Board', lastName: 'Member', isBoardMember: true })).body.data.contact;
    const members = await knex('contact_list_members').where({ listId: saved.id }).pluck('contactId');
    expect(members).toContain(mine.id);
    expect(members).not.toContain(outsider);
    expect((await knex('contacts').whereIn('id', members).distinct('accountId')).map((row) => row.accountId)).toEqual([a.accountId]);
    await send(a, 'delete', `/api/contact-lists/${saved.id}`);
    await send(a, 'delete', `/api/contacts/${mine.id}`);
  });

  it("another account's list is 404 on every route and is left unchanged", async () => {
    await expectCrossAccountIsolation({
      app,
      owner: a,
      intruder: b,
      id: listId,
      routes: [
        { method: 'get', path: '/api/contact-lists/:id' },
        { method: 'patch', path: '/api/contact-lists/:id', body: { name: 'Hijacked' } },
        { method: 'delete', path: '/api/contact-lists/:id' },
        { method: 'get', path: '/api/contact-lists/:id/contacts' },
        { method: 'post', path: '/api/contact-lists/:id/contacts', body: { contactIds: [otherAccountContact] } },
        { method: 'delete', path: '/api/contact-lists/:id/contacts', body: { contactIds: [contacts.ada] } },
        { method: 'get', path: '/api/contact-lists/:id/stats' },
        { method: 'get', path: '/api/contact-lists/:id/available-contacts' },
        { method: 'post', path: '/api/contact-lists/:id/apply-rules', body: {} },
        { method: 'get', path: `/api/contact-lists/:id/contacts/${contacts.ada}/why` },
      ],
      readRow: async () => ({ list: await knex('contact_lists').where({ id: listId }).first(), members: await knex('contact_list_members').where({ listId }) }),
    });
    expect((await send(b, 'get', '/api/contact-lists')).body.data.lists.map((l: { id: string }) => l.id)).not.toContain(listId);
  });

  it("another account's contact is 404 in why, and its list cannot be named in a rule", async () => {
    const why = await send(a, 'get', `/api/contact-lists/${listId}/contacts/${otherAccountContact}/why`);
    expect(why.status).toBe(404);
    expect(why.body.message).toBe('Contact not found');
    const res = await send(b, 'post', '/api/contact-lists', {
      name: 'Spy',
      type: 'smart',
      rules: [{ field: 'listMembership', operator: 'member_of', value: listId }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('A rule refers to a contact list that does not exist');
    expect((await send(a, 'get', '/api/contact-lists/not-an-id')).status).toBe(404);
  });
});

describe('contact flags that rules read', () => {
  it('isVolunteer and isBoardMember are set by the contact API, kept when left out, and refused when not booleans', async () => {
    const created = await send(a, 'post', '/api/contacts', { firstName: 'Flag', lastName: 'Bearer', isVolunteer: true, isBoardMember: true });
    expect(created.status).toBe(201);
    const contact = created.body.data.contact;
    expect(contact).toMatchObject({ isVolunteer: true, isBoardMember: true });
    const edited = await request(app.callback())
      .put(`/api/contacts/${contact.id}`)
      .set('Authorization', `Bearer ${a.token}`)
      .send({ firstName: 'Flag', lastName: 'Bearer', isBoardMember: false });
    expect(edited.status).toBe(200);
    expect(edited.body.data.contact).toMatchObject({ isVolunteer: true, isBoardMember: false });
    const bad = await send(a, 'post', '/api/contacts', { firstName: 'Bad', isVolunteer: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Volunteer must be true or false');
    const preview = await send(a, 'post', '/api/contact-lists/preview', {
      rules: [
        { field: 'isVolunteer', operator: 'equals', value: true },
        { field: 'lastName', operator: 'equals', value: 'Bearer', logic: 'and' },
      ],
    });
    expect(preview.body.data.count).toBe(1);
  });
});

describe('tag rules read contact_tags, kept in step with contacts.tags by triggers', () => {
  it('follows tags written through the contact API, case-insensitively, and forgets deleted contacts', async () => {
    const count = async (tag: string) =>
      (await send(a, 'post', '/api/contact-lists/preview', { rules: [{ field: 'tags', operator: 'has_tag', value: tag }] })).body.data.count;
    const created = (await send(a, 'post', '/api/contacts', { firstName: 'Tag', lastName: 'Follower', tags: ['Gala 2026', 'host'] })).body.data.contact;
    expect(await count('gala 2026')).toBe(1);
    expect(await count('HOST')).toBe(1);
    await request(app.callback())
      .put(`/api/contacts/${created.id}`)
      .set('Authorization', `Bearer ${a.token}`)
      .send({ firstName: 'Tag', lastName: 'Follower', tags: ['host'] });
    expect(await count('gala 2026')).toBe(0);
    expect(await count('host')).toBe(1);
    await request(app.callback()).delete(`/api/contacts/${created.id}`).set('Authorization', `Bearer ${a.token}`);
    expect(await count('host')).toBe(0);
    expect(await knex('contact_tags').where({ contactId: created.id })).toEqual([]);
  });
});
