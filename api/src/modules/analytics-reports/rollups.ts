import type { Knex } from 'knex';
import { insertInBatches } from '../../db/batch';
import { COUNTED_DONATION_STATUS } from '@caucus/contract';
import { engineOf } from '../../db/knex';
import { giftsByContact } from '../../db/giftsByContact';
import type { DonationRow, DonorYearRow } from '../../db/rows';
import { roundCents, toIsoDate, toInt, type DbDateTime } from '../../db/values';
import { scoped } from '../../http/tenancy';

// Roll-ups of the donations that the Data section's analytics read instead of the donations table
// (each analytics call under 300 ms on 1M donations: docs/product/performance.md). On the large seed the donations and
// their indexes are ~2 GB against MariaDB's 128 MB buffer pool, so every scan of a year of donations
// took 0.5-3 s whatever the index; these tables hold the same facts in far fewer, narrower rows.
//
// - donation_day_totals: per campaign, day, payment method and status, the cents and the count.
// - donation_amount_days: per day, campaign and amount, how many completed gifts (the median).
// - donor_years: per donor, scope (one campaign, or '' for all campaigns) and calendar year (0 for all
//   years), the completed gifts' cents, count, first and last date, the last gift before that year
//   and the first one after it (new donors, donors in a range, LYBUNT, top donors).
//
// They are written by the application in the transaction that writes the donations (no triggers: they
// would slow the import), through refreshDonationRollups. Money is kept in integer cents: the sums
// are exact on SQLite too, where DECIMAL is a float.
//
// Lock order (ADR 0002): rollup rows are written last, after the contact and campaign rows. The day
// rows carry the campaign, whose row every writer of its donations already holds; donor_years rows
// carry the contact, whose row every writer of its donations takes first. Day rows change by atomic
// increment in key order; donor_years rows of a contact are found by a plain read, deleted by primary
// key and inserted again (ADR 0002's "replacing a list").

type Db = Knex | Knex.Transaction;
/** The key columns of a day roll-up row (with the amount for donation_amount_days). */
type CounterKey = { accountId: string; donationDate: string; campaignKey: string; paymentMethod?: string; status?: string; amountCents?: number };

export const DAY_TOTALS = 'donation_day_totals';
export const AMOUNT_DAYS = 'donation_amount_days';
export const DONOR_YEARS = 'donor_years';
/** The scope of donor_years rows that count every campaign (and gifts without one). */
export const ALL_CAMPAIGNS = '';
/** The year of donor_years rows that count every year. */
export const ALL_YEARS = 0;

/**
 * What the roll-ups need of a donation: rows of the donations table (camelCase, as knex answers them
 * or as the import builds them) fit as they are.
 */
export type DonationFacts = {
  contactId?: unknown;
  campaignId?: unknown;
  donationDate: unknown;
  paymentMethod: unknown;
  status: unknown;
  donationAmount: unknown;
};

/** The columns of a donations row that refreshDonationRollups reads (select them for `removed`). */
export const DONATION_FACT_COLUMNS = [
  'donations.contactId',
  'donations.campaignId',
  'donations.donationDate',
  'donations.paymentMethod',
  'donations.status',
  'donations.donationAmount',
];

/**
 * A write's donations: `removed` as they were before it (updated or deleted), `added` as they are
 * after. `newContacts`: contacts created in the write's own transaction, whose every gift is in
 * `added` (an import batch's new donors): they have no donor_years rows yet, and theirs are made from
 * those gifts instead of read back.
 */
export type DonationChange = { removed?: DonationFacts[]; added?: DonationFacts[]; newContacts?: ReadonlySet<string> };

const str = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
/** Whole cents of an amount (a DECIMAL read as a number or text): exact for two decimals. */
export const centsOf = (value: unknown): number => roundCents(Number(value) * 100);
const dateOf = (value: unknown): string => {
  const date = toIsoDate(value as DbDateTime);
  if (!date) throw new Error(`A donation without a date cannot be rolled up (${String(value)})`);
  return date;
};

/** `INSERT ... ` adding the counters of rows whose key already exists, on either engine. */
async function addCounters(db: Db, table: string, keys: string[], counters: string[], rows: (CounterKey & { gifts: number })[]): Promise<void> {
  if (rows.length === 0) return;
  const mysql = engineOf(db) === 'mysql';
  const upsert = mysql
    ? `on duplicate key update ${counters.map((c) => `${c} = ${c} + values(${c})`).join(', ')}`
    : `on conflict (${keys.join(', ')}) do update set ${counters.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')}`;
  // Every row with the same keys (the day rows with a method and status, the amount rows with an
  // amount): one list of columns for insertInBatches.
  await insertInBatches(db, table, rows, 1000, upsert);
}

type Counter = { key: string; row: CounterKey; cents: number; gifts: number };

function addTo(map: Map<string, Counter>, key: string, row: () => CounterKey, cents: number, gifts: number): void {
  const current = map.get(key);
  if (current) {
    current.cents += cents;
    current.gifts += gifts;
  } else map.set(key, { key, row: row(), cents, gifts });
}

/** The changes as counters per day row and per amount row, summed in cents (removed ones negative). */
function dayDeltas(accountId: string, change: DonationChange): { days: Counter[]; amounts: Counter[] } {
  const days = new Map<string, Counter>();
  const amounts = new Map<string, Counter>();
  const apply = (facts: DonationFacts, sign: 1 | -1) => {
    const campaignKey = str(facts.campaignId);
    const donationDate = dateOf(facts.donationDate);
    const paymentMethod = str(facts.paymentMethod);
    const status = str(facts.status);
    const cents = centsOf(facts.donationAmount);
    addTo(
      days,
      [donationDate, campaignKey, paymentMethod, status].join('|'),
      () => ({ accountId, donationDate, campaignKey, paymentMethod, status }),
      sign * cents,
      sign,
    );
    if (status === COUNTED_DONATION_STATUS) {
      addTo(
        amounts,
        [donationDate, campaignKey, String(cents).padStart(16, '0')].join('|'),
        () => ({ accountId, donationDate, campaignKey, amountCents: cents }),
        0,
        sign,
      );
    }
  };
  for (const facts of change.removed ?? []) apply(facts, -1);
  for (const facts of change.added ?? []) apply(facts, 1);
  // Keys in one order for every writer, so two writers of the same rows queue instead of deadlocking.
  const sorted = (map: Map<string, Counter>) =>
    [...map.values()].filter((c) => c.cents !== 0 || c.gifts !== 0).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { days: sorted(days), amounts: sorted(amounts) };
}

type DonorYear = {
  accountId: string;
  scope: string;
  year: number;
  contactId: string;
  amountCents: number;
  gifts: number;
  firstDate: string;
  lastDate: string;
  prevDate: string | null;
  nextDate: string | null;
};

/** A contact's donor_years rows from its completed gifts: per scope, one per year and one for all years. */
function donorYearsOf(accountId: string, contactId: string, gifts: { campaignId: string; date: string; cents: number }[]): DonorYear[] {
  const scopes = new Map<string, typeof gifts>();
  for (const gift of gifts) {
    for (const scope of gift.campaignId ? [ALL_CAMPAIGNS, gift.campaignId] : [ALL_CAMPAIGNS]) {
      const list = scopes.get(scope) ?? [];
      list.push(gift);
      scopes.set(scope, list);
    }
  }
  const rows: DonorYear[] = [];
  for (const [scope, list] of scopes) {
    const byYear = new Map<number, DonorYear>();
    const all: DonorYear = {
      accountId,
      scope,
      year: ALL_YEARS,
      contactId,
      amountCents: 0,
      gifts: 0,
      firstDate: '',
      lastDate: '',
      prevDate: null,
      nextDate: null,
    };
    for (const gift of list) {
      const year = Number(gift.date.slice(0, 4));
      let row = byYear.get(year);
      if (!row)
        byYear.set(
          year,
          (row = { accountId, scope, year, contactId, amountCents: 0, gifts: 0, firstDate: gift.date, lastDate: gift.date, prevDate: null, nextDate: null }),
        );
      for (const r of [row, all]) {
        r.amountCents += gift.cents;
        r.gifts += 1;
        if (!r.firstDate || gift.date < r.firstDate) r.firstDate = gift.date;
        if (!r.lastDate || gift.date > r.lastDate) r.lastDate = gift.date;
      }
    }
    const years = [...byYear.values()].sort((a, b) => a.year - b.year);
    years.forEach((row, i) => {
      row.prevDate = i > 0 ? years[i - 1].lastDate : null;
      row.nextDate = i < years.length - 1 ? years[i + 1].firstDate : null;
    });
    rows.push(...years, all);
  }
  return rows;
}

const CONTACT_CHUNK = 500;

/** The completed gifts of these contacts, grouped by contact. */
async function giftsOf(db: Db, accountId: string, contactIds: string[]): Promise<Map<string, { campaignId: string; date: string; cents: number }[]>> {
  const rows: Pick<DonationRow, 'contactId' | 'campaignId' | 'donationDate' | 'donationAmount'>[] = await db
    .from(giftsByContact(db, 'donations'))
    .where('donations.accountId', accountId)
    .whereIn('donations.contactId', contactIds)
    .where('donations.status', COUNTED_DONATION_STATUS)
    .select('donations.contactId', 'donations.campaignId', 'donations.donationDate', 'donations.donationAmount');
  const byContact = new Map<string, { campaignId: string; date: string; cents: number }[]>();
  for (const row of rows) {
    const id = String(row.contactId);
    const list = byContact.get(id) ?? [];
    list.push({ campaignId: str(row.campaignId), date: dateOf(row.donationDate), cents: centsOf(row.donationAmount) });
    byContact.set(id, list);
  }
  return byContact;
}

/**
 * Rewrites the donor_years rows of these contacts from their completed gifts. The caller holds the
 * contacts' row locks (every writer of a contact's donations takes it first), so the plain reads see
 * every committed gift and no one else writes these rows meanwhile.
 */
export async function recomputeDonorYears(db: Db, accountId: string, contactIds: string[]): Promise<void> {
  const unique = [...new Set(contactIds.filter(Boolean))].sort();
  for (let i = 0; i < unique.length; i += CONTACT_CHUNK) {
    const ids = unique.slice(i, i + CONTACT_CHUNK);
    const gifts = await giftsOf(db, accountId, ids);
    const fresh = ids.flatMap((id) => donorYearsOf(accountId, id, gifts.get(id) ?? []));
    // By the contact index, named on SQLite: without statistics its planner takes the account's
    // equality on another index over 500 contacts' lookups and reads every row of the account
    // (100 ms a batch at 100,000 donors, against 1 ms).
    const table = engineOf(db) === 'sqlite' ? db.raw('?? indexed by ??', [DONOR_YEARS, 'donor_years_contact_idx']) : DONOR_YEARS;
    const old: Omit<DonorYearRow, 'accountId'>[] = await db
      .from(table)
      .where(`${DONOR_YEARS}.accountId`, accountId)
      .whereIn(`${DONOR_YEARS}.contactId`, ids)
      .select('id', 'scope', 'year', 'contactId', 'amountCents', 'gifts', 'firstDate', 'lastDate', 'prevDate', 'nextDate');
    const keyOf = (r: { scope?: unknown; year?: unknown; contactId?: unknown }) => `${str(r.contactId)}|${str(r.scope)}|${toInt(r.year)}`;
    const same = (a: Omit<DonorYearRow, 'accountId'>, b: DonorYear) =>
      toInt(a.amountCents) === b.amountCents &&
      toInt(a.gifts) === b.gifts &&
      toIsoDate(a.firstDate) === b.firstDate &&
      toIsoDate(a.lastDate) === b.lastDate &&
      toIsoDate(a.prevDate) === b.prevDate &&
      toIsoDate(a.nextDate) === b.nextDate;
    const oldByKey = new Map(old.map((r) => [keyOf(r), r]));
    const keep = new Set<string>();
    const inserts: DonorYear[] = [];
    for (const row of fresh) {
      const current = oldByKey.get(keyOf(row));
      if (current && same(current, row)) keep.add(keyOf(row));
      else inserts.push(row);
    }
    const stale = old.filter((r) => !keep.has(keyOf(r))).map((r) => r.id);
    for (let j = 0; j < stale.length; j += 1000)
      await db(DONOR_YEARS)
        .whereIn('id', stale.slice(j, j + 1000))
        .delete();
    await insertDonorYears(db, inserts);
  }
}

/**
 * Keeps the roll-ups equal to the donations after a write, in the write's transaction: call it once
 * per transaction with every donation the transaction inserted (`added`), and for each one it updated
 * or deleted, its state before (`removed`) and after (`added`). Set-based: one upsert per table for
 * up to 1,000 rows, and per 500 donors one read of their gifts and one rewrite of their rows.
 */
export async function refreshDonationRollups(db: Db, accountId: string, change: DonationChange): Promise<void> {
  const { days, amounts } = dayDeltas(accountId, change);
  await addCounters(
    db,
    DAY_TOTALS,
    ['account_id', 'donation_date', 'campaign_key', 'payment_method', 'status'],
    ['amount_cents', 'gifts'],
    days.map((d) => ({ ...d.row, amountCents: d.cents, gifts: d.gifts })),
  );
  await addCounters(
    db,
    AMOUNT_DAYS,
    ['account_id', 'donation_date', 'campaign_key', 'amount_cents'],
    ['gifts'],
    amounts.map((d) => ({ ...d.row, gifts: d.gifts })),
  );
  const fresh = change.newContacts ?? new Set<string>();
  const contacts = [...(change.removed ?? []), ...(change.added ?? [])].map((facts) => str(facts.contactId)).filter((id) => id && !fresh.has(id));
  await recomputeDonorYears(db, accountId, contacts);
  await insertNewDonorYears(db, accountId, fresh, change.added ?? []);
}

/** The donor_years rows of contacts created in the write's transaction, from their gifts (all in `added`). */
async function insertNewDonorYears(db: Db, accountId: string, contactIds: ReadonlySet<string>, added: DonationFacts[]): Promise<void> {
  if (contactIds.size === 0) return;
  const gifts = new Map<string, { campaignId: string; date: string; cents: number }[]>();
  for (const facts of added) {
    const id = str(facts.contactId);
    if (!contactIds.has(id) || facts.status !== COUNTED_DONATION_STATUS) continue;
    const list = gifts.get(id) ?? [];
    list.push({ campaignId: str(facts.campaignId), date: dateOf(facts.donationDate), cents: centsOf(facts.donationAmount) });
    gifts.set(id, list);
  }
  const ids = [...gifts.keys()].sort();
  await insertDonorYears(
    db,
    ids.flatMap((id) => donorYearsOf(accountId, id, gifts.get(id) ?? [])),
  );
}

const byAmountIndex = (a: DonorYear, b: DonorYear) => (a.scope < b.scope ? -1 : a.scope > b.scope ? 1 : a.year - b.year || a.amountCents - b.amountCents);

/**
 * Inserts donor_years rows in the order of their amount index (scope, year, amount): an import's
 * donors have every amount, and in contact order each row landed somewhere else in that index. On
 * SQLite, 400,000 rows in 1,000-row statements took 9.7-9.9 s so ordered against 11.2-13.0 s
 * (docs/benchmarks.md). Both writers of donor_years insert in this one order (ADR 0002).
 */
async function insertDonorYears(db: Db, rows: DonorYear[]): Promise<void> {
  await insertInBatches(db, DONOR_YEARS, [...rows].sort(byAmountIndex));
}

/**
 * Rebuilds every roll-up of one account (or of all accounts) from its donations: the backfill of the
 * migration, and for seeds and tests that insert donations directly.
 */
export async function rebuildDonationRollups(db: Db, accountId?: string): Promise<void> {
  const mysql = engineOf(db) === 'mysql';
  const cents = mysql ? 'round(donation_amount * 100)' : 'cast(round(donation_amount * 100) as integer)';
  const accountFilter = accountId ? 'where account_id = ?' : '';
  const andAccount = accountId ? 'and account_id = ?' : '';
  const bind = accountId ? [accountId] : [];
  for (const table of [DAY_TOTALS, AMOUNT_DAYS, DONOR_YEARS]) {
    const query = db(table);
    if (accountId) query.where('accountId', accountId);
    await query.delete();
  }
  await db.raw(
    `insert into ${DAY_TOTALS} (account_id, donation_date, campaign_key, payment_method, status, amount_cents, gifts)
     select account_id, donation_date, coalesce(campaign_id, ''), payment_method, status, sum(${cents}), count(*)
       from donations ${accountFilter}
      group by account_id, donation_date, coalesce(campaign_id, ''), payment_method, status`,
    bind,
  );
  await db.raw(
    `insert into ${AMOUNT_DAYS} (account_id, donation_date, campaign_key, amount_cents, gifts)
     select account_id, donation_date, coalesce(campaign_id, ''), ${cents}, count(*)
       from donations where status = ? ${andAccount}
      group by account_id, donation_date, coalesce(campaign_id, ''), ${cents}`,
    [COUNTED_DONATION_STATUS, ...bind],
  );
  // Donors a few thousand at a time, in contact order, through the same code as every write.
  const accounts = accountId ? [accountId] : (await db<{ id: string }>('accounts').select('id')).map((r) => r.id);
  for (const account of accounts) {
    let after = '';
    for (;;) {
      const ids = (
        await scoped<{ id: string }>(db, 'contacts', account).where('contacts.id', '>', after).orderBy('contacts.id').limit(5000).select('contacts.id')
      ).map((r) => r.id);
      if (ids.length === 0) break;
      await recomputeDonorYears(db, account, ids);
      after = ids[ids.length - 1];
    }
  }
}
