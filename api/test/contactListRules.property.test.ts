import fc from 'fast-check';
import type { Knex } from 'knex';
import request from 'supertest';
import { createApp } from '../src/app';
import { CONTACT_STATUS_VALUES, parseListRules, type ListRule, type RuleCondition } from '@caucus/contract';
import { engineOf } from '../src/db';
import { toIsoDate } from '../src/db/values';
import { newId } from '../src/lib/ids';
import { createContactListsRepository } from '../src/modules/contactLists/repository';
import { rulesHold, toContactFacts } from '../src/modules/contactLists/rules';
import { createAccountWithUser, insertCampaign, insertList, login, signedIn, testConfig } from './helpers/fixtures';
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
  await knex('contact_lists').insert(
    listIds.map((id, i) => ({ id, accountId, name: `List ${i}`, type: 'static', isActive: true, memberCount: 0, createdAt: now, updatedAt: now })),
  );
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

const conditionArbOf = (listPool: string[]): fc.Arbitrary<Omit<RuleCondition, 'logic'>> =>
  fc.oneof(
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
        fc.record({
          field: fc.constant(field),
          operator: fc.constant('between'),
          value: fc.tuple(value, value).map(([x, y]) => [Math.min(x, y), Math.max(x, y)]),
        }),
        fc.record({ field: fc.constant(field), operator: fc.constantFrom('is_null', 'is_not_null'), value: fc.constant(null) }),
      ),
    ),
    fc.record({
      field: fc.constantFrom('lastDonationDate', 'birthDate', 'createdAt', 'updatedAt'),
      operator: fc.constantFrom('date_before', 'date_after'),
      value: day,
    }),
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
    fc.record({ field: fc.constant('listMembership'), operator: fc.constantFrom('member_of', 'not_member_of'), value: fc.constantFrom(...listPool) }),
  ) as fc.Arbitrary<Omit<RuleCondition, 'logic'>>;

/** A rule list whose items are conditions or groups, nested at most three levels; membership rules name lists of the pool. */
function rulesArb(depth: number, listPool: string[] = listIds): fc.Arbitrary<ListRule[]> {
  const conditionArb = conditionArbOf(listPool);
  const item: fc.Arbitrary<Omit<ListRule, 'logic'>> =
    depth >= 3
      ? conditionArb
      : fc.oneof({ weight: 3, arbitrary: conditionArb }, { weight: 1, arbitrary: rulesArb(depth + 1, listPool).map((rules) => ({ rules })) });
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
        const fromMemory = facts
          .filter((f) => rulesHold(parsed.rules, f, context))
          .map((f) => f.id)
          .sort();
        expect({ engine: engineOf(knex), rules: parsed.rules, ids: fromSql }).toEqual({ engine: engineOf(knex), rules: parsed.rules, ids: fromMemory });
      }
    }),
    { numRuns: Number(process.env.RULES_PROPERTY_RUNS ?? 120) },
  );
}, 240_000);

// Smart lists keep themselves current (ADR 0005, "Live membership"). Random smart lists (some asking
// for membership of another), then random sequences of writes through the API's own routes — contacts
// created, edited, retagged and deleted, gifts entered and refunded, static members added and removed,
// imports in small batches — with no Refresh anywhere: after every write, each list's stored members
// are exactly the contacts the in-memory evaluator accepts, and its stored count is their number.
describe('membership follows every write, with no Refresh', () => {
  let app: ReturnType<typeof createApp>;

  beforeAll(() => {
    // Batches of two, so an import crosses batch boundaries.
    app = createApp({ knex, config: testConfig({ importBatchSize: 2 }) });
  });

  afterAll(async () => {
    await app.jobs.queue.close();
  });

  const SMART_PLACEHOLDER = 'smart-list-0';
  const EMAILS = ['ann@example.org', 'BOB@example.org', 'cy@example.org', 'dee@example.org'];
  const email = fc.constantFrom(...EMAILS);

  const contactBody = fc.record({
    firstName: text,
    lastName: storedText,
    organization: storedText,
    city: storedText,
    primaryEmail: fc.option(email, { nil: null }),
    state: fc.option(fc.constantFrom(...STATES), { nil: null }),
    status: fc.constantFrom(...CONTACT_STATUS_VALUES),
    tags: fc.subarray(TAGS),
    isVolunteer: fc.boolean(),
    isBoardMember: fc.boolean(),
    birthDate: fc.option(day, { nil: null }),
  });
  type ContactBody = typeof contactBody extends fc.Arbitrary<infer T> ? T : never;
  const target = fc.nat({ max: 50 });

  const writeArb = fc.oneof(
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('create' as const), body: contactBody }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('update' as const), target, body: contactBody }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('tags' as const), target, tags: fc.subarray(TAGS) }) },
    {
      weight: 3,
      arbitrary: fc.record({ kind: fc.constant('gift' as const), target, amount: fc.integer({ min: 1, max: 150_000 }).map((n) => n / 100), date: day }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('refund' as const), target }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('addStatic' as const), target, list: fc.constantFrom(0, 1) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('removeStatic' as const), target, list: fc.constantFrom(0, 1) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), target }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('import' as const),
        rows: fc.array(
          fc.record({
            email,
            tag: fc.option(fc.constantFrom(...TAGS), { nil: null }),
            state: fc.option(fc.constantFrom('CA', 'NY', 'TX'), { nil: null }),
            amount: fc.option(fc.integer({ min: 1, max: 2000 }), { nil: null }),
            date: day,
          }),
          { minLength: 1, maxLength: 5 },
        ),
      }),
    },
  );
  type Write = typeof writeArb extends fc.Arbitrary<infer T> ? T : never;

  // The first smart list may ask about the static lists; the others about those and the first smart list.
  const smartListsArb = fc
    .tuple(fc.array(rulesArb(1, listIds), { minLength: 1, maxLength: 1 }), fc.array(rulesArb(1, [...listIds, SMART_PLACEHOLDER]), { maxLength: 2 }))
    .map(([first, rest]) => [...first, ...rest]);

  it(`after each write the stored members equal the evaluator's, on ${process.env.TEST_ENGINE ?? 'sqlite'}`, async () => {
    await fc.assert(
      fc.asyncProperty(smartListsArb, fc.array(writeArb, { minLength: 1, maxLength: 8 }), async (ruleSets, writes) => {
        // A fresh account per run: nothing of an earlier run is left to agree with.
        const who = await login(app as never, await createAccountWithUser(knex));
        const account = who.accountId;
        await knex('accounts').where({ id: account }).update({ timezone: 'America/New_York', majorGiftThreshold: 1000 });
        const as = signedIn(app as never, who);
        const campaignId = await insertCampaign(knex, account, { name: 'Appeal' });
        const statics = [await insertList(knex, account, { name: 'Static 0' }), await insertList(knex, account, { name: 'Static 1' })];
        const swapIds = (value: unknown, smart: string[]): unknown =>
          JSON.parse(JSON.stringify(value), (_key, v) =>
            v === listIds[0] ? statics[0] : v === listIds[1] ? statics[1] : v === SMART_PLACEHOLDER ? smart[0] : v,
          );

        const smart: string[] = [];
        for (const [index, rules] of ruleSets.entries()) {
          const res = await as.post('/api/contact-lists', { name: `Smart ${index}`, type: 'smart', rules: swapIds(rules, smart) });
          expect([res.status, res.body.message]).toEqual([201, undefined]);
          smart.push(res.body.data.list.id);
        }

        const contacts: string[] = [];
        const bodies = new Map<string, ContactBody>();
        const gifts = new Map<string, { id: string; body: Record<string, unknown> }[]>();
        const pick = (n: number) => (contacts.length > 0 ? contacts[n % contacts.length] : null);

        async function expectMembersCurrent(step: string): Promise<void> {
          const context = await createContactListsRepository(knex).ruleContext(account);
          const rows = await knex('contacts').where({ accountId: account });
          const members = await knex('contact_list_members').where({ accountId: account });
          const facts = rows.map((row) =>
            toContactFacts(
              row,
              members.filter((m) => m.contactId === row.id).map((m) => String(m.listId)),
            ),
          );
          const lists = await knex('contact_lists').where({ accountId: account });
          for (const list of lists) {
            const stored = members
              .filter((m) => m.listId === list.id)
              .map((m) => String(m.contactId))
              .sort();
            const counted = { step, list: list.name, count: Number(list.memberCount) };
            expect(counted).toEqual({ ...counted, count: stored.length });
            if (list.type !== 'smart') continue;
            const rules = parseListRules(JSON.parse(String(list.rules)));
            if (!rules.ok) throw new Error(rules.message);
            const expected = facts
              .filter((f) => rulesHold(rules.rules, f, context))
              .map((f) => f.id)
              .sort();
            expect({ step, list: list.name, rules: rules.rules, ids: stored }).toEqual({ step, list: list.name, rules: rules.rules, ids: expected });
          }
        }

        /** The body that saves a contact (one an import made) as it stands. */
        async function storedBody(id: string): Promise<ContactBody> {
          const row = await knex('contacts').where({ id }).first();
          return {
            firstName: row.firstName,
            lastName: row.lastName,
            organization: row.organization,
            city: row.city,
            primaryEmail: row.primaryEmail,
            state: row.state,
            status: row.status,
            tags: JSON.parse(row.tags ?? '[]'),
            isVolunteer: Boolean(row.isVolunteer),
            isBoardMember: Boolean(row.isBoardMember),
            birthDate: toIsoDate(row.birthDate),
          };
        }

        async function perform(write: Write): Promise<string> {
          switch (write.kind) {
            case 'create': {
              const res = await as.post('/api/contacts', write.body);
              expect([res.status, res.body.message]).toEqual([201, undefined]);
              contacts.push(res.body.data.contact.id);
              bodies.set(res.body.data.contact.id, write.body);
              return `create ${write.body.firstName}`;
            }
            case 'update':
            case 'tags': {
              const id = pick(write.target);
              if (!id) return 'skip';
              const body = write.kind === 'update' ? write.body : { ...(bodies.get(id) ?? (await storedBody(id))), tags: write.tags };
              const res = await as.put(`/api/contacts/${id}`, body);
              expect([res.status, res.body.message]).toEqual([200, undefined]);
              bodies.set(id, body);
              return `${write.kind} ${id}`;
            }
            case 'gift': {
              const id = pick(write.target);
              if (!id) return 'skip';
              const body = { donationAmount: write.amount, donationDate: write.date, campaignId };
              const res = await as.post(`/api/contacts/${id}/donations`, body);
              expect([res.status, res.body.message]).toEqual([201, undefined]);
              gifts.set(id, [...(gifts.get(id) ?? []), { id: res.body.data.donation.id, body }]);
              return `gift ${write.amount} to ${id}`;
            }
            case 'refund': {
              const id = pick(write.target);
              const gift = id ? gifts.get(id)?.pop() : undefined;
              if (!gift) return 'skip';
              const res = await as.put(`/api/contacts/donations/${gift.id}`, { ...gift.body, status: 'refunded' });
              expect([res.status, res.body.message]).toEqual([200, undefined]);
              return `refund ${gift.id}`;
            }
            case 'addStatic':
            case 'removeStatic': {
              const id = pick(write.target);
              if (!id) return 'skip';
              const url = `/api/contact-lists/${statics[write.list]}/contacts`;
              const agent = request(app.callback());
              const res =
                write.kind === 'addStatic'
                  ? await as.post(url, { contactIds: [id] })
                  : await agent
                      .delete(url)
                      .set({ Authorization: `Bearer ${who.token}` })
                      .send({ contactIds: [id] });
              expect([res.status, res.body.message]).toEqual([200, undefined]);
              return `${write.kind} ${id} ${write.list}`;
            }
            case 'delete': {
              const id = pick(write.target);
              if (!id) return 'skip';
              const res = await as.delete(`/api/contacts/${id}`);
              // Money never disappears (docs/adr/0012-the-ledger.md): a contact holding gifts is kept.
              if (res.status === 409) {
                expect(res.body.message).toMatch(/Archive it instead/);
                return `kept ${id} (holds gifts)`;
              }
              expect([res.status, res.body.message]).toEqual([200, undefined]);
              contacts.splice(contacts.indexOf(id), 1);
              bodies.delete(id);
              gifts.delete(id);
              return `delete ${id}`;
            }
            case 'import': {
              const rows = write.rows.map((row) => ({
                Email: row.email,
                First: 'Imported',
                Tags: row.tag ?? '',
                State: row.state ?? '',
                Amount: row.amount === null ? '' : String(row.amount),
                Date: row.amount === null ? '' : row.date,
              }));
              const mapping = { Email: 'email', First: 'firstName', Tags: 'tags', State: 'state', Amount: 'amount', Date: 'donationDate' };
              const res = await as.post('/api/data-import/import', {
                campaignId,
                donationAccountId: null,
                fileName: 'live.csv',
                headers: Object.keys(mapping),
                mapping,
                rows,
                importType: 'mixed',
              });
              expect([res.status, res.body.message]).toEqual([202, undefined]);
              await app.jobs.queue.idle();
              // Contacts the import made join the pool of write targets.
              const known = new Set(contacts);
              for (const row of await knex('contacts').where({ accountId: account }).select('id')) {
                if (!known.has(String(row.id))) contacts.push(String(row.id));
              }
              return `import ${rows.length} rows`;
            }
          }
        }

        await expectMembersCurrent('lists saved');
        for (const [index, write] of writes.entries()) {
          const done = await perform(write);
          await expectMembersCurrent(`write ${index}: ${done}`);
        }
      }),
      { numRuns: Number(process.env.LIVE_MEMBERSHIP_RUNS ?? (process.env.TEST_ENGINE === 'mysql' ? 12 : 30)) },
    );
  }, 600_000);
});
