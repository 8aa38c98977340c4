import fc from 'fast-check';
import type { Knex } from 'knex';
import { newId } from '../src/lib/ids';
import { federalCommitteeBody, insertList, type LoggedIn } from './helpers/fixtures';
import { ELECTIONS, apply, expectMatches, freshModel, mergeInModel, op, snapshotModel, useLedgerWorld, type Model } from './helpers/ledgerReference';
import { bearer, twoAccountApp, type TestApp } from './helpers/twoAccountApp';

// Merges against the ledger's reference model (helpers/ledgerReference.ts, the one the ledger's own
// property test uses): three contacts get random histories from the ledger's operations (gifts to two
// committee campaigns and one without, in both elections and any status, imports and their undo,
// pledges and their payments, edits, remedies of excess) plus tags, notes and list memberships; then
// a pair or all three are merged through the API and the merge is undone through the API. Before the
// merge, after it (the model counts every gift and pledge for the survivor) and after the undo (the
// model as it was), every figure the ledger keeps equals the model: contact giving, campaign totals,
// each gift's excess flag and deadline, election aggregates, pledge fulfilment, Schedule A, and the
// roll-ups, reach and tallies by reconciliation. And the undo gives every record and row back exactly.

// A fresh MariaDB database is migrated first: slow on a busy machine.
const ctx = twoAccountApp({ timeoutMs: 180_000 });
let knex: Knex, app: TestApp, a: LoggedIn;
const lists: string[] = [];

const as = () => bearer(app, a);

beforeAll(async () => {
  ({ knex, app, a } = ctx);
  const res = await as().post('/api/committees', federalCommitteeBody({ elections: ELECTIONS }));
  expect(res.status).toBe(201);
  useLedgerWorld({ knex, accountId: a.accountId, actor: { userId: a.userId, sessionId: null }, committeeId: res.body.data.committee.id });
  for (let i = 0; i < 3; i++) lists.push(await insertList(knex, a.accountId, { name: `List ${i}` }));
});

const TAGS = ['donor', 'volunteer', 'host', 'board'];

/** What the ledger's operations do not give a contact: its own fields, tags, notes and lists. */
const extrasArb = fc.record({
  firstName: fc.constantFrom('Bob', 'Robert', null),
  phone: fc.constantFrom('212-555-0100', '(212) 555-0199', null),
  email: fc.constantFrom('bob@example.org', 'Robert@Example.org', null),
  address: fc.constantFrom(null, ['1 Elm St', '22201'], ['9 Oak Ave', '10027']),
  updatedDay: fc.integer({ min: 0, max: 200 }),
  tags: fc.uniqueArray(fc.constantFrom(...TAGS), { maxLength: 3 }),
  notes: fc.integer({ min: 0, max: 2 }),
  lists: fc.uniqueArray(fc.integer({ min: 0, max: 2 }), { maxLength: 3 }),
});
const caseArb = fc.record({
  ops: fc.array(op, { minLength: 2, maxLength: 7 }),
  extras: fc.tuple(extrasArb, extrasArb, extrasArb),
  survivor: fc.nat({ max: 2 }),
  /** 1: a pair (the survivor and the next contact), 2: all three. */
  mergedCount: fc.integer({ min: 1, max: 2 }),
  firstNameFrom: fc.option(fc.nat({ max: 2 }), { nil: undefined }),
});
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

const sortRows = <T>(rows: T[]): T[] => [...rows].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
const plain = (v: unknown): Record<string, unknown>[] => JSON.parse(JSON.stringify(v));

/** Every row of the records themselves, for the undo's "exactly". */
async function records(m: Model) {
  const of = async (table: string) => sortRows(plain(await knex(table).whereIn('contactId', m.contacts).select('*')));
  return {
    contacts: sortRows(plain(await knex('contacts').whereIn('id', m.contacts).select('*'))),
    notes: await of('contact_notes'),
    pledges: await of('pledges'),
    members: await of('contact_list_members'),
    emails: await of('contact_email_addresses'),
    phones: await of('contact_phone_numbers'),
    addresses: await of('contact_addresses'),
    // A moved gift's updatedAt says when it last moved; everything else of it comes back.
    donations: sortRows(plain(await knex('donations').whereIn('contactId', m.contacts).select('*')).map(({ updatedAt: _u, ...rest }) => rest)),
  };
}

async function addExtras(m: Model, c: Case): Promise<void> {
  for (const [i, id] of m.contacts.entries()) {
    const x = c.extras[i];
    for (let n = 0; n < x.notes; n++) {
      await knex('contact_notes').insert({
        id: newId(),
        accountId: a.accountId,
        contactId: id,
        subject: `Note ${n}`,
        content: 'Spoke at the door',
        noteType: 'general',
        isPrivate: false,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
    }
    for (const l of x.lists)
      await knex('contact_list_members').insert({
        id: newId(),
        accountId: a.accountId,
        listId: lists[l],
        contactId: id,
        source: 'manual',
        addedAt: new Date(),
      });
    // Last: a gift stamps its contact as updated, and the merge's default takes the most recent value.
    await knex('contacts')
      .where({ id })
      .update({
        firstName: x.firstName,
        primaryPhone: x.phone,
        primaryEmail: x.email,
        addressLine1: x.address?.[0] ?? null,
        zipCode: x.address?.[1] ?? null,
        tags: JSON.stringify(x.tags),
        updatedAt: new Date(Date.UTC(2026, 0, 1 + x.updatedDay)),
      });
  }
}

async function run(c: Case): Promise<void> {
  const m = await freshModel();
  for (const o of c.ops) await apply(m, o);
  await addExtras(m, c);
  await expectMatches(m);
  const before = await records(m);
  const modelBefore = snapshotModel(m);

  const survivor = c.survivor;
  const merged = [1, 2].slice(0, c.mergedCount).map((k) => (survivor + k) % 3);
  const survivorId = m.contacts[survivor];
  const mergedIds = merged.map((i) => m.contacts[i]);
  const fields =
    c.firstNameFrom === undefined ? {} : { firstName: m.contacts[c.firstNameFrom === survivor ? survivor : merged[c.firstNameFrom % merged.length]] };
  const res = await as().post('/api/contacts/merge', { survivorId, mergedIds, fields });
  expect([res.status, res.body.message]).toEqual([200, undefined]);
  expect(res.body.data.merge.giftsMoved).toBe(m.gifts.filter((g) => merged.includes(g.contact)).length);
  expect(res.body.data.merge.pledgesMoved).toBe(m.pledges.filter((p) => merged.includes(p.contact)).length);

  mergeInModel(m, survivor, merged);
  await expectMatches(m);
  // Everything else the records held is the survivor's: tags, notes, lists; the chosen field; old links.
  const row = await knex('contacts').where({ id: survivorId }).first();
  const people = [survivor, ...merged];
  expect(JSON.parse(row.tags).sort()).toEqual([...new Set(people.flatMap((i) => c.extras[i].tags))].sort());
  if (fields.firstName) expect(row.firstName).toBe(before.contacts.find((r) => r.id === fields.firstName)?.firstName);
  expect(Number((await knex('contact_notes').where({ contactId: survivorId }).count({ n: '*' }).first())?.n)).toBe(
    people.reduce((n, i) => n + c.extras[i].notes, 0),
  );
  expect((await knex('contact_list_members').where({ contactId: survivorId }).pluck('listId')).sort()).toEqual(
    [...new Set(people.flatMap((i) => c.extras[i].lists))].map((l) => lists[l]).sort(),
  );
  // Every email, phone and address of the records: in the survivor's own fields or in its lists.
  const lower = (v: string | null | undefined) => v?.toLowerCase();
  const emails = new Set(
    [row.primaryEmail, row.secondaryEmail, ...(await knex('contact_email_addresses').where({ contactId: survivorId }).pluck('emailAddress'))].map(lower),
  );
  const phones = new Set([row.primaryPhone, ...(await knex('contact_phone_numbers').where({ contactId: survivorId }).pluck('phoneNumber'))]);
  const streets = new Set([row.addressLine1, ...(await knex('contact_addresses').where({ contactId: survivorId }).pluck('streetAddress1'))]);
  for (const r of before.contacts.filter((x) => [survivorId, ...mergedIds].includes(String(x.id)))) {
    if (r.primaryEmail) expect(emails).toContain(lower(String(r.primaryEmail)));
    if (r.primaryPhone) expect(phones).toContain(r.primaryPhone);
    if (r.addressLine1) expect(streets).toContain(r.addressLine1);
  }
  for (const id of mergedIds) expect((await as().get(`/api/contacts/${id}`)).body.data.contact.id).toBe(survivorId);

  const undone = await as().post(`/api/contacts/merges/${res.body.data.merge.id}/undo`);
  expect([undone.status, undone.body.message]).toEqual([200, undefined]);
  Object.assign(m, modelBefore);
  await expectMatches(m);
  expect(await records(m)).toEqual(before);
}

const none = { firstName: null, phone: null, email: null, address: null, updatedDay: 0, tags: [], notes: 0, lists: [] };

it('keeps every figure equal to the ledger reference before a merge, after it and after its undo, and the undo restores the records exactly', async () => {
  await fc.assert(fc.asyncProperty(caseArb, run), {
    numRuns: Number(process.env.MERGE_PROPERTY_RUNS) || 8,
    examples: [
      // Two records of one donor who each gave $2,000 for the primary: one donor $500 over the limit, flagged.
      [
        {
          ops: [
            { kind: 'create', contact: 0, campaign: 0, cents: 200_000, date: '2026-03-01', status: 'completed' },
            { kind: 'create', contact: 1, campaign: 1, cents: 200_000, date: '2026-03-02', status: 'completed' },
          ],
          extras: [none, none, none],
          survivor: 0,
          mergedCount: 1,
          firstNameFrom: undefined,
        },
      ],
      // Pledges paid by gifts on both records, an import undone, and all three merged.
      [
        {
          ops: [
            { kind: 'pledge', contact: 1, campaign: 2, cents: 10_000 },
            { kind: 'fulfil', pick: 0, cents: 5_000, date: '2026-04-01' },
            { kind: 'import', contact: 2, campaign: 0, gifts: [{ cents: 300_000, date: '2026-02-01', status: 'completed' }] },
            { kind: 'import', contact: 0, campaign: 0, gifts: [{ cents: 100_000, date: '2026-01-01', status: 'completed' }] },
            { kind: 'undo', pick: 1 },
          ],
          extras: [{ ...none, tags: ['donor'], lists: [0] }, { ...none, lists: [0, 1], notes: 1 }, none],
          survivor: 2,
          mergedCount: 2,
          firstNameFrom: 1,
        },
      ],
    ] as never,
  });
}, 300_000);
