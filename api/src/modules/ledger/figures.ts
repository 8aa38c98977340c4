import type { Knex } from 'knex';
import { COUNTED_DONATION_STATUS } from '@caucus/contract';
import { engineOf } from '../../db/knex';
import { giftsByContact } from '../../db/giftsByContact';
import type { ContactRow, DbBigInt, DbTime, PledgeRow } from '../../db/rows';
import { assertGiftTotalFits, toInt, toIsoDate, toMoney, type DbDateTime } from '../../db/values';
import { scoped } from '../../http/tenancy';
import { refreshDonationRollups, type DonationChange } from '../analytics-reports/rollups';
import { recomputeCampaignTotals, type CampaignTotals } from '../campaigns/repository';
import { recomputeExcessFor, type ExcessKey } from '../compliance/designation';
import { GIVING_CHANGE, syncSmartListsOf } from '../contactLists';

// The derived figures of money, kept by the ledger inside each operation's transaction
// (docs/adr/0012-the-ledger.md): the contact's giving columns, the campaign totals, the pledge's
// amount fulfilled, the analytics roll-ups and the excess flags of every election touched.

type Db = Knex | Knex.Transaction;
/** A sum of cents (centsSum) as the drivers give it: a number, or text on MariaDB; null over no rows. */
type CentsSum = DbBigInt | null;

/**
 * Takes a money write's row locks in the one order of ADR 0002: the contacts in id order, then the
 * campaigns in id order, then the account-wide figures (lockAccountFigures). Every derived row a money
 * write touches (campaign reach and tallies, roll-ups, donor years, smart-list members, the account's
 * tallies) is written only after all three, so two money writes of one account never take those rows
 * in different orders (a gift's roll-ups against an import batch's account tallies deadlocked: docs/adr/
 * 0013-capacity-and-scale-out.md). A write that locks its campaign later (recordDonation: the contact
 * first, then its checks, then the campaign) passes `accountFigures: false` to the first call.
 * SQLite runs one writer at a time already.
 */
export async function lockMoneyRows(
  trx: Knex.Transaction,
  accountId: string,
  contactIds: (string | null | undefined)[],
  campaignIds: (string | null | undefined)[] = [],
  { accountFigures = true }: { accountFigures?: boolean } = {},
): Promise<void> {
  if (engineOf(trx) !== 'mysql') return;
  const contacts = uniqueIds(contactIds).sort();
  for (let i = 0; i < contacts.length; i += 500) {
    await scoped(trx, 'contacts', accountId)
      .whereIn('contacts.id', contacts.slice(i, i + 500))
      .orderBy('contacts.id')
      .forUpdate()
      .select('contacts.id');
  }
  const campaigns = uniqueIds(campaignIds).sort();
  if (campaigns.length > 0)
    await scoped(trx, 'campaigns', accountId).whereIn('campaigns.id', campaigns).orderBy('campaigns.id').forUpdate().select('campaigns.id');
  if (accountFigures) await lockAccountFigures(trx, accountId);
}

/**
 * The account-wide figures, locked last of a money write's locks and before any of its writes: the
 * account's tally rows (account_contact_tallies, one per contact status), in status order. Every
 * money write of the account ends by moving them (a contact's total changes them through their
 * trigger), so holding them first serialises the account's money writes at one point, after the
 * per-row locks, instead of each write reaching the shared rows (roll-up days, donor years, campaign
 * tallies, the account tallies) in the order its own code happens to write them. Returns the account's
 * total donated in whole cents, as read under the lock.
 */
export async function lockAccountFigures(trx: Knex.Transaction, accountId: string): Promise<number> {
  return accountDonatedCents(trx, accountId);
}

/**
 * Adds one money write's share to its campaign's totals with atomic increments, so a gift never
 * recomputes (or waits on) every other gift of its campaign; amounts are added as DECIMAL (never
 * floating point) and must keep the total in range. The row is named by its primary key on MariaDB;
 * the caller holds the campaign's row lock and, after it, the account's figures. By the primary key: for
 * `account_id = ? and id = ?` the planner sometimes read the account's campaigns index, and an UPDATE
 * locks every row it reads, so a gift holding the account's figures waited for the campaign an
 * import batch held while that batch waited for the figures: a deadlock the batch, with fewer locks,
 * lost every time (the cluster test, 2026-11-27; docs/adr/0013-capacity-and-scale-out.md).
 */
export async function addToCampaignTotals(db: Db, accountId: string, campaignId: string, delta: CampaignTotals): Promise<void> {
  const campaigns = () => (engineOf(db) === 'mysql' ? db(db.raw('?? force index (primary)', ['campaigns'])) : db('campaigns'));
  if (delta.amountRaised > 0) {
    const row = (await campaigns().where('campaigns.accountId', accountId).where('campaigns.id', campaignId).first('campaigns.amountRaised')) as
      { amountRaised: unknown } | undefined;
    assertGiftTotalFits(toMoney(row?.amountRaised) + delta.amountRaised, "the campaign's amount raised");
  }
  const add = (column: string, amount: number, cast = false) =>
    db.raw(cast ? '?? + CAST(? AS DECIMAL(14,2))' : '?? + ?', [column, cast ? amount.toFixed(2) : amount]);
  await campaigns()
    .where('campaigns.accountId', accountId)
    .where('campaigns.id', campaignId)
    .update({
      amountRaised: add('amount_raised', delta.amountRaised, true),
      donationCount: add('donation_count', delta.donationCount),
      contactsReached: add('contacts_reached', delta.contactsReached),
      volunteersRecruited: add('volunteers_recruited', delta.volunteersRecruited),
      updatedAt: new Date(),
    });
}

export const uniqueIds = (ids: (string | null | undefined)[]): string[] => [...new Set(ids.filter((id): id is string => Boolean(id)))];

/**
 * SUM of the amounts in whole cents. MariaDB adds DECIMALs exactly; SQLite keeps the column as a
 * binary float, so each amount is rounded to an integer number of cents before the sum.
 */
export function centsSum(db: Db, alias: string) {
  return engineOf(db) === 'mysql'
    ? db.raw('sum(round(?? * 100)) as ??', ['donations.donationAmount', alias])
    : db.raw('sum(cast(round(?? * 100) as integer)) as ??', ['donations.donationAmount', alias]);
}

/** `CASE id WHEN ? THEN ? ... END`: one UPDATE writes a different value into each contact. */
function caseById(db: Db, ids: string[], valueOf: (id: string) => Knex.Value): Knex.Raw {
  return db.raw(`case ?? ${ids.map(() => 'when ? then ?').join(' ')} end`, ['contacts.id', ...ids.flatMap((id) => [id, valueOf(id)])]);
}

/**
 * What the account's contacts have given in all, in whole cents: the account-wide tally the dashboard
 * reads (account_contact_tallies, kept by triggers from contacts.total_donated, one DECIMAL(14,2) per
 * contact status). Read with its rows locked on MariaDB: every write that moves a contact's total
 * reaches them through the trigger anyway, right after this read, so the lock order (contact, then
 * campaign, then tally; ADR 0002) is unchanged and two gifts to different contacts cannot both pass
 * the check on a stale sum. `lock: false` reads it as it stands, for a check made again under the lock.
 */
export async function accountDonatedCents(db: Db, accountId: string, { lock = true }: { lock?: boolean } = {}): Promise<number> {
  const query = db('account_contact_tallies').where('accountId', accountId).orderBy('contactStatus').select('totalDonated');
  if (lock && engineOf(db) === 'mysql') query.forUpdate();
  const rows = (await query) as { totalDonated: unknown }[];
  return rows.reduce((sum, row) => sum + Math.round(Number(row.totalDonated ?? 0) * 100), 0);
}

const STATS_CHUNK = 500;

/** A contact's giving figures, as the rows say they are. */
export type ContactFigures = {
  totalDonated: number;
  donationCount: number;
  averageDonation: number;
  lastDonationAmount: number | null;
  lastDonationDate: unknown;
};

/** The figures of a contact without a counted gift: one the rows do not name, or one just created. */
export const NO_GIFT_FIGURES: Readonly<ContactFigures> = {
  totalDonated: 0,
  donationCount: 0,
  averageDonation: 0,
  lastDonationAmount: null,
  lastDonationDate: null,
};

/** The giving figures of these contacts computed from their counted donations (the latest: by date, then entry, then id). */
export async function contactFiguresFromRows(db: Db, accountId: string, ids: string[]): Promise<Map<string, ContactFigures>> {
  // By the contact index (db/giftsByContact.ts): inside a transaction that has just moved many gifts
  // (a merge), MariaDB's planner took the account's (account, status, ...) index and read every gift
  // of the account (3-7 s at 1,000,000 gifts, against 50 ms; docs/benchmarks.md).
  const table = giftsByContact(db, 'donations');
  const counted = () =>
    db.from(table).where('donations.accountId', accountId).whereIn('donations.contactId', ids).where('donations.status', COUNTED_DONATION_STATUS);
  const totals: { contactId: string; cents: CentsSum; count: number | string }[] = await counted()
    .groupBy('donations.contactId')
    .select('donations.contactId as contactId', centsSum(db, 'cents'))
    .count({ count: '*' });
  const ranked = counted().select(
    'donations.contactId as contactId',
    'donations.donationAmount as donationAmount',
    'donations.donationDate as donationDate',
    db.raw('row_number() over (partition by ?? order by ?? desc, ?? desc, ?? desc) as ??', [
      'donations.contactId',
      'donations.donationDate',
      'donations.createdAt',
      'donations.id',
      'rank',
    ]),
  );
  const latestRows: { contactId: string; donationAmount: number; donationDate: DbTime }[] = await db
    .from(ranked.as('ranked'))
    .where('ranked.rank', 1)
    .select('contactId', 'donationAmount', 'donationDate');
  const latest = new Map(latestRows.map((row) => [row.contactId, row]));
  const figures = new Map<string, ContactFigures>();
  for (const id of ids) figures.set(id, { ...NO_GIFT_FIGURES });
  for (const row of totals) {
    const totalDonated = toInt(row.cents) / 100;
    const donationCount = toInt(row.count);
    const last = latest.get(row.contactId);
    figures.set(row.contactId, {
      totalDonated,
      donationCount,
      averageDonation: donationCount > 0 ? toMoney(totalDonated / donationCount) : 0,
      lastDonationAmount: last ? toMoney(last.donationAmount) : null,
      lastDonationDate: last?.donationDate ?? null,
    });
  }
  return figures;
}

/** A gift as contactFiguresFromGifts reads it: a donations row in hand (camelCase). */
export type GiftFacts = { id: unknown; contactId: unknown; donationAmount: unknown; donationDate: unknown; status: unknown; createdAt: unknown };

/**
 * The giving figures of contacts from their gifts in hand, by the rules of contactFiguresFromRows
 * (counted gifts only, cents summed exactly, the latest by date, then entry, then id). Only for
 * contacts whose every gift is in `gifts`: those an import batch creates, in the transaction that
 * writes all their gifts, whose rows would only be read back (docs/adr/0012-the-ledger.md). Each
 * total must fit DECIMAL(14,2).
 */
export function contactFiguresFromGifts(ids: Iterable<string>, gifts: GiftFacts[]): Map<string, ContactFigures> {
  const figures = new Map<string, ContactFigures>();
  for (const id of ids) figures.set(id, { ...NO_GIFT_FIGURES });
  const cents = new Map<string, number>();
  const latest = new Map<string, { date: string; entered: number; id: string }>();
  for (const gift of gifts) {
    const contactId = gift.contactId === null || gift.contactId === undefined ? '' : String(gift.contactId);
    const f = figures.get(contactId);
    if (!f || gift.status !== COUNTED_DONATION_STATUS) continue;
    const amount = toMoney(gift.donationAmount);
    cents.set(contactId, (cents.get(contactId) ?? 0) + Math.round(amount * 100));
    f.donationCount += 1;
    const mark = { date: toIsoDate(gift.donationDate as DbDateTime) ?? '', entered: new Date(gift.createdAt as Date).getTime(), id: String(gift.id) };
    const last = latest.get(contactId);
    if (!last || mark.date > last.date || (mark.date === last.date && (mark.entered > last.entered || (mark.entered === last.entered && mark.id > last.id)))) {
      latest.set(contactId, mark);
      f.lastDonationAmount = amount;
      f.lastDonationDate = mark.date;
    }
  }
  for (const [contactId, sum] of cents) {
    const f = figures.get(contactId) as ContactFigures;
    f.totalDonated = sum / 100;
    assertGiftTotalFits(f.totalDonated, "the contact's total donated");
    f.averageDonation = toMoney(f.totalDonated / f.donationCount);
  }
  return figures;
}

/**
 * Rewrites the giving columns of the given contacts from their counted donations: per 500 contacts,
 * one aggregate, one read of each latest gift and one UPDATE. Every total must fit DECIMAL(14,2):
 * each contact's, and the account's (the sum over its contacts) too.
 */
export async function recomputeContactStatsOf(db: Db, accountId: string, contactIds: (string | null | undefined)[]): Promise<void> {
  const unique = uniqueIds(contactIds);
  for (let from = 0; from < unique.length; from += STATS_CHUNK) {
    const ids = unique.slice(from, from + STATS_CHUNK);
    const figures = await contactFiguresFromRows(db, accountId, ids);
    let newCents = 0;
    for (const f of figures.values()) {
      assertGiftTotalFits(f.totalDonated, "the contact's total donated");
      newCents += Math.round(f.totalDonated * 100);
    }
    const before: Pick<ContactRow, 'totalDonated'>[] = await scoped(db, 'contacts', accountId)
      .whereIn('contacts.id', ids)
      .select('contacts.totalDonated as totalDonated');
    const oldCents = before.reduce((sum, row) => sum + Math.round(Number(row.totalDonated ?? 0) * 100), 0);
    if (newCents > oldCents) assertGiftTotalFits(((await accountDonatedCents(db, accountId)) - oldCents + newCents) / 100, "the account's total donated");
    const of = (id: string) => figures.get(id) as ContactFigures;
    // By the primary key, named on MariaDB: its planner sometimes took the account's index for 250
    // ids, and an UPDATE locks every row it reads, so the batch locked other users' contacts while
    // holding the account's figures, which their gifts, holding those contacts, waited for: a
    // deadlock, nine times in a row for an import's first batch (docs/adr/0013-capacity-and-scale-out.md).
    const contacts = engineOf(db) === 'mysql' ? db.raw('?? force index (primary)', ['contacts']) : 'contacts';
    await db(contacts)
      .where('contacts.accountId', accountId)
      .whereIn('contacts.id', ids)
      .update({
        totalDonated: caseById(db, ids, (id) => of(id).totalDonated),
        donationCount: caseById(db, ids, (id) => of(id).donationCount),
        averageDonation: caseById(db, ids, (id) => of(id).averageDonation),
        lastDonationAmount: caseById(db, ids, (id) => of(id).lastDonationAmount),
        lastDonationDate: caseById(db, ids, (id) => (of(id).lastDonationDate as Knex.Value) ?? null),
        updatedAt: new Date(),
      });
  }
  // Every gift write ends here, in its transaction: smart lists reading giving follow the new figures.
  await syncSmartListsOf(db, accountId, unique, GIVING_CHANGE);
}

/** Sum of the counted donations linked to a pledge. */
export async function fulfilledAmount(db: Db, accountId: string, pledgeId: string): Promise<number> {
  const row = await scoped(db, 'donations', accountId)
    .where('donations.pledgeId', pledgeId)
    .where('donations.status', COUNTED_DONATION_STATUS)
    .select(centsSum(db, 'cents'))
    .first<{ cents: CentsSum } | undefined>();
  return toInt(row?.cents) / 100;
}

/**
 * amountFulfilled follows the counted donations linked to the pledge. Reaching the pledged amount
 * marks it fulfilled; falling below again (a refund, an unlink) undoes that only when `demote`,
 * so a pledge marked fulfilled by hand is not reopened by editing the pledge itself.
 */
export async function settlePledge(db: Db, accountId: string, pledgeId: string, demote: boolean): Promise<void> {
  const pledge: Pick<PledgeRow, 'pledgeAmount' | 'status'> | undefined = await scoped(db, 'pledges', accountId)
    .where('pledges.id', pledgeId)
    .first('pledges.pledgeAmount', 'pledges.status');
  if (!pledge) return;
  const amountFulfilled = await fulfilledAmount(db, accountId, pledgeId);
  assertGiftTotalFits(amountFulfilled, "the pledge's amount fulfilled");
  const pledged = toMoney(pledge.pledgeAmount);
  let status: string = pledge.status;
  if (amountFulfilled >= pledged && status !== 'cancelled') status = 'fulfilled';
  else if (demote && status === 'fulfilled' && amountFulfilled < pledged) status = 'pending';
  await scoped(db, 'pledges', accountId).where('pledges.id', pledgeId).update({ amountFulfilled, status, updatedAt: new Date() });
}

/** What an operation touched: every figure derived from these rows is brought back in line with them. */
export type Touched = {
  rollups?: DonationChange;
  excess?: (ExcessKey | null)[];
  pledges?: { id: string | null | undefined; demote: boolean }[];
  contacts?: (string | null | undefined)[];
  /** Campaigns whose totals are recomputed from their rows (edits and removals; a new gift adds by increment instead). */
  campaigns?: (string | null | undefined)[];
};

/**
 * Brings every derived figure of what an operation touched back in line with the rows, in the
 * operation's transaction and after its locks: roll-ups, excess flags, pledges, contacts, campaigns.
 */
export async function refreshFigures(trx: Knex.Transaction, accountId: string, touched: Touched): Promise<void> {
  if (touched.rollups) await refreshDonationRollups(trx, accountId, touched.rollups);
  if (touched.excess) await recomputeExcessFor(trx, accountId, touched.excess);
  const pledges = new Map<string, boolean>();
  for (const p of touched.pledges ?? []) if (p.id) pledges.set(p.id, (pledges.get(p.id) ?? false) || p.demote);
  for (const [id, demote] of pledges) await settlePledge(trx, accountId, id, demote);
  if (touched.contacts && touched.contacts.length > 0) await recomputeContactStatsOf(trx, accountId, touched.contacts);
  const campaigns = uniqueIds(touched.campaigns ?? []);
  if (campaigns.length > 0) await recomputeCampaignTotals(trx, accountId, campaigns);
}
