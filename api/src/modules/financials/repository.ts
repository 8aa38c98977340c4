import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import { COUNTED_DONATION_STATUS } from '@caucus/contract';
import type { DbTime, DonationRow, PledgeRow } from '../../db/rows';
import { scoped } from '../../http/tenancy';
import { centsSum, recomputeContactStatsOf } from '../ledger/figures';

type Db = Knex | Knex.Transaction;

/** A pledge with its campaign's name. */
export type PledgeListRow = PledgeRow & { campaignName: string | null };
/** A donation with its campaign's name and the pledge it pays (null fields without one). */
export type DonationListRow = DonationRow & {
  campaignName: string | null;
  pledgePledgeAmount: number | null;
  pledgeAmountFulfilled: number | null;
  pledgeStatus: PledgeRow['status'] | null;
};
/** A gift's amount and day, as the summary's latest and largest gift. */
type GiftAmountRow = Pick<DonationRow, 'donationAmount' | 'donationDate'>;
/** COUNT and SUM come back as numbers, text or bigints depending on the engine: read them with toInt and toMoney. */
type Aggregate<K extends string> = Record<K, unknown>;
type PledgeSummaryRow = Aggregate<'total' | 'totalAmount' | 'totalFulfilled'>;
type DonationSummaryRow = Aggregate<'completed' | 'totalAmount'> & { lastDonationDate: DbTime | null };
type DatedDonationsRow = Aggregate<'completed' | 'totalCents'>;

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

/** The latest completed gift: by date, then by when it was entered (the contact row's last donation). */
async function latestCountedDonation(db: Db, accountId: string, contactId: string): Promise<GiftAmountRow | undefined> {
  return countedDonations(db, accountId, contactId)
    .orderBy([
      { column: 'donations.donationDate', order: 'desc' },
      { column: 'donations.createdAt', order: 'desc' },
      { column: 'donations.id', order: 'desc' },
    ])
    .first('donations.donationAmount', 'donations.donationDate');
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

    async exists(db: Db, table: 'contacts' | 'campaigns', accountId: string, id: string): Promise<boolean> {
      return Boolean(await scoped(db, table, accountId).where(`${table}.id`, id).first(`${table}.id`));
    },

    async listPledges(accountId: string, contactId: string, db: Db = knex): Promise<PledgeListRow[]> {
      return pledgeBase(db, accountId)
        .where('pledges.contactId', contactId)
        .orderBy([
          { column: 'pledges.pledgeDate', order: 'desc' },
          { column: 'pledges.createdAt', order: 'desc' },
          { column: 'pledges.id', order: 'desc' },
        ]);
    },

    async findPledge(db: Db, accountId: string, id: string): Promise<PledgeListRow | undefined> {
      return pledgeBase(db, accountId).where('pledges.id', id).first();
    },

    async listDonations(accountId: string, contactId: string, db: Db = knex): Promise<DonationListRow[]> {
      return donationBase(db, accountId)
        .where('donations.contactId', contactId)
        .orderBy([
          { column: 'donations.donationDate', order: 'desc' },
          { column: 'donations.createdAt', order: 'desc' },
          { column: 'donations.id', order: 'desc' },
        ]);
    },

    async findDonation(db: Db, accountId: string, id: string): Promise<DonationListRow | undefined> {
      return donationBase(db, accountId).where('donations.id', id).first();
    },

    /** The ledger's recomputation of a contact's giving figures (kept here for the tests that corrupt and restore them). */
    async recomputeContactStats(db: Db, accountId: string, contactId: string): Promise<void> {
      await recomputeContactStatsOf(db, accountId, [contactId]);
    },

    recomputeContactStatsOf,

    async pledgeSummary(db: Db, accountId: string, contactId: string): Promise<PledgeSummaryRow | undefined> {
      return scoped(db, 'pledges', accountId)
        .where('pledges.contactId', contactId)
        .count({ total: '*' })
        .sum({ totalAmount: 'pledges.pledgeAmount', totalFulfilled: 'pledges.amountFulfilled' })
        .first<PledgeSummaryRow | undefined>();
    },

    async donationSummary(db: Db, accountId: string, contactId: string): Promise<DonationSummaryRow | undefined> {
      return scoped(db, 'donations', accountId)
        .where('donations.contactId', contactId)
        .where('donations.status', COUNTED_DONATION_STATUS)
        .count({ completed: '*' })
        .sum({ totalAmount: 'donations.donationAmount' })
        .max({ lastDonationDate: 'donations.donationDate' })
        .first<DonationSummaryRow | undefined>();
    },

    latestDonation: latestCountedDonation,

    /** The largest completed gift; of equal ones, the earliest. */
    async largestDonation(db: Db, accountId: string, contactId: string): Promise<GiftAmountRow | undefined> {
      return countedDonations(db, accountId, contactId)
        .orderBy([
          { column: 'donations.donationAmount', order: 'desc' },
          { column: 'donations.donationDate', order: 'asc' },
          { column: 'donations.createdAt', order: 'asc' },
          { column: 'donations.id', order: 'asc' },
        ])
        .first('donations.donationAmount', 'donations.donationDate');
    },

    /** Completed gifts dated from `from` to `to` (calendar days, both included): how many, and their sum in cents. */
    async donationsDatedBetween(db: Db, accountId: string, contactId: string, from: string, to: string): Promise<DatedDonationsRow | undefined> {
      return countedDonations(db, accountId, contactId)
        .whereBetween('donations.donationDate', [from, to])
        .count({ completed: '*' })
        .select(centsSum(db, 'totalCents'))
        .first<DatedDonationsRow | undefined>();
    },

    /** The account's timezone: where its days, and so its years, begin and end. */
    async accountTimeZone(db: Db, accountId: string): Promise<string | null> {
      const row: { timezone: string | null } | undefined = await db('accounts').where('accounts.id', accountId).first('accounts.timezone');
      return row?.timezone || null;
    },
  };
}

export type FinancialsRepository = ReturnType<typeof createFinancialsRepository>;
