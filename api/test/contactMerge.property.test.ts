import fc from 'fast-check';
import type { Knex } from 'knex';
import { newId } from '../src/lib/ids';
import { reconcileAccount } from '../src/modules/ledger/reconcile';
import { federalCommitteeBody, insertCampaign, insertContact, insertList, type LoggedIn } from './helpers/fixtures';
import { bearer, twoAccountApp, type TestApp } from './helpers/twoAccountApp';

// Merges against a reference computation: random pairs and triples of contacts with random histories
// (gifts across campaigns, committees and elections, in any status; pledges; list memberships; tags;
// notes) are merged through the API and then undone. Before the merge, after it and after the undo,
// every figure the ledger keeps (contact giving, campaign totals, donor-year roll-ups, election
// aggregates, excess flags, list sizes) equals what a plain walk over the same gifts says, with each
// gift counted for its owner at that moment (everyone for themselves, then all for the survivor); and
// the undo gives every record and row back exactly as it was.

// A fresh MariaDB database is migrated first: slow on a busy machine.
const ctx = twoAccountApp({ timeoutMs: 180_000 });
let knex: Knex, app: TestApp, a: LoggedIn;
let committeeA: string;
let committeeB: string;

const LIMIT_CENTS = 350_000;
const ELECTIONS = ['P2026', 'G2026'] as const;

beforeAll(async () => {
  ({ knex, app, a } = ctx);
  committeeA = (await as().post('/api/committees', federalCommitteeBody({ fecId: 'C00710001' }))).body.data.committee.id;
  committeeB = (await as().post('/api/committees', federalCommitteeBody({ fecId: 'C00710002', name: 'Other Committee' }))).body.data.committee.id;
  expect([committeeA, committeeB].every(Boolean)).toBe(true);
});

const as = () => bearer(app, a);

// ---- the random histories ----

/** Campaign 0 and 1 belong to committee A, 2 to committee B, 3 to none (no limits). */
const CAMPAIGNS = 4;
const LISTS = 3;
const TAGS = ['donor', 'volunteer', 'host', 'board'];

const giftArb = fc.record({
  campaign: fc.integer({ min: 0, max: CAMPAIGNS - 1 }),
  cents: fc.oneof(fc.integer({ min: 100, max: 300_000 }), fc.constantFrom(200_000, 350_000, 100_000)),
  day: fc.integer({ min: 0, max: 300 }),
  code: fc.constantFrom(...ELECTIONS),
  status: fc.constantFrom('completed', 'completed', 'completed', 'pending', 'refunded'),
});
const personArb = fc.record({
  firstName: fc.constantFrom('Bob', 'Robert', 'Rob', null),
  email: fc.constantFrom('bob@example.org', 'robert@example.org', null),
  phone: fc.constantFrom('212-555-0100', null),
  updatedDay: fc.integer({ min: 0, max: 200 }),
  gifts: fc.array(giftArb, { maxLength: 4 }),
  pledges: fc.array(fc.record({ campaign: fc.integer({ min: 0, max: CAMPAIGNS - 1 }), cents: fc.integer({ min: 1000, max: 500_000 }) }), { maxLength: 2 }),
  lists: fc.uniqueArray(fc.integer({ min: 0, max: LISTS - 1 }), { maxLength: LISTS }),
  tags: fc.uniqueArray(fc.constantFrom(...TAGS), { maxLength: 3 }),
  notes: fc.integer({ min: 0, max: 2 }),
});
const caseArb = fc.record({
  people: fc.array(personArb, { minLength: 2, maxLength: 3 }),
  survivor: fc.nat(),
  firstNameFrom: fc.option(fc.nat(), { nil: undefined }),
});
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

const dayOf = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10);

// ---- the reference ----

type GiftRow = {
  id: string;
  contactId: string;
  campaignId: string;
  cents: number;
  date: string;
  createdAt: number;
  status: string;
  electionCode: string | null;
};
/** One run's campaigns (and their committees), lists and contacts, and the list memberships as first written. */
type World = {
  campaigns: string[];
  committeeOf: Map<string, string | null>;
  lists: string[];
  contacts: string[];
  members: { listId: string; contactId: string }[];
};

const inOrder = (x: GiftRow, y: GiftRow) =>
  x.date !== y.date ? (x.date < y.date ? -1 : 1) : x.createdAt !== y.createdAt ? x.createdAt - y.createdAt : x.id < y.id ? -1 : 1;

/** Every derived figure, from the gifts and pledges alone, each gift counted for owner(its contact). */
function reference(world: World, gifts: GiftRow[], pledges: { contactId: string; campaignId: string }[], owner: (id: string) => string) {
  const live = [...new Set(world.contacts.map(owner))].sort();
  const counted = gifts.filter((g) => g.status === 'completed').map((g) => ({ ...g, contactId: owner(g.contactId) }));
  const all = gifts.map((g) => ({ ...g, contactId: owner(g.contactId) }));

  const contacts = Object.fromEntries(
    live.map((id) => {
      const mine = counted.filter((g) => g.contactId === id).sort(inOrder);
      const last = mine[mine.length - 1];
      return [id, { totalCents: mine.reduce((s, g) => s + g.cents, 0), donationCount: mine.length, lastCents: last ? last.cents : null }];
    }),
  );

  const campaigns = Object.fromEntries(
    world.campaigns.map((c) => {
      const mine = counted.filter((g) => g.campaignId === c);
      const donors = new Set(all.filter((g) => g.campaignId === c).map((g) => g.contactId));
      const pledgers = new Set(pledges.filter((p) => p.campaignId === c).map((p) => owner(p.contactId)));
      return [c, { raisedCents: mine.reduce((s, g) => s + g.cents, 0), donationCount: mine.length, contactsReached: new Set([...donors, ...pledgers]).size }];
    }),
  );

  // Per contributor, committee and election, in the order received: what passes the limit is excess.
  const excess: Record<string, number> = {};
  const aggregates: Record<string, number> = {};
  const byElection = new Map<string, GiftRow[]>();
  for (const g of counted) {
    const committee = world.committeeOf.get(g.campaignId);
    if (!committee || !g.electionCode) continue;
    const key = `${g.contactId}|${committee}|${g.electionCode}`;
    byElection.set(key, [...(byElection.get(key) ?? []), g]);
  }
  for (const g of gifts) excess[g.id] = 0;
  for (const [key, list] of byElection) {
    let running = 0;
    for (const g of list.sort(inOrder)) {
      running += g.cents;
      excess[g.id] = Math.max(0, Math.min(g.cents, running - LIMIT_CENTS));
    }
    aggregates[key] = running;
  }

  // Donor years: per owner, per scope ('' for every campaign, and each campaign) per year and all years.
  const donorYears: Record<string, unknown>[] = [];
  for (const id of live) {
    const mine = counted.filter((g) => g.contactId === id);
    const scopes = new Map<string, GiftRow[]>();
    for (const g of mine) for (const scope of ['', g.campaignId]) scopes.set(scope, [...(scopes.get(scope) ?? []), g]);
    for (const [scope, list] of scopes) {
      const years = new Map<number, GiftRow[]>();
      for (const g of list) years.set(Number(g.date.slice(0, 4)), [...(years.get(Number(g.date.slice(0, 4))) ?? []), g]);
      const row = (year: number, gs: GiftRow[]) => {
        const dates = gs.map((g) => g.date).sort();
        return {
          contactId: id,
          scope,
          year,
          amountCents: gs.reduce((s, g) => s + g.cents, 0),
          gifts: gs.length,
          firstDate: dates[0],
          lastDate: dates[dates.length - 1],
        };
      };
      const sortedYears = [...years.keys()].sort((x, y) => x - y);
      sortedYears.forEach((year, i) => {
        donorYears.push({
          ...row(year, years.get(year)!),
          prevDate: i > 0 ? row(sortedYears[i - 1], years.get(sortedYears[i - 1])!).lastDate : null,
          nextDate: i < sortedYears.length - 1 ? row(sortedYears[i + 1], years.get(sortedYears[i + 1])!).firstDate : null,
        });
      });
      donorYears.push({ ...row(0, list), prevDate: null, nextDate: null });
    }
  }

  const listSizes = Object.fromEntries(world.lists.map((l) => [l, new Set(world.members.filter((m) => m.listId === l).map((m) => owner(m.contactId))).size]));
  return { contacts, campaigns, excess, aggregates, donorYears: sortRows(donorYears), listSizes };
}

// ---- what the database and the API say ----

const cents = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 100));
const isoDay = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const sortRows = <T>(rows: T[]): T[] => [...rows].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
const plain = (v: unknown): Record<string, unknown>[] => JSON.parse(JSON.stringify(v));

async function stored(world: World) {
  const liveContacts = (await knex('contacts')
    .whereIn('id', world.contacts)
    .whereNull('mergedIntoId')
    .select('id', 'totalDonated', 'donationCount', 'lastDonationAmount')) as Record<string, unknown>[];
  const contacts = Object.fromEntries(
    liveContacts.map((c) => [
      String(c.id),
      { totalCents: cents(c.totalDonated) ?? 0, donationCount: Number(c.donationCount ?? 0), lastCents: cents(c.lastDonationAmount) },
    ]),
  );
  const campaignRows = (await knex('campaigns').whereIn('id', world.campaigns).select('id', 'amountRaised', 'donationCount', 'contactsReached')) as Record<
    string,
    unknown
  >[];
  const campaigns = Object.fromEntries(
    campaignRows.map((c) => [
      String(c.id),
      { raisedCents: cents(c.amountRaised) ?? 0, donationCount: Number(c.donationCount ?? 0), contactsReached: Number(c.contactsReached ?? 0) },
    ]),
  );
  const giftRows = (await knex('donations').whereIn('campaignId', world.campaigns).select('id', 'excessAmount', 'remedyDeadline')) as Record<string, unknown>[];
  const excess = Object.fromEntries(giftRows.map((g) => [String(g.id), cents(g.excessAmount) ?? 0]));
  const unflaggedWithDeadline = giftRows.filter((g) => (cents(g.excessAmount) ?? 0) > 0 !== Boolean(g.remedyDeadline)).map((g) => g.id);

  const aggregates: Record<string, number> = {};
  for (const id of Object.keys(contacts)) {
    for (const committee of [committeeA, committeeB]) {
      const res = await as().get(`/api/compliance/limits?contactId=${id}&committeeId=${committee}`);
      expect(res.status).toBe(200);
      for (const e of res.body.data.elections as { electionCode: string; aggregate: number }[])
        if (e.aggregate > 0) aggregates[`${id}|${committee}|${e.electionCode}`] = Math.round(e.aggregate * 100);
    }
  }
  const donorYears = sortRows(
    (
      (await knex('donor_years')
        .whereIn('contactId', world.contacts)
        .select('contactId', 'scope', 'year', 'amountCents', 'gifts', 'firstDate', 'lastDate', 'prevDate', 'nextDate')) as Record<string, unknown>[]
    ).map((r) => ({
      contactId: String(r.contactId),
      scope: String(r.scope ?? ''),
      year: Number(r.year),
      amountCents: Number(r.amountCents),
      gifts: Number(r.gifts),
      firstDate: isoDay(r.firstDate),
      lastDate: isoDay(r.lastDate),
      prevDate: r.prevDate ? isoDay(r.prevDate) : null,
      nextDate: r.nextDate ? isoDay(r.nextDate) : null,
    })),
  );
  const listSizes: Record<string, number> = {};
  for (const l of world.lists) {
    const res = await as().get(`/api/contact-lists/${l}`);
    expect(res.status).toBe(200);
    listSizes[l] = res.body.data.list.memberCount;
  }
  return { contacts, campaigns, excess, aggregates, donorYears, listSizes, unflaggedWithDeadline };
}

/** Every row of the records themselves, for the undo's "exactly". */
async function records(world: World) {
  const of = async (table: string, column = 'contactId') => sortRows(plain(await knex(table).whereIn(column, world.contacts).select('*')));
  return {
    contacts: sortRows(plain(await knex('contacts').whereIn('id', world.contacts).select('*'))),
    notes: await of('contact_notes'),
    pledges: await of('pledges'),
    members: await of('contact_list_members'),
    // A moved gift's updatedAt says when it last moved; everything else of it comes back.
    donations: sortRows(
      plain(await knex('donations').whereIn('contactId', world.contacts).select('*')).map(({ updatedAt: _u, ...rest }: Record<string, unknown>) => rest),
    ),
  };
}

async function gifts(world: World): Promise<GiftRow[]> {
  const rows = (await knex('donations')
    .whereIn('campaignId', world.campaigns)
    .select('id', 'contactId', 'campaignId', 'donationAmount', 'donationDate', 'createdAt', 'status', 'electionCode')) as Record<string, unknown>[];
  return rows.map((r) => ({
    id: String(r.id),
    contactId: String(r.contactId),
    campaignId: String(r.campaignId),
    cents: cents(r.donationAmount) ?? 0,
    date: isoDay(r.donationDate),
    createdAt: new Date(r.createdAt as string).getTime(),
    status: String(r.status),
    electionCode: r.electionCode ? String(r.electionCode) : null,
  }));
}

async function build(c: Case): Promise<World> {
  const committeeOf = new Map<string, string | null>();
  const campaigns: string[] = [];
  for (const committee of [committeeA, committeeA, committeeB, null]) {
    const id = await insertCampaign(knex, a.accountId, committee ? { committeeId: committee } : {});
    campaigns.push(id);
    committeeOf.set(id, committee);
  }
  const lists: string[] = [];
  for (let i = 0; i < LISTS; i++) lists.push(await insertList(knex, a.accountId, { name: `List ${newId().slice(-6)}` }));
  const contacts: string[] = [];
  for (const p of c.people) {
    const id = await insertContact(knex, a.accountId, {
      firstName: p.firstName,
      lastName: 'Marsh',
      primaryEmail: p.email,
      primaryPhone: p.phone,
      zipCode: '10027',
      tags: JSON.stringify(p.tags),
      updatedAt: new Date(Date.UTC(2026, 0, 1 + p.updatedDay)),
    });
    contacts.push(id);
    for (let n = 0; n < p.notes; n++) {
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
    for (const l of p.lists)
      await knex('contact_list_members').insert({
        id: newId(),
        accountId: a.accountId,
        listId: lists[l],
        contactId: id,
        source: 'manual',
        addedAt: new Date(),
      });
    for (const g of p.gifts) {
      const res = await as().post(`/api/contacts/${id}/donations`, {
        donationAmount: g.cents / 100,
        donationDate: dayOf(g.day),
        campaignId: campaigns[g.campaign],
        electionCode: g.campaign === 3 ? null : g.code,
        status: g.status,
        confirmDuplicate: true,
      });
      expect([res.status, res.body.message]).toEqual([201, undefined]);
    }
    for (const pl of p.pledges) {
      const res = await as().post(`/api/contacts/${id}/pledges`, {
        pledgeAmount: pl.cents / 100,
        pledgeDate: '2026-02-01',
        campaignId: campaigns[pl.campaign],
      });
      expect([res.status, res.body.message]).toEqual([201, undefined]);
    }
  }
  const members = (await knex('contact_list_members').whereIn('contactId', contacts).select('listId', 'contactId')) as World['members'];
  return { campaigns, committeeOf, lists, contacts, members };
}

async function expectFiguresMatch(world: World, owner: (id: string) => string) {
  const pledges = (await knex('pledges').whereIn('campaignId', world.campaigns).select('contactId', 'campaignId')) as {
    contactId: string;
    campaignId: string;
  }[];
  const expected = reference(world, await gifts(world), pledges, owner);
  const actual = await stored(world);
  expect(actual.unflaggedWithDeadline).toEqual([]);
  expect(actual.contacts).toEqual(expected.contacts);
  expect(actual.campaigns).toEqual(expected.campaigns);
  expect(actual.excess).toEqual(expected.excess);
  expect(actual.aggregates).toEqual(expected.aggregates);
  expect(actual.donorYears).toEqual(expected.donorYears);
  expect(actual.listSizes).toEqual(expected.listSizes);
  // And the ledger's own reconciliation of the whole account finds nothing out of line.
  expect((await reconcileAccount(knex, a.accountId)).differences).toEqual([]);
}

it('keeps every figure equal to the reference before a merge, after it and after its undo, and the undo restores the records exactly', async () => {
  await fc.assert(
    fc.asyncProperty(caseArb, async (c) => {
      const world = await build(c);
      const self = (id: string) => id;
      await expectFiguresMatch(world, self);
      const before = await records(world);

      const survivorId = world.contacts[c.survivor % world.contacts.length];
      const mergedIds = world.contacts.filter((id) => id !== survivorId);
      const fields = c.firstNameFrom === undefined ? {} : { firstName: world.contacts[c.firstNameFrom % world.contacts.length] };
      const res = await as().post('/api/contacts/merge', { survivorId, mergedIds, fields });
      expect([res.status, res.body.message]).toEqual([200, undefined]);
      const giftCount = c.people.reduce((n, p) => n + p.gifts.length, 0);
      expect(res.body.data.merge.giftsMoved).toBe(c.people.filter((_, i) => world.contacts[i] !== survivorId).reduce((n, p) => n + p.gifts.length, 0));

      await expectFiguresMatch(world, () => survivorId);
      const survivor = await knex('contacts').where({ id: survivorId }).first();
      if (fields.firstName) {
        expect(survivor.firstName).toBe(before.contacts.find((r) => r.id === fields.firstName)?.firstName);
      }
      expect(JSON.parse(survivor.tags).sort()).toEqual([...new Set(c.people.flatMap((p) => p.tags))].sort());
      expect(await knex('donations').where({ contactId: survivorId }).count({ n: '*' }).first()).toMatchObject({ n: giftCount });
      expect(Number((await knex('contact_notes').where({ contactId: survivorId }).count({ n: '*' }).first())?.n)).toBe(
        c.people.reduce((n, p) => n + p.notes, 0),
      );
      for (const id of mergedIds) expect((await as().get(`/api/contacts/${id}`)).body.data.contact.id).toBe(survivorId);

      const undone = await as().post(`/api/contacts/merges/${res.body.data.merge.id}/undo`);
      expect([undone.status, undone.body.message]).toEqual([200, undefined]);
      await expectFiguresMatch(world, self);
      expect(await records(world)).toEqual(before);
    }),
    { numRuns: Number(process.env.MERGE_PROPERTY_RUNS) || 15 },
  );
}, 300_000);
