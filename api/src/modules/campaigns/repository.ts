import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import { COUNTED_DONATION_STATUS } from '@caucus/contract';
import type { CampaignRow, DbTime, DonationRow } from '../../db/rows';
import { assertGiftTotalFits, toInt, toMoney } from '../../db/values';
import { scoped } from '../../http/tenancy';
import { applyWordSearch } from '../../db/wordSearch';

/** status: one status, 'all', or (absent) every status but archived. */
export type CampaignFilter = { search?: string; status?: string };

type Db = Knex | Knex.Transaction;

/** A campaign with the names of its committee and donation account (null without one). */
export type CampaignListRow = CampaignRow & { committeeName: string | null; donationAccountName: string | null };
/** A donation to the campaign as its page lists it, with the donor's name (null once the contact is gone). */
export type CampaignDonationRow = Pick<DonationRow, 'id' | 'contactId' | 'donationAmount' | 'donationDate' | 'paymentMethod' | 'status' | 'isAnonymous'> & {
  contactFirstName: string | null;
  contactLastName: string | null;
};
/** COUNT comes back as a number, text or a bigint depending on the engine: read it with toInt. */
type CountRow = { count: unknown };
/** A donor of the campaign with their completed gifts to it (SUM and COUNT read with toMoney and toInt). */
export type CampaignDonorRow = {
  contactId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  totalGiven: unknown;
  donationCount: unknown;
  lastDonationDate: DbTime | null;
};

/** Columns written from the campaign form; totals are never among them. */
export type CampaignWrite = Pick<
  CampaignRow,
  | 'name'
  | 'slug'
  | 'description'
  | 'campaignType'
  | 'status'
  | 'committeeId'
  | 'donationAccountId'
  | 'fundraisingGoal'
  | 'contactGoal'
  | 'volunteerGoal'
  | 'allowPublicDonations'
  | 'donationMinimum'
  | 'donationMaximum'
  | 'suggestedAmounts'
> & {
  /** Calendar days, YYYY-MM-DD (docs/adr/0006-calendar-days.md). */
  startDate: string | null;
  endDate: string | null;
};

export type CampaignTotals = {
  amountRaised: number;
  donationCount: number;
  contactsReached: number;
  volunteersRecruited: number;
};

/**
 * Recomputes the derived totals of an account's campaigns (all, or the given ones) from donations,
 * pledges and contacts with grouped aggregates: one row per campaign comes back, never the donations.
 * amountRaised/donationCount count completed donations only; contactsReached counts distinct contacts
 * with any donation or pledge to the campaign, volunteersRecruited those of them marked volunteer.
 * Exported so donation writes elsewhere can keep totals correct inside their own transaction.
 */
export async function recomputeCampaignTotals(db: Db, accountId: string, campaignIds?: string[]): Promise<void> {
  if (campaignIds && campaignIds.length === 0) return;
  const only = <Q extends Knex.QueryBuilder>(query: Q, column: string): Q => {
    if (campaignIds) query.whereIn(column, campaignIds);
    else query.whereNotNull(column);
    return query;
  };

  const money = await only(
    scoped(db, 'donations', accountId)
      .where('donations.status', COUNTED_DONATION_STATUS)
      .select('donations.campaignId as campaignId')
      .sum({ amountRaised: 'donations.donationAmount' })
      .count({ donationCount: '*' })
      .groupBy('donations.campaignId'),
    'donations.campaignId',
  );

  // Distinct people per campaign: donors, plus pledgers who did not also donate to it. Two grouped
  // queries instead of one UNION, which MariaDB spools into a temporary table (seconds at 1M rows).
  const withVolunteers = (pairs: Knex.QueryBuilder) =>
    db
      .from(pairs.as('reached'))
      .join('contacts', function joinContact() {
        this.on('contacts.id', '=', 'reached.contactId').andOnVal('contacts.accountId', '=', accountId);
      })
      .select('reached.campaignId as campaignId')
      .count({ contactsReached: '*' })
      .select(db.raw('sum(case when ?? = 1 then 1 else 0 end) as ??', ['contacts.isVolunteer', 'volunteersRecruited']))
      .groupBy('reached.campaignId');
  const donors = only(
    scoped(db, 'donations', accountId)
      .whereNotNull('donations.contactId')
      .select('donations.campaignId as campaignId', 'donations.contactId as contactId')
      .groupBy('donations.campaignId', 'donations.contactId'),
    'donations.campaignId',
  );
  const pledgersOnly = only(
    scoped(db, 'pledges', accountId)
      .whereNotExists(
        scoped(db, 'donations', accountId)
          .whereRaw('?? = ??', ['donations.campaignId', 'pledges.campaignId'])
          .whereRaw('?? = ??', ['donations.contactId', 'pledges.contactId'])
          .select(db.raw('1')),
      )
      .select('pledges.campaignId as campaignId', 'pledges.contactId as contactId')
      .groupBy('pledges.campaignId', 'pledges.contactId'),
    'pledges.campaignId',
  );
  const reach = [...(await withVolunteers(donors)), ...(await withVolunteers(pledgersOnly))];

  const totals = new Map<string, CampaignTotals>();
  const entry = (id: string): CampaignTotals => {
    let found = totals.get(id);
    if (!found) {
      found = { amountRaised: 0, donationCount: 0, contactsReached: 0, volunteersRecruited: 0 };
      totals.set(id, found);
    }
    return found;
  };
  for (const row of money as Record<string, unknown>[]) {
    const t = entry(String(row.campaignId));
    t.amountRaised = toMoney(row.amountRaised);
    t.donationCount = toInt(row.donationCount);
  }
  for (const row of reach as Record<string, unknown>[]) {
    const t = entry(String(row.campaignId));
    t.contactsReached += toInt(row.contactsReached);
    t.volunteersRecruited += toInt(row.volunteersRecruited);
  }

  const campaigns = scoped(db, 'campaigns', accountId).select('campaigns.id');
  if (campaignIds) campaigns.whereIn('campaigns.id', campaignIds);
  for (const t of totals.values()) assertGiftTotalFits(t.amountRaised, "the campaign's amount raised");
  const now = new Date();
  for (const { id } of (await campaigns) as unknown as { id: string }[]) {
    const t = totals.get(id) ?? { amountRaised: 0, donationCount: 0, contactsReached: 0, volunteersRecruited: 0 };
    await scoped(db, 'campaigns', accountId)
      .where('campaigns.id', id)
      .update({ ...t, updatedAt: now });
  }
}

export function createCampaignsRepository(knex: Knex) {
  function base(db: Db, accountId: string) {
    return (
      scoped(db, 'campaigns', accountId)
        // Joined on the account too: a committee of another account must never lend its name.
        .leftJoin('committees', function joinCommittee() {
          this.on('committees.id', '=', 'campaigns.committeeId').andOn('committees.accountId', '=', 'campaigns.accountId');
        })
        .leftJoin('donation_accounts', function joinDonationAccount() {
          this.on('donation_accounts.id', '=', 'campaigns.donationAccountId').andOn('donation_accounts.accountId', '=', 'campaigns.accountId');
        })
        .select('campaigns.*', 'committees.name as committeeName', 'donation_accounts.name as donationAccountName')
    );
  }

  function listQuery(db: Db, accountId: string, filter: CampaignFilter) {
    const query = base(db, accountId);
    // Archived campaigns keep their money and reports but leave the pickers: listed only when asked for.
    if (!filter.status) query.whereNot('campaigns.status', 'archived');
    else if (filter.status !== 'all') query.where('campaigns.status', filter.status);
    applyWordSearch(query, ['campaigns.name', 'campaigns.slug', 'campaigns.description'], filter.search);
    return query.orderBy([
      { column: 'campaigns.createdAt', order: 'desc' },
      { column: 'campaigns.id', order: 'desc' },
    ]);
  }

  return {
    transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
      return inTransaction(knex, work);
    },

    /** The connection itself, for the ledger's operations (each runs its own transaction). */
    reader(): Knex {
      return knex;
    },

    async list(accountId: string, filter: CampaignFilter, db: Db = knex): Promise<CampaignListRow[]> {
      return listQuery(db, accountId, filter);
    },

    async findById(accountId: string, id: string, db: Db = knex): Promise<CampaignListRow | undefined> {
      return base(db, accountId).where('campaigns.id', id).first();
    },

    async exists(db: Db, table: 'campaigns' | 'committees' | 'donation_accounts', accountId: string, id: string): Promise<boolean> {
      return Boolean(await scoped(db, table, accountId).where(`${table}.id`, id).first(`${table}.id`));
    },

    async slugTaken(db: Db, accountId: string, slug: string, exceptId?: string): Promise<boolean> {
      const query = scoped(db, 'campaigns', accountId).where('campaigns.slug', slug);
      if (exceptId) query.whereNot('campaigns.id', exceptId);
      return Boolean(await query.first('campaigns.id'));
    },

    async insert(db: Db, row: CampaignWrite & { id: string; accountId: string; createdBy: string | null }): Promise<void> {
      const now = new Date();
      await db('campaigns').insert({ ...row, createdAt: now, updatedAt: now });
    },

    async update(db: Db, accountId: string, id: string, row: CampaignWrite): Promise<number> {
      return scoped(db, 'campaigns', accountId)
        .where('campaigns.id', id)
        .update({ ...row, updatedAt: new Date() });
    },

    async remove(db: Db, accountId: string, id: string): Promise<number> {
      // donation_accounts.campaign_id is a plain column (no foreign key), so it is cleared by hand.
      await scoped(db, 'donation_accounts', accountId).where('donation_accounts.campaignId', id).update({ campaignId: null, updatedAt: new Date() });
      return scoped(db, 'campaigns', accountId).where('campaigns.id', id).del();
    },

    async committees(accountId: string): Promise<Record<string, unknown>[]> {
      return scoped(knex, 'committees', accountId)
        .select('committees.id', 'committees.name', 'committees.committeeType')
        .orderBy([
          { column: 'committees.name', order: 'asc' },
          { column: 'committees.id', order: 'asc' },
        ]);
    },

    /** Every donation account, or those of one campaign: named by it, or the one it points at. */
    async donationAccounts(accountId: string, campaign?: { id: string; donationAccountId: string | null }): Promise<Record<string, unknown>[]> {
      const query = scoped(knex, 'donation_accounts', accountId).select('donation_accounts.id', 'donation_accounts.name', 'donation_accounts.accountType');
      if (campaign) {
        query.where((inner) => {
          inner.where('donation_accounts.campaignId', campaign.id);
          if (campaign.donationAccountId) inner.orWhere('donation_accounts.id', campaign.donationAccountId);
        });
      }
      return query.orderBy([
        { column: 'donation_accounts.name', order: 'asc' },
        { column: 'donation_accounts.id', order: 'asc' },
      ]);
    },

    recomputeTotals: recomputeCampaignTotals,

    /**
     * The campaign's completed donations summed per calendar day by the database (DECIMAL sums, one
     * row per day with gifts): the service folds the days into months or weeks in whole cents.
     */
    async raisedByDay(accountId: string, campaignId: string): Promise<Record<string, unknown>[]> {
      return scoped(knex, 'donations', accountId)
        .where('donations.campaignId', campaignId)
        .where('donations.status', COUNTED_DONATION_STATUS)
        .select('donations.donationDate as day')
        .sum({ raised: 'donations.donationAmount' })
        .count({ donationCount: '*' })
        .groupBy('donations.donationDate')
        .orderBy('donations.donationDate');
    },

    /** Contacts with completed donations to the campaign, largest total first, and how many there are. */
    async donors(accountId: string, campaignId: string, page: { limit: number; offset: number }): Promise<{ rows: CampaignDonorRow[]; total: number }> {
      const given = () =>
        scoped(knex, 'donations', accountId)
          .where('donations.campaignId', campaignId)
          .where('donations.status', COUNTED_DONATION_STATUS)
          .whereNotNull('donations.contactId');
      const [rows, totalRow] = await Promise.all([
        given()
          // Joined on the account too: a contact id can never lend another account's person.
          .join('contacts', function joinContact() {
            this.on('contacts.id', '=', 'donations.contactId').andOn('contacts.accountId', '=', 'donations.accountId');
          })
          .select('donations.contactId as contactId', 'contacts.firstName as firstName', 'contacts.lastName as lastName', 'contacts.primaryEmail as email')
          .sum({ totalGiven: 'donations.donationAmount' })
          .count({ donationCount: '*' })
          .max({ lastDonationDate: 'donations.donationDate' })
          .groupBy('donations.contactId', 'contacts.firstName', 'contacts.lastName', 'contacts.primaryEmail')
          .orderBy([
            { column: 'totalGiven', order: 'desc' },
            { column: 'contacts.lastName', order: 'asc' },
            { column: 'contacts.firstName', order: 'asc' },
            { column: 'donations.contactId', order: 'asc' },
          ])
          .limit(page.limit)
          .offset(page.offset),
        given().countDistinct({ count: 'donations.contactId' }).first<CountRow | undefined>(),
      ]);
      return { rows: rows as CampaignDonorRow[], total: toInt(totalRow?.count) };
    },

    /** The campaign's donations of every status, newest first, with the donor's name. */
    async donations(accountId: string, campaignId: string, page: { limit: number; offset: number }): Promise<{ rows: CampaignDonationRow[]; total: number }> {
      const ofCampaign = () => scoped(knex, 'donations', accountId).where('donations.campaignId', campaignId);
      const [rows, totalRow] = await Promise.all([
        ofCampaign()
          .leftJoin('contacts', function joinContact() {
            this.on('contacts.id', '=', 'donations.contactId').andOn('contacts.accountId', '=', 'donations.accountId');
          })
          .select(
            'donations.id',
            'donations.contactId',
            'donations.donationAmount',
            'donations.donationDate',
            'donations.paymentMethod',
            'donations.status',
            'donations.isAnonymous',
            'contacts.firstName as contactFirstName',
            'contacts.lastName as contactLastName',
          )
          .orderBy([
            { column: 'donations.donationDate', order: 'desc' },
            { column: 'donations.createdAt', order: 'desc' },
            { column: 'donations.id', order: 'desc' },
          ])
          .limit(page.limit)
          .offset(page.offset),
        ofCampaign().count({ count: '*' }).first<CountRow | undefined>(),
      ]);
      return { rows, total: toInt(totalRow?.count) };
    },
  };
}

export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
