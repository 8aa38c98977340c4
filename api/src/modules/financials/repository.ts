import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import { COUNTED_DONATION_STATUS } from '../../db/enums';
import { engineOf } from '../../db/knex';
import { assertTotalFits, toBool, toInt, toMoney } from '../../db/values';
import { scoped } from '../../http/tenancy';
import { DONATION_FACT_COLUMNS, refreshDonationRollups, type DonationFacts } from '../analytics-reports/rollups';
import { GIVING_CHANGE, syncSmartListsOf } from '../contactLists';

type Db = Knex | Knex.Transaction;
type Row = Record<string, unknown>;

export type PledgeWrite = {
  pledgeAmount: number;
  frequency: string;
  pledgeDate: string;
  dueDate: string | null;
  campaignId: string;
  notes: string | null;
  paymentMethod: string;
  isAnonymous: boolean;
  solicitorId: string | null;
  status: string;
};

export type DonationWrite = {
  donationAmount: number;
  paymentMethod: string;
  status: string;
  donationDate: string;
  processedDate: Date | null;
  campaignId: string;
  pledgeId: string | null;
  checkNumber: string | null;
  transactionId: string | null;
  referenceNumber: string | null;
  notes: string | null;
  isAnonymous: boolean;
  isRecurring: boolean;
  solicitorId: string | null;
  taxDeductibleAmount: number | null;
  netAmount: number | null;
  inKindDescription: string | null;
  fairMarketValue: number | null;
  /** The election the gift counts toward (issue 14); null without a committee election. */
  electionCode: string | null;
};

/** Both sides of every join carry the account, so another tenant's campaign never lends its name. */
function pledgeBase(db: Db, accountId: string) {
  return scoped(db, 'pledges', accountId)
    .leftJoin('campaigns', function joinCampaign() {
      this.on('campaigns.id', '=', 'pledges.campaignId').andOn('campaigns.accountId', '=', 'pledges.accountId');
    })
    .select('pledges.*', 'campaigns.name as campaignName');
}

function donationBase(db: Db, accountId: string) {
  return scoped(db, 'donations', accountId)
    .leftJoin('campaigns', function joinCampaign() {
      this.on('campaigns.id', '=', 'donations.campaignId').andOn('campaigns.accountId', '=', 'donations.accountId');
    })
    .leftJoin('pledges', function joinPledge() {
      this.on('pledges.id', '=', 'donations.pledgeId').andOn('pledges.accountId', '=', 'donations.accountId');
    })
    .select(
      'donations.*',
      'campaigns.name as campaignName',
      'pledges.pledgeAmount as pledgePledgeAmount',
      'pledges.amountFulfilled as pledgeAmountFulfilled',
      'pledges.status as pledgeStatus',
    );
}

/** A contact's completed donations: the ones every total and figure counts. */
function countedDonations(db: Db, accountId: string, contactId: string) {
  return scoped(db, 'donations', accountId).where('donations.contactId', contactId).where('donations.status', COUNTED_DONATION_STATUS);
}

/**
 * SUM of the amounts in whole cents. MariaDB adds DECIMALs exactly; SQLite keeps the column as a
 * binary float, so each amount is rounded to an integer number of cents before the sum.
 */
function centsSum(db: Db, alias: string) {
  return engineOf(db) === 'mysql'
    ? db.raw('sum(round(?? * 100)) as ??', ['donations.donationAmount', alias])
    : db.raw('sum(cast(round(?? * 100) as integer)) as ??', ['donations.donationAmount', alias]);
}

/** The latest completed gift: by date, then by when it was entered (the contact row's last donation). */
function latestCountedDonation(db: Db, accountId: string, contactId: string): Promise<Row | undefined> {
  return countedDonations(db, accountId, contactId)
    .orderBy([
      { column: 'donations.donationDate', order: 'desc' },
      { column: 'donations.createdAt', order: 'desc' },
      { column: 'donations.id', order: 'desc' },
    ])
    .first('donations.donationAmount', 'donations.donationDate') as Promise<Row | undefined>;
}

const STATS_CHUNK = 500;

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
 * the check on a stale sum.
 */
export async function accountDonatedCents(db: Db, accountId: string): Promise<number> {
  const query = db('account_contact_tallies').where('accountId', accountId).select('totalDonated');
  if (engineOf(db) === 'mysql') query.forUpdate();
  const rows = (await query) as { totalDonated: unknown }[];
  return rows.reduce((sum, row) => sum + Math.round(Number(row.totalDonated ?? 0) * 100), 0);
}

/**
 * Rewrites the donation summary columns of the given contacts from their counted donations: per 500
 * contacts, one aggregate, one read of each latest gift (by date, then entry, then id: the order of
 * latestCountedDonation) and one UPDATE. Every total must fit DECIMAL(14,2): each contact's, and the
 * account's (the sum over its contacts) too.
 */
async function recomputeContactStatsOf(db: Db, accountId: string, contactIds: string[]): Promise<void> {
  const unique = [...new Set(contactIds)];
  for (let from = 0; from < unique.length; from += STATS_CHUNK) {
    const ids = unique.slice(from, from + STATS_CHUNK);
    const counted = () => scoped(db, 'donations', accountId).whereIn('donations.contactId', ids).where('donations.status', COUNTED_DONATION_STATUS);
    const totals = (await counted().groupBy('donations.contactId').select('donations.contactId as contactId', centsSum(db, 'cents')).count({ count: '*' })) as Row[];
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
    const latest = (await db.from(ranked.as('ranked')).where('ranked.rank', 1).select('contactId', 'donationAmount', 'donationDate')) as Row[];

    const stats = new Map<string, { total: number; count: number }>();
    let newCents = 0;
    for (const row of totals) {
      const total = toInt(row.cents) / 100;
      assertTotalFits(total, 'donationAmount');
      newCents += toInt(row.cents);
      stats.set(String(row.contactId), { total, count: toInt(row.count) });
    }
    const before = (await scoped(db, 'contacts', accountId).whereIn('contacts.id', ids).select('contacts.totalDonated as totalDonated')) as Row[];
    const oldCents = before.reduce((sum, row) => sum + Math.round(Number(row.totalDonated ?? 0) * 100), 0);
    if (newCents > oldCents) assertTotalFits(((await accountDonatedCents(db, accountId)) - oldCents + newCents) / 100, 'donationAmount');
    const last = new Map(latest.map((row) => [String(row.contactId), row]));
    const statsOf = (id: string) => stats.get(id) ?? { total: 0, count: 0 };
    await scoped(db, 'contacts', accountId)
      .whereIn('contacts.id', ids)
      .update({
        totalDonated: caseById(db, ids, (id) => statsOf(id).total),
        donationCount: caseById(db, ids, (id) => statsOf(id).count),
        averageDonation: caseById(db, ids, (id) => {
          const { total, count } = statsOf(id);
          return count > 0 ? toMoney(total / count) : 0;
        }),
        lastDonationAmount: caseById(db, ids, (id) => (last.has(id) ? toMoney(last.get(id)?.donationAmount) : null)),
        lastDonationDate: caseById(db, ids, (id) => (last.get(id)?.donationDate as Knex.Value | undefined) ?? null),
        updatedAt: new Date(),
      });
  }
  // Every gift write ends here, in its transaction: smart lists reading giving follow the new figures.
  await syncSmartListsOf(db, accountId, unique, GIVING_CHANGE);
}

export function createFinancialsRepository(knex: Knex) {
  return {
    transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
      return inTransaction(knex, work);
    },

    /** For reads after a write committed (kept out of the transaction, so its locks are held briefly). */
    reader(): Knex {
      return knex;
    },

    /**
     * Takes the row locks of a money write before the transaction's first plain read: the contact
     * first, then its campaigns in id order, so concurrent writes queue instead of summing stale
     * snapshots, and always lock in the same order. SQLite runs one writer at a time already.
     */
    async lockForWrite(trx: Knex.Transaction, accountId: string, contactId: string | null, campaignIds: string[]): Promise<void> {
      if (engineOf(trx) !== 'mysql') return;
      if (contactId) await scoped(trx, 'contacts', accountId).where('contacts.id', contactId).forUpdate().select('contacts.id');
      const ids = [...new Set(campaignIds)].sort();
      if (ids.length > 0) {
        await scoped(trx, 'campaigns', accountId).whereIn('campaigns.id', ids).orderBy('campaigns.id').forUpdate().select('campaigns.id');
      }
    },

    /**
     * Whether the contact already counts toward the campaign's contacts reached (a donation or a
     * pledge to it), and whether it counts as a volunteer. Stable while the contact's lock is held:
     * every write of its donations and pledges takes that lock first.
     */
    async campaignReach(db: Db, accountId: string, contactId: string, campaignId: string): Promise<{ reached: boolean; isVolunteer: boolean }> {
      const donation = await scoped(db, 'donations', accountId)
        .where({ 'donations.contactId': contactId, 'donations.campaignId': campaignId })
        .first('donations.id');
      const pledge = donation
        ? undefined
        : await scoped(db, 'pledges', accountId).where({ 'pledges.contactId': contactId, 'pledges.campaignId': campaignId }).first('pledges.id');
      const contact = await scoped(db, 'contacts', accountId).where('contacts.id', contactId).first('contacts.isVolunteer');
      return { reached: Boolean(donation || pledge), isVolunteer: toBool((contact as Row | undefined)?.isVolunteer) };
    },

    /** Contact and campaign of a row, read before its transaction starts (they name what to lock). */
    async owners(table: 'pledges' | 'donations', accountId: string, id: string): Promise<{ contactId: string | null; campaignId: string | null } | undefined> {
      const row = (await scoped(knex, table, accountId).where(`${table}.id`, id).first(`${table}.contactId`, `${table}.campaignId`)) as
        | Row
        | undefined;
      if (!row) return undefined;
      return {
        contactId: row.contactId ? String(row.contactId) : null,
        campaignId: row.campaignId ? String(row.campaignId) : null,
      };
    },

    async exists(db: Db, table: 'contacts' | 'campaigns', accountId: string, id: string): Promise<boolean> {
      return Boolean(await scoped(db, table, accountId).where(`${table}.id`, id).first(`${table}.id`));
    },

    async listPledges(accountId: string, contactId: string, db: Db = knex): Promise<Row[]> {
      return pledgeBase(db, accountId)
        .where('pledges.contactId', contactId)
        .orderBy([
          { column: 'pledges.pledgeDate', order: 'desc' },
          { column: 'pledges.createdAt', order: 'desc' },
          { column: 'pledges.id', order: 'desc' },
        ]);
    },

    async findPledge(db: Db, accountId: string, id: string): Promise<Row | undefined> {
      return pledgeBase(db, accountId).where('pledges.id', id).first();
    },

    async insertPledge(db: Db, row: PledgeWrite & { id: string; accountId: string; contactId: string; createdBy: string | null }): Promise<void> {
      const now = new Date();
      await db('pledges').insert({ ...row, amountFulfilled: 0, createdAt: now, updatedAt: now });
    },

    async updatePledge(db: Db, accountId: string, id: string, row: Partial<PledgeWrite> & { amountFulfilled?: number }): Promise<void> {
      await scoped(db, 'pledges', accountId).where('pledges.id', id).update({ ...row, updatedAt: new Date() });
    },

    async listDonations(accountId: string, contactId: string, db: Db = knex): Promise<Row[]> {
      return donationBase(db, accountId)
        .where('donations.contactId', contactId)
        .orderBy([
          { column: 'donations.donationDate', order: 'desc' },
          { column: 'donations.createdAt', order: 'desc' },
          { column: 'donations.id', order: 'desc' },
        ]);
    },

    async findDonation(db: Db, accountId: string, id: string): Promise<Row | undefined> {
      return donationBase(db, accountId).where('donations.id', id).first();
    },

    async insertDonation(db: Db, row: DonationWrite & { id: string; accountId: string; contactId: string; createdBy: string | null }): Promise<void> {
      const now = new Date();
      await db('donations').insert({ ...row, createdAt: now, updatedAt: now });
      // The analytics roll-ups change with their donations, in the same transaction (issue 14).
      await refreshDonationRollups(db, row.accountId, { added: [row] });
    },

    async updateDonation(db: Db, accountId: string, id: string, row: DonationWrite): Promise<void> {
      const before = (await scoped(db, 'donations', accountId).where('donations.id', id).first(DONATION_FACT_COLUMNS)) as Row | undefined;
      await scoped(db, 'donations', accountId).where('donations.id', id).update({ ...row, updatedAt: new Date() });
      if (before) await refreshDonationRollups(db, accountId, { removed: [before as DonationFacts], added: [{ ...before, ...row }] });
    },

    /** Drops a gift's excess flag: one that counts toward no election has nothing to remedy. */
    async clearExcess(db: Db, accountId: string, id: string): Promise<void> {
      await scoped(db, 'donations', accountId).where('donations.id', id).update({ excessAmount: null, remedyDeadline: null });
    },

    /** Sum of the counted donations linked to a pledge. */
    async fulfilledAmount(db: Db, accountId: string, pledgeId: string): Promise<number> {
      const row = (await scoped(db, 'donations', accountId)
        .where('donations.pledgeId', pledgeId)
        .where('donations.status', COUNTED_DONATION_STATUS)
        .sum({ total: 'donations.donationAmount' })
        .first()) as Row | undefined;
      return toMoney(row?.total);
    },

    /**
     * Rewrites the contact's donation summary columns from its counted donations, so every write path
     * (create, amount or status change) lands on the same figures.
     */
    async recomputeContactStats(db: Db, accountId: string, contactId: string): Promise<void> {
      await recomputeContactStatsOf(db, accountId, [contactId]);
    },

    /** The same for many contacts at once (an import's batch, an undo): a few statements per 500 contacts. */
    recomputeContactStatsOf,

    async pledgeSummary(db: Db, accountId: string, contactId: string): Promise<Row | undefined> {
      return (await scoped(db, 'pledges', accountId)
        .where('pledges.contactId', contactId)
        .count({ total: '*' })
        .sum({ totalAmount: 'pledges.pledgeAmount', totalFulfilled: 'pledges.amountFulfilled' })
        .first()) as Row | undefined;
    },

    async donationSummary(db: Db, accountId: string, contactId: string): Promise<Row | undefined> {
      return (await scoped(db, 'donations', accountId)
        .where('donations.contactId', contactId)
        .where('donations.status', COUNTED_DONATION_STATUS)
        .count({ completed: '*' })
        .sum({ totalAmount: 'donations.donationAmount' })
        .max({ lastDonationDate: 'donations.donationDate' })
        .first()) as Row | undefined;
    },

    latestDonation: latestCountedDonation,

    /** The largest completed gift; of equal ones, the earliest. */
    async largestDonation(db: Db, accountId: string, contactId: string): Promise<Row | undefined> {
      return (await countedDonations(db, accountId, contactId)
        .orderBy([
          { column: 'donations.donationAmount', order: 'desc' },
          { column: 'donations.donationDate', order: 'asc' },
          { column: 'donations.createdAt', order: 'asc' },
          { column: 'donations.id', order: 'asc' },
        ])
        .first('donations.donationAmount', 'donations.donationDate')) as Row | undefined;
    },

    /** Completed gifts dated from `from` to `to` (calendar days, both included): how many, and their sum in cents. */
    async donationsDatedBetween(db: Db, accountId: string, contactId: string, from: string, to: string): Promise<Row | undefined> {
      return (await countedDonations(db, accountId, contactId)
        .whereBetween('donations.donationDate', [from, to])
        .count({ completed: '*' })
        .select(centsSum(db, 'totalCents'))
        .first()) as Row | undefined;
    },

    /** The account's timezone: where its days, and so its years, begin and end. */
    async accountTimeZone(db: Db, accountId: string): Promise<string | null> {
      const row = (await db('accounts').where('accounts.id', accountId).first('accounts.timezone')) as Row | undefined;
      return row?.timezone ? String(row.timezone) : null;
    },
  };
}

export type FinancialsRepository = ReturnType<typeof createFinancialsRepository>;
