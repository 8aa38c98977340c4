import type { Knex } from 'knex';
import type { ListRule } from '@caucus/contract';
import { newId } from '../src/lib/ids';
import { GIVING_CHANGE, membersOf, syncSmartListsOf } from '../src/modules/contactLists';
import { dependencyOrder, ruleReads } from '../src/modules/contactLists/liveMembership';
import { createAccountWithUser, insertList } from './helpers/fixtures';
import { createTestDb, type TestDb } from './support/testDb';

// The shape of live membership (ADR 0005, 6): what a write reaches, in which order, and at what cost.
// Its correctness against the evaluator is the property test's (contactListRules.property.test.ts).

let db: TestDb;
let knex: Knex;
let accountId: string;

beforeAll(async () => {
  db = await createTestDb();
  knex = db.knex;
  ({ accountId } = await createAccountWithUser(knex));
});

afterAll(async () => {
  await db.destroy();
});

const rule = (field: string, operator: string, value: unknown, logic?: 'and' | 'or') => ({ field, operator, value, ...(logic ? { logic } : {}) }) as ListRule;

test('a rule tree reads its fields and the lists it asks membership of, groups included', () => {
  const reads = ruleReads([
    rule('firstName', 'equals', 'Ada'),
    { logic: 'or', rules: [rule('listMembership', 'member_of', 'L1'), rule('tags', 'has_tag', 'vip', 'and')] } as ListRule,
  ]);
  expect([...reads].sort()).toEqual(['firstName', 'list:L1', 'tags']);
});

test('a list is evaluated after the smart lists it asks about; a cycle still lists each once', () => {
  const list = (id: string, ...asks: string[]) => ({ id, rules: [], reads: new Set(asks.map(membersOf)) });
  expect(dependencyOrder([list('c', 'b'), list('b', 'a'), list('a')]).map((l) => l.id)).toEqual(['a', 'b', 'c']);
  expect(
    dependencyOrder([list('x', 'y'), list('y', 'x')])
      .map((l) => l.id)
      .sort(),
  ).toEqual(['x', 'y']);
});

describe('against the database', () => {
  const statements: string[] = [];
  const record = (query: { sql: string }) => statements.push(query.sql.toLowerCase());
  beforeEach(() => {
    statements.length = 0;
    knex.on('query', record);
  });
  afterEach(() => {
    knex.removeListener('query', record);
  });

  async function smartList(name: string, rules: ListRule[]): Promise<string> {
    return insertList(knex, accountId, { name, type: 'smart', rules: JSON.stringify(rules) });
  }

  test('a gift reaches only the lists that read giving (and those asking about them)', async () => {
    const names = await smartList('Names', [rule('firstName', 'starts_with', 'A')]);
    const majors = await smartList('Majors', [rule('isMajorDonor', 'equals', true)]);
    const ofMajors = await smartList('Majors in TX', [rule('listMembership', 'member_of', majors), rule('state', 'equals', 'TX', 'and')]);
    const id = newId();
    const now = new Date();
    await knex('contacts').insert({ id, accountId, firstName: 'Ada', state: 'TX', totalDonated: 5000, tags: '[]', createdAt: now, updatedAt: now });
    statements.length = 0;

    await syncSmartListsOf(knex, accountId, [id], GIVING_CHANGE);
    const members = await knex('contact_list_members').where({ contactId: id }).pluck('listId');
    expect(members.sort()).toEqual([majors, ofMajors].sort());
    // The names list was never evaluated: its condition ('like') appears in no statement.
    expect(statements.filter((sql) => sql.includes(' like '))).toEqual([]);

    await syncSmartListsOf(knex, accountId, [id]);
    expect((await knex('contact_list_members').where({ contactId: id }).pluck('listId')).sort()).toEqual([names, majors, ofMajors].sort());
    await knex('contact_lists').whereIn('id', [names, majors, ofMajors]).delete();
  });

  test('set-based: 2,500 written contacts cost a fixed number of statements per list, not one per contact', async () => {
    const lists = [
      await smartList('Texans', [rule('state', 'equals', 'TX')]),
      await smartList('Tagged', [rule('tags', 'has_tag', 'vip')]),
      await smartList('Givers', [rule('totalDonated', 'greater_than', 100)]),
    ];
    const now = new Date();
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      id: newId(),
      accountId,
      firstName: `Bulk ${i}`,
      state: i % 2 ? 'TX' : 'CA',
      tags: i % 3 ? '["vip"]' : '[]',
      totalDonated: i % 5 ? 500 : 0,
      createdAt: now,
      updatedAt: now,
    }));
    for (let i = 0; i < rows.length; i += 250) await knex('contacts').insert(rows.slice(i, i + 250));
    statements.length = 0;

    await syncSmartListsOf(
      knex,
      accountId,
      rows.map((row) => row.id),
    );
    // Per 1,000 contacts and list: one match, one read of members, one count update, one insert.
    const chunks = Math.ceil(rows.length / 1000);
    expect(statements.length).toBeLessThanOrEqual(2 + chunks * lists.length * 4);
    const counts = await knex('contact_lists').whereIn('id', lists).orderBy('name').select('name', 'memberCount');
    expect(counts.map((row) => [row.name, Number(row.memberCount)])).toEqual([
      ['Givers', rows.filter((row) => row.totalDonated > 100).length],
      ['Tagged', rows.filter((row) => row.tags === '["vip"]').length],
      ['Texans', rows.filter((row) => row.state === 'TX').length],
    ]);
  });
});
