import fc from 'fast-check';
import type { Knex } from 'knex';
import { CONTACT_STATUS_VALUES, parseListRules, type ListRule, type RuleCondition } from '../src/contract';
import { engineOf } from '../src/db';
import { newId } from '../src/lib/ids';
import { createContactListsRepository } from '../src/modules/contactLists/repository';
import { rulesHold, toContactFacts } from '../src/modules/contactLists/rules';
import { createAccountWithUser } from './helpers/fixtures';
import { createTestDb, type TestDb } from './support/testDb';

// The SQL compiler against its reference: for random contacts and random rule trees, the contacts the
// database returns are exactly those the in-memory evaluator accepts. Runs on SQLite and MariaDB.
// Text comes from a small alphabet with LIKE wildcards and the escape character in it, in both cases.

let db: TestDb;
let knex: Knex;
let accountId: string;
const listIds = [newId(), newId()];

beforeAll(async () => {
  db = await createTestDb();
  knex = db.knex;
  ({ accountId } = await createAccountWithUser(knex));
  // A zone with daylight saving, so whole-day comparisons of instants are tested off UTC.
  await knex('accounts').where({ id: accountId }).update({ timezone: 'America/New_York', majorGiftThreshold: 1000 });
  const now = new Date();
  await knex('contact_lists').insert(listIds.map((id, i) => ({ id, accountId, name: `List ${i}`, type: 'static', isActive: true, memberCount: 0, createdAt: now, updatedAt: now })));
});

afterAll(async () => {
  await db.destroy();
});

const text = fc.string({ unit: fc.constantFrom('a', 'A', 'b', 'B', '%', '_', '!', 'x'), minLength: 1, maxLength: 3 });
const storedText = fc.option(fc.oneof(text, fc.constant('')), { nil: null });
const cents = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((n) => n / 100);
const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2025, 0, 1);
const day = fc.integer({ min: 0, max: 60 }).map((n) => new Date(FIRST_DAY + n * DAY_MS).toISOString().slice(0, 10));
const instant = fc.integer({ min: 0, max: 60 * 24 }).map((hours) => new Date(FIRST_DAY + hours * 3_600_000));
const TAGS = ['donor', 'vip', 'Volunteer', 'a%', 'b_'];
const STATES = ['CA', 'ca', 'NY', 'TX'];

const contactArb = fc.record({
  firstName: storedText,
  lastName: storedText,
  organization: storedText,
  city: storedText,
  primaryEmail: storedText,
  state: fc.option(fc.constantFrom(...STATES), { nil: null }),
  country: fc.constantFrom('US', 'CA'),
  status: fc.constantFrom(...CONTACT_STATUS_VALUES),
  tags: fc.subarray(TAGS),
  totalDonated: cents(3000),
  lastDonationAmount: fc.option(cents(1000), { nil: null }),
  lastDonationDate: fc.option(day, { nil: null }),
  birthDate: fc.option(day, { nil: null }),
  donationCount: fc.integer({ min: 0, max: 10 }),
  averageDonation: cents(1000),
  volunteerHours: cents(50),
  eventsAttended: fc.integer({ min: 0, max: 5 }),
  isVolunteer: fc.boolean(),
  isBoardMember: fc.boolean(),
  createdAt: instant,
  updatedAt: instant,
  lists: fc.subarray(listIds),
});
type ContactSeed = typeof contactArb extends fc.Arbitrary<infer T> ? T : never;

const TEXT_FIELDS = ['firstName', 'lastName', 'organization', 'city', 'primaryEmail'];
const NUMBER_FIELDS: [string, fc.Arbitrary<number>][] = [
  ['totalDonated', cents(3000)],
  ['lastDonationAmount', cents(1000)],
  ['donationCount', fc.integer({ min: 0, max: 10 })],
  ['averageDonation', cents(1000)],
  ['volunteerHours', cents(50)],
  ['eventsAttended', fc.integer({ min: 0, max: 5 })],
];
const logicArb = fc.constantFrom<'and' | 'or'>('and', 'or');

const conditionArb: fc.Arbitrary<Omit<RuleCondition, 'logic'>> = fc.oneof(
  fc.record({
    field: fc.constantFrom(...TEXT_FIELDS),
    operator: fc.constantFrom('equals', 'not_equals', 'contains', 'not_contains', 'starts_with', 'ends_with'),
    value: text,
  }),
  fc.record({ field: fc.constantFrom(...TEXT_FIELDS), operator: fc.constantFrom('is_null', 'is_not_null'), value: fc.constant(null) }),
  ...NUMBER_FIELDS.map(([field, value]) =>
    fc.oneof(
      fc.record({
        field: fc.constant(field),
        operator: fc.constantFrom('equals', 'not_equals', 'greater_than', 'greater_than_or_equal', 'less_than', 'less_than_or_equal'),
        value,
      }),
      fc.record({ field: fc.constant(field), operator: fc.constant('between'), value: fc.tuple(value, value).map(([x, y]) => [Math.min(x, y), Math.max(x, y)]) }),
      fc.record({ field: fc.constant(field), operator: fc.constantFrom('is_null', 'is_not_null'), value: fc.constant(null) }),
    ),
  ),
  fc.record({ field: fc.constantFrom('lastDonationDate', 'birthDate', 'createdAt', 'updatedAt'), operator: fc.constantFrom('date_before', 'date_after'), value: day }),
  fc.record({
    field: fc.constantFrom('lastDonationDate', 'birthDate', 'createdAt', 'updatedAt'),
    operator: fc.constant('date_between'),
    value: fc.tuple(day, day).map(([x, y]) => (x <= y ? [x, y] : [y, x])),
  }),
  fc.record({ field: fc.constantFrom('lastDonationDate', 'birthDate'), operator: fc.constantFrom('is_null', 'is_not_null'), value: fc.constant(null) }),
  fc.record({ field: fc.constantFrom('isVolunteer', 'isBoardMember', 'isMajorDonor'), operator: fc.constant('equals'), value: fc.boolean() }),
  fc.record({ field: fc.constant('status'), operator: fc.constantFrom('equals', 'not_equals'), value: fc.constantFrom(...CONTACT_STATUS_VALUES) }),
  fc.record({ field: fc.constant('status'), operator: fc.constantFrom('in', 'not_in'), value: fc.subarray([...CONTACT_STATUS_VALUES], { minLength: 1 }) }),
  fc.record({ field: fc.constant('state'), operator: fc.constantFrom('equals', 'not_equals'), value: fc.constantFrom(...STATES, 'WA') }),
  fc.record({ field: fc.constant('state'), operator: fc.constantFrom('in', 'not_in'), value: fc.subarray([...STATES, 'WA'], { minLength: 1 }) }),
  fc.record({ field: fc.constant('tags'), operator: fc.constantFrom('has_tag', 'not_has_tag'), value: fc.constantFrom(...TAGS, 'VIP', 'a', '%') }),
  fc.record({ field: fc.constant('listMembership'), operator: fc.constantFrom('member_of', 'not_member_of'), value: fc.constantFrom(...listIds) }),
) as fc.Arbitrary<Omit<RuleCondition, 'logic'>>;

/** A rule list whose items are conditions or groups, nested at most three levels. */
function rulesArb(depth: number): fc.Arbitrary<ListRule[]> {
  const item: fc.Arbitrary<Omit<ListRule, 'logic'>> =
    depth >= 3 ? conditionArb : fc.oneof({ weight: 3, arbitrary: conditionArb }, { weight: 1, arbitrary: rulesArb(depth + 1).map((rules) => ({ rules })) });
  return fc
    .array(fc.tuple(item, logicArb), { minLength: 1, maxLength: 4 })
    .map((items) => items.map(([rule, logic], index) => (index === 0 ? rule : { ...rule, logic }) as ListRule));
}

async function replaceContacts(seeds: ContactSeed[]): Promise<void> {
  await knex('contacts').where({ accountId }).del();
  const now = new Date();
  const rows = seeds.map(({ lists, tags, ...fields }) => ({ id: newId(), accountId, ...fields, tags: JSON.stringify(tags), lists }));
  if (rows.length > 0) await knex('contacts').insert(rows.map(({ lists: _lists, ...row }) => row));
  const members = rows.flatMap((row) => row.lists.map((listId) => ({ id: newId(), accountId, listId, contactId: row.id, source: 'manual', addedAt: now })));
  if (members.length > 0) await knex('contact_list_members').insert(members);
}

it(`SQL rules select exactly the contacts the in-memory evaluator accepts (${process.env.TEST_ENGINE ?? 'sqlite'})`, async () => {
  const repo = createContactListsRepository(knex);
  const context = await repo.ruleContext(accountId);
  expect(context.timeZone).toBe('America/New_York');
  await fc.assert(
    fc.asyncProperty(fc.array(contactArb, { maxLength: 12 }), fc.array(rulesArb(0), { minLength: 1, maxLength: 4 }), async (seeds, ruleSets) => {
      await replaceContacts(seeds);
      const rows = await knex('contacts').where({ accountId });
      const memberships = await knex('contact_list_members').where({ accountId });
      const facts = rows.map((row) =>
        toContactFacts(
          row,
          memberships.filter((m) => m.contactId === row.id).map((m) => String(m.listId)),
        ),
      );
      for (const generated of ruleSets) {
        const parsed = parseListRules(generated);
        if (!parsed.ok) throw new Error(`generator made invalid rules: ${parsed.message}`);
        const fromSql = (await repo.matchingContactIds(knex, accountId, parsed.rules, context)).sort();
        const fromMemory = facts.filter((f) => rulesHold(parsed.rules, f, context)).map((f) => f.id).sort();
        expect({ engine: engineOf(knex), rules: parsed.rules, ids: fromSql }).toEqual({ engine: engineOf(knex), rules: parsed.rules, ids: fromMemory });
      }
    }),
    { numRuns: Number(process.env.RULES_PROPERTY_RUNS ?? 120) },
  );
}, 240_000);
