import fc from 'fast-check';
import type { Knex } from 'knex';
import { donationInputSchema, pledgeInputSchema } from '@caucus/contract';
import { inTransaction } from '../../src/db/transaction';
import { HttpError } from '../../src/http/errors';
import { newId } from '../../src/lib/ids';
import { createComplianceRepository } from '../../src/modules/compliance/repository';
import { createComplianceService } from '../../src/modules/compliance/service';
import { campaignReach } from '../../src/modules/ledger/donations';
import {
  archiveCampaign,
  changeDonation,
  lockMoneyRows,
  moveDonation,
  reconcileAccount,
  recordDonation,
  recordImportedGifts,
  recordPledge,
  remedyExcess,
  removeGifts,
  unarchiveCampaign,
  type LedgerActor,
} from '../../src/modules/ledger';
import { insertCampaign, insertContact } from './fixtures';

// The ledger's reference model, kept in memory: random operations on gifts and pledges (every ledger
// operation), applied to the database and to the model alike, and the check that every figure the
// ledger keeps equals what the model says. Shared by the property tests of the ledger itself and of
// the operations built on it (a contact merge moves every gift to the survivor: mergeInModel).

let knex: Knex;
let accountId: string;
let actor: LedgerActor;
let committeeId: string;

/** The database, account, actor and committee (with ELECTIONS) the operations and checks run on; call in beforeAll. */
export function useLedgerWorld(world: { knex: Knex; accountId: string; actor: LedgerActor; committeeId: string }): void {
  ({ knex, accountId, actor, committeeId } = world);
}

export const LIMIT = 350_000;
export const ELECTIONS = [
  { code: 'P2026', date: '2026-06-09' },
  { code: 'G2026', date: '2026-11-03' },
];

/** refundPaid: refunded by a compliance remedy, whose refund is a disbursement (the receipt stays on Schedule A). */
export type Gift = {
  id: string;
  seq: number;
  contact: number;
  campaign: number;
  cents: number;
  date: string;
  status: string;
  code: string | null;
  pledge: string | null;
  batch: number | null;
  refundPaid?: boolean;
};
export type Pledge = { id: string; contact: number; campaign: number; cents: number };
export type Model = {
  run: string;
  contacts: string[];
  campaigns: { id: string; committee: boolean }[];
  gifts: Gift[];
  pledges: Pledge[];
  batches: boolean[];
  archived: Set<number>;
  seq: number;
};

const day = fc.integer({ min: 0, max: 364 }).map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));
const cents = fc.oneof(fc.integer({ min: 1, max: 400_000 }), fc.constantFrom(100, 20_001, 150_000, 350_000, 350_001));
const status = fc.constantFrom('completed', 'completed', 'completed', 'pending', 'refunded');
const contact = fc.nat({ max: 2 });
const campaign = fc.nat({ max: 2 });
const pick = fc.nat();

export const op = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('create' as const), contact, campaign, cents, date: day, status }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('editAmount' as const), pick, cents }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('editDate' as const), pick, date: day }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('editCampaign' as const), pick, campaign }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('editStatus' as const), pick, status }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('editContributor' as const), pick, contact }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('import' as const),
      contact,
      campaign,
      gifts: fc.array(fc.record({ cents, date: day, status }), { minLength: 1, maxLength: 3 }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('undo' as const), pick }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('refund' as const), pick }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('redesignate' as const), pick }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('reattribute' as const), pick, contact }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('archive' as const), campaign }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('pledge' as const), contact, campaign, cents }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('fulfil' as const), pick, cents, date: day }), weight: 2 },
);
export type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

// ---- the reference ----

export const counted = (g: Gift) => g.status === 'completed';
export const designated = (m: Model, campaignIndex: number, date: string) =>
  m.campaigns[campaignIndex].committee ? (ELECTIONS.find((e) => e.date >= date)?.code ?? null) : null;
const order = (x: Gift, y: Gift) => (x.date === y.date ? x.seq - y.seq : x.date < y.date ? -1 : 1);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Each gift's excess: per contributor and election of the committee, the running aggregate past the limit. */
export function excessOf(m: Model): Map<string, number> {
  const byKey = new Map<string, Gift[]>();
  for (const g of m.gifts) {
    if (!g.code || !m.campaigns[g.campaign].committee || !counted(g)) continue;
    const key = `${g.contact}|${g.code}`;
    byKey.set(key, [...(byKey.get(key) ?? []), g]);
  }
  const excess = new Map<string, number>();
  for (const list of byKey.values()) {
    let running = 0;
    for (const g of list.sort(order)) {
      running += g.cents;
      excess.set(g.id, Math.min(g.cents, Math.max(0, running - Math.max(LIMIT, running - g.cents))));
    }
  }
  return excess;
}

export const aggregate = (m: Model, contactIndex: number, code: string) =>
  m.gifts.filter((g) => g.contact === contactIndex && g.code === code && m.campaigns[g.campaign].committee && counted(g)).reduce((s, g) => s + g.cents, 0);

export function fulfilled(m: Model, pledgeId: string): number {
  return m.gifts.filter((g) => g.pledge === pledgeId && counted(g)).reduce((s, g) => s + g.cents, 0);
}

/** An imported completed gift pays its donor's oldest pledge to the campaign that still has money to come (pledges here share one date, so oldest is first made). */
function pledgePaidByImport(m: Model, contact: number, campaign: number, status: string): string | null {
  if (status !== 'completed') return null;
  const open = m.pledges.find((p) => p.contact === contact && p.campaign === campaign && fulfilled(m, p.id) < p.cents);
  return open ? open.id : null;
}

/**
 * Schedule A over 2026 (form F3: aggregates from the start of the 2025-2026 cycle): receipts of
 * contributors past $200. A receipt refunded by a remedy was received: it stays, its refund goes on Schedule B.
 */
function itemized(m: Model): string[] {
  const receipts = m.gifts.filter((g) => m.campaigns[g.campaign].committee && (counted(g) || (g.status === 'refunded' && g.refundPaid)));
  const totals = new Map<number, number>();
  for (const g of receipts) totals.set(g.contact, (totals.get(g.contact) ?? 0) + g.cents);
  return receipts
    .filter((g) => (totals.get(g.contact) ?? 0) > 20_000)
    .map((g) => `${g.date}|${g.cents}`)
    .sort();
}

// ---- the checks ----

const centsOf = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 100));
const dayOf = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

export async function expectMatches(m: Model): Promise<void> {
  for (const [i, id] of m.contacts.entries()) {
    const mine = m.gifts.filter((g) => g.contact === i && counted(g));
    const row = await knex('contacts').where({ id }).first('totalDonated', 'donationCount', 'lastDonationDate');
    const latest = [...mine].sort(order).pop();
    expect({ contact: i, total: centsOf(row.totalDonated), count: Number(row.donationCount), last: dayOf(row.lastDonationDate) }).toEqual({
      contact: i,
      total: mine.reduce((s, g) => s + g.cents, 0),
      count: mine.length,
      last: latest?.date ?? null,
    });
  }
  for (const [i, c] of m.campaigns.entries()) {
    const mine = m.gifts.filter((g) => g.campaign === i && counted(g));
    const row = await knex('campaigns').where({ id: c.id }).first('amountRaised', 'donationCount', 'status');
    expect({ campaign: i, raised: centsOf(row.amountRaised), count: Number(row.donationCount), archived: row.status === 'archived' }).toEqual({
      campaign: i,
      raised: mine.reduce((s, g) => s + g.cents, 0),
      count: mine.length,
      archived: m.archived.has(i),
    });
  }
  const excess = excessOf(m);
  const rows = await knex('donations')
    .whereIn('contactId', m.contacts)
    .select('id', 'donationAmount', 'excessAmount', 'remedyDeadline', 'electionCode', 'status', 'contactId');
  expect(rows.map((r) => r.id).sort()).toEqual(m.gifts.map((g) => g.id).sort());
  for (const row of rows) {
    const g = m.gifts.find((x) => x.id === row.id)!;
    const e = excess.get(g.id) ?? 0;
    expect({
      id: g.id,
      cents: centsOf(row.donationAmount),
      contact: row.contactId,
      status: row.status,
      code: row.electionCode,
      excess: centsOf(row.excessAmount) ?? 0,
      deadline: dayOf(row.remedyDeadline),
    }).toEqual({
      id: g.id,
      cents: g.cents,
      contact: m.contacts[g.contact],
      status: g.status,
      code: g.code,
      excess: e,
      deadline: e > 0 ? addDays(g.date, 60) : null,
    });
  }
  for (const p of m.pledges) {
    const row = await knex('pledges').where({ id: p.id }).first('amountFulfilled', 'status');
    const done = fulfilled(m, p.id);
    expect({ pledge: p.id, fulfilled: centsOf(row.amountFulfilled), status: row.status }).toEqual({
      pledge: p.id,
      fulfilled: done,
      status: done >= p.cents ? 'fulfilled' : 'pending',
    });
  }
  const compliance = createComplianceService(createComplianceRepository(knex));
  // Each contributor's aggregate per election of the committee, as the limits check reads it.
  for (const [i, id] of m.contacts.entries()) {
    const { elections } = await compliance.limits(accountId, id, committeeId);
    expect({ contact: i, aggregates: elections.map((e) => [e.electionCode, Math.round(e.aggregate * 100)]) }).toEqual({
      contact: i,
      aggregates: ELECTIONS.map((e) => [e.code, aggregate(m, i, e.code)]),
    });
  }
  const scheduleA = await compliance.scheduleA(accountId, committeeId, '2026-01-01', '2026-12-31');
  const mine = scheduleA.rows.filter((r) => r.contributor_last_name.startsWith(m.run));
  expect(mine.map((r) => `${r.contribution_date}|${Math.round(r.contribution_amount * 100)}`).sort()).toEqual(itemized(m));
  expect((await reconcileAccount(knex, accountId)).differences).toEqual([]);
}

// ---- running an operation on both ----

async function expectRefused(work: () => Promise<unknown>, status: number): Promise<void> {
  let caught: unknown;
  try {
    await work();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(HttpError);
  expect((caught as HttpError).status).toBe(status);
}

const giftAt = (m: Model, n: number): Gift | undefined => (m.gifts.length === 0 ? undefined : m.gifts[n % m.gifts.length]);

function valuesOf(m: Model, g: Gift) {
  return donationInputSchema.parse({
    donationAmount: g.cents / 100,
    donationDate: g.date,
    campaignId: m.campaigns[g.campaign].id,
    status: g.status,
    pledgeId: g.pledge,
  });
}

async function applyEdit(m: Model, g: Gift, next: Partial<Gift>): Promise<void> {
  const after = { ...g, ...next };
  await changeDonation(knex, { accountId: accountId, actor, donationId: g.id, values: valuesOf(m, after) });
  Object.assign(g, next, { code: designated(m, after.campaign, after.date) });
}

async function remedy(m: Model, g: Gift, action: 'refund' | 'redesignate' | 'reattribute', to?: number): Promise<void> {
  const e = excessOf(m).get(g.id) ?? 0;
  const values = action === 'reattribute' ? { action, contactId: m.contacts[to!] } : action === 'redesignate' ? { action, electionCode: null } : { action };
  const run = () => remedyExcess(knex, { accountId: accountId, actor, donationId: g.id, values: values as never });
  if (e <= 0 || !g.code) return expectRefused(run, 409);
  let code = g.code;
  let contactIndex = g.contact;
  if (action === 'redesignate') {
    const current = ELECTIONS.find((x) => x.code === g.code)!;
    const later = ELECTIONS.find((x) => x.date > current.date);
    if (!later) return expectRefused(run, 409);
    code = later.code;
  }
  if (action === 'reattribute') {
    if (to === g.contact) return expectRefused(run, 400);
    contactIndex = to!;
  }
  if (action !== 'refund' && aggregate(m, contactIndex, code) + e > LIMIT) return expectRefused(run, 409);
  const result = await run();
  const moved = {
    contact: contactIndex,
    code,
    pledge: action === 'reattribute' ? null : g.pledge,
    ...(action === 'refund' ? { status: 'refunded', refundPaid: true } : {}),
  };
  if (e >= g.cents) Object.assign(g, moved);
  else {
    g.cents -= e;
    m.gifts.push({ ...g, ...moved, id: result.remedy.remedyDonationId, seq: m.seq++, cents: e });
  }
}

export async function apply(m: Model, o: Op): Promise<void> {
  switch (o.kind) {
    case 'create': {
      const date = o.date;
      const values = donationInputSchema.parse({ donationAmount: o.cents / 100, donationDate: date, campaignId: m.campaigns[o.campaign].id, status: o.status });
      const id = await recordDonation(knex, { accountId, actor, contactId: m.contacts[o.contact], values });
      m.gifts.push({
        id,
        seq: m.seq++,
        contact: o.contact,
        campaign: o.campaign,
        cents: o.cents,
        date,
        status: o.status,
        code: designated(m, o.campaign, date),
        pledge: null,
        batch: null,
      });
      return;
    }
    case 'editAmount':
    case 'editDate':
    case 'editCampaign':
    case 'editStatus': {
      const g = giftAt(m, o.pick);
      if (!g) return;
      const next =
        o.kind === 'editAmount'
          ? { cents: o.cents }
          : o.kind === 'editDate'
            ? { date: o.date }
            : o.kind === 'editCampaign'
              ? { campaign: o.campaign }
              : { status: o.status };
      return applyEdit(m, g, next);
    }
    case 'editContributor': {
      const g = giftAt(m, o.pick);
      if (!g) return;
      await moveDonation(knex, { accountId, actor, donationId: g.id, contactId: m.contacts[o.contact] });
      if (g.contact !== o.contact) Object.assign(g, { contact: o.contact, pledge: null });
      return;
    }
    case 'import': {
      const batch = m.batches.length;
      m.batches.push(true);
      const c = m.campaigns[o.campaign];
      const now = new Date();
      const rows = o.gifts.map((x) => ({
        id: newId(),
        accountId,
        contactId: m.contacts[o.contact],
        campaignId: c.id,
        donationAmount: x.cents / 100,
        paymentMethod: 'cash',
        status: x.status,
        donationDate: x.date,
        electionCode: designated(m, o.campaign, x.date),
        isAnonymous: false,
        isRecurring: false,
        createdAt: now,
        updatedAt: now,
      }));
      await inTransaction(knex, async (trx) => {
        await lockMoneyRows(trx, accountId, [m.contacts[o.contact]], [c.id]);
        const reach = await campaignReach(trx, accountId, m.contacts[o.contact], c.id);
        await recordImportedGifts(trx, accountId, actor, {
          donations: rows,
          pledges: [],
          campaignId: c.id,
          committeeId: c.committee ? committeeId : null,
          newlyReached: { contacts: reach.contactsReached, volunteers: reach.volunteersRecruited },
        });
      });
      rows.forEach((r, i) => {
        const gift = o.gifts[i];
        m.gifts.push({
          id: r.id,
          seq: m.seq++,
          contact: o.contact,
          campaign: o.campaign,
          cents: gift.cents,
          date: gift.date,
          status: gift.status,
          code: r.electionCode,
          pledge: pledgePaidByImport(m, o.contact, o.campaign, gift.status),
          batch,
        });
      });
      return;
    }
    case 'undo': {
      const live = m.batches.map((on, i) => (on ? i : -1)).filter((i) => i >= 0);
      if (live.length === 0) return;
      const batch = live[o.pick % live.length];
      const gone = m.gifts.filter((g) => g.batch === batch);
      await inTransaction(knex, (trx) =>
        removeGifts(
          trx,
          accountId,
          actor,
          gone.map((g) => ({ kind: 'donations', id: g.id, contactId: m.contacts[g.contact], campaignId: m.campaigns[g.campaign].id })),
          'import-undo',
        ),
      );
      m.gifts = m.gifts.filter((g) => g.batch !== batch);
      m.batches[batch] = false;
      return;
    }
    case 'refund':
    case 'redesignate': {
      const g = giftAt(m, o.pick);
      return g ? remedy(m, g, o.kind) : undefined;
    }
    case 'reattribute': {
      const g = giftAt(m, o.pick);
      return g ? remedy(m, g, 'reattribute', o.contact) : undefined;
    }
    case 'archive': {
      const input = { accountId, actor, id: m.campaigns[o.campaign].id };
      if (m.archived.has(o.campaign)) {
        await unarchiveCampaign(knex, input);
        m.archived.delete(o.campaign);
      } else {
        await archiveCampaign(knex, input);
        await expectRefused(() => archiveCampaign(knex, input), 409);
        m.archived.add(o.campaign);
      }
      return;
    }
    case 'pledge': {
      const values = pledgeInputSchema.parse({
        pledgeAmount: o.cents / 100,
        pledgeDate: '2026-01-01',
        campaignId: m.campaigns[o.campaign].id,
        status: 'pending',
      });
      const id = await recordPledge(knex, { accountId, actor, contactId: m.contacts[o.contact], values });
      m.pledges.push({ id, contact: o.contact, campaign: o.campaign, cents: o.cents });
      return;
    }
    case 'fulfil': {
      if (m.pledges.length === 0) return;
      const p = m.pledges[o.pick % m.pledges.length];
      const values = donationInputSchema.parse({ donationAmount: o.cents / 100, donationDate: o.date, campaignId: m.campaigns[p.campaign].id, pledgeId: p.id });
      const run = () => recordDonation(knex, { accountId, actor, contactId: m.contacts[p.contact], values });
      if (fulfilled(m, p.id) >= p.cents) return expectRefused(run, 400);
      const id = await run();
      m.gifts.push({
        id,
        seq: m.seq++,
        contact: p.contact,
        campaign: p.campaign,
        cents: o.cents,
        date: o.date,
        status: 'completed',
        code: designated(m, p.campaign, o.date),
        pledge: p.id,
        batch: null,
      });
      return;
    }
  }
}

let runs = 0;
export async function freshModel(): Promise<Model> {
  runs += 1;
  const contacts = [];
  for (let i = 0; i < 3; i += 1)
    contacts.push(
      await insertContact(knex, accountId, {
        firstName: 'Prop',
        lastName: `Run${runs}x${i}`,
        addressLine1: '1 Elm St',
        city: 'Arlington',
        state: 'VA',
        zipCode: '22201',
      }),
    );
  const campaigns = [
    { id: await insertCampaign(knex, accountId, { committeeId }), committee: true },
    { id: await insertCampaign(knex, accountId, { committeeId }), committee: true },
    { id: await insertCampaign(knex, accountId), committee: false },
  ];
  return { run: `Run${runs}x`, contacts, campaigns, gifts: [], pledges: [], batches: [], archived: new Set(), seq: 0 };
}

/** A merge in the model: every gift and pledge of the merged contacts is the survivor's (their ids, dates and links stay). */
export function mergeInModel(m: Model, survivor: number, merged: number[]): void {
  for (const g of m.gifts) if (merged.includes(g.contact)) g.contact = survivor;
  for (const p of m.pledges) if (merged.includes(p.contact)) p.contact = survivor;
}

/** A copy of the model's gifts and pledges, to put back when an operation is undone. */
export function snapshotModel(m: Model): Pick<Model, 'gifts' | 'pledges'> {
  return { gifts: m.gifts.map((g) => ({ ...g })), pledges: m.pledges.map((p) => ({ ...p })) };
}
