import type { Knex } from 'knex';
import { engineOf } from '../../db';
import { scoped } from '../../http/tenancy';

type Row = Record<string, unknown>;

/** Calendar days, both ends included, and an optional campaign. Dates are 'YYYY-MM-DD' text. */
export type DonationScope = { from?: string; to?: string; campaignId?: string };

/**
 * Every figure is one aggregate query over the account's completed donations: rows are counted,
 * summed and grouped by the database and never loaded here. Money comes back as DECIMAL (MariaDB) or
 * a number (SQLite) and is rounded to cents by the service; counts may come back as text or bigint.
 */
export function createAnalyticsReportsRepository(knex: Knex) {
  const monthOf = (column: string) =>
    engineOf(knex) === 'mysql' ? knex.raw("date_format(??, '%Y-%m')", [column]) : knex.raw('substr(??, 1, 7)', [column]);

  /** Completed donations of the account in the scope: what "raised" means everywhere in the product. */
  function received(accountId: string, scope: DonationScope, status: string | null = 'completed'): Knex.QueryBuilder {
    const query = scoped(knex, 'donations', accountId);
    if (status) query.where('donations.status', status);
    if (scope.campaignId) query.where('donations.campaignId', scope.campaignId);
    if (scope.from) query.where('donations.donationDate', '>=', scope.from);
    if (scope.to) query.where('donations.donationDate', '<=', scope.to);
    return query;
  }

  /** Per donor: what they gave in the year before `year`, for those with nothing from Jan 1 of `year` to `thisYearEnd`. */
  function lybuntDonors(accountId: string, campaignId: string | undefined, year: number, thisYearEnd: string): Knex.QueryBuilder {
    const lastYearEnd = `${year - 1}-12-31`;
    const thisYearStart = `${year}-01-01`;
    return received(accountId, { campaignId, from: `${year - 1}-01-01`, to: thisYearEnd })
      .whereNotNull('donations.contactId')
      .groupBy('donations.contactId')
      .select(
        'donations.contactId',
        knex.raw('sum(case when ?? <= ? then ?? else 0 end) as ??', ['donations.donationDate', lastYearEnd, 'donations.donationAmount', 'lastYearTotal']),
      )
      .havingRaw('sum(case when ?? >= ? then 1 else 0 end) = 0', ['donations.donationDate', thisYearStart]);
  }

  const sumAs = (column: string, alias: string) => knex.raw('coalesce(sum(??), 0) as ??', [column, alias]);

  return {
    async campaignExists(accountId: string, campaignId: string): Promise<boolean> {
      return Boolean(await scoped(knex, 'campaigns', accountId).where('campaigns.id', campaignId).first('campaigns.id'));
    },

    async totals(accountId: string, scope: DonationScope): Promise<Row> {
      const row = await received(accountId, scope)
        .select(
          knex.raw('count(*) as ??', ['gifts']),
          sumAs('donations.donationAmount', 'raised'),
          knex.raw('count(distinct ??) as ??', ['donations.contactId', 'donors']),
        )
        .first();
      return (row ?? {}) as Row;
    },

    /**
     * The one or two middle amounts of `count` gifts in amount order (offset (n-1)/2): the same exact
     * answer on both engines, which have no common MEDIAN function.
     */
    async middleAmounts(accountId: string, scope: DonationScope, count: number): Promise<unknown[]> {
      if (count <= 0) return [];
      const rows = (await received(accountId, scope)
        .select('donations.donationAmount')
        .orderBy('donations.donationAmount', 'asc')
        .limit(count % 2 === 1 ? 1 : 2)
        .offset(Math.floor((count - 1) / 2))) as Row[];
      return rows.map((row) => row.donationAmount);
    },

    async raisedByMonth(accountId: string, scope: DonationScope): Promise<Row[]> {
      const month = monthOf('donations.donationDate');
      return (await received(accountId, scope)
        .select(knex.raw('? as ??', [month, 'month']), sumAs('donations.donationAmount', 'raised'), knex.raw('count(*) as ??', ['gifts']))
        .groupBy(month)
        .orderBy('month', 'asc')) as Row[];
    },

    /**
     * Donors with a gift in the range, and how many of them gave for the first time in it (their first
     * gift, in the campaign when one is chosen, is on or after `from`). Without `from` every donor is new.
     */
    async newAndReturning(accountId: string, scope: DonationScope): Promise<Row> {
      const donors = received(accountId, { campaignId: scope.campaignId, to: scope.to })
        .whereNotNull('donations.contactId')
        .groupBy('donations.contactId')
        .select('donations.contactId', knex.raw('min(??) as ??', ['donations.donationDate', 'firstGift']));
      if (scope.from) donors.havingRaw('max(??) >= ?', ['donations.donationDate', scope.from]);
      const newDonors = scope.from
        ? knex.raw('coalesce(sum(case when ?? >= ? then 1 else 0 end), 0) as ??', ['d.firstGift', scope.from, 'newDonors'])
        : knex.raw('count(*) as ??', ['newDonors']);
      const row = await knex.from(donors.as('d')).select(knex.raw('count(*) as ??', ['donors']), newDonors).first();
      return (row ?? {}) as Row;
    },

    async lybuntTotals(accountId: string, campaignId: string | undefined, year: number, thisYearEnd: string): Promise<Row> {
      const donors = lybuntDonors(accountId, campaignId, year, thisYearEnd);
      const row = await knex
        .from(donors.as('l'))
        .select(knex.raw('count(*) as ??', ['donors']), sumAs('l.lastYearTotal', 'lastYearTotal'))
        .first();
      return (row ?? {}) as Row;
    },

    async lybuntTop(accountId: string, campaignId: string | undefined, year: number, thisYearEnd: string, limit: number): Promise<Row[]> {
      const donors = lybuntDonors(accountId, campaignId, year, thisYearEnd);
      return (await knex
        .from(donors.as('l'))
        .leftJoin('contacts', 'contacts.id', 'l.contactId')
        .select('l.contactId', 'l.lastYearTotal', 'contacts.firstName', 'contacts.lastName', 'contacts.organization')
        .orderBy([{ column: 'l.lastYearTotal', order: 'desc' }, { column: 'l.contactId', order: 'asc' }])
        .limit(limit)) as Row[];
    },

    async byPaymentMethod(accountId: string, scope: DonationScope): Promise<Row[]> {
      return (await received(accountId, scope)
        .select('donations.paymentMethod', sumAs('donations.donationAmount', 'raised'), knex.raw('count(*) as ??', ['gifts']))
        .groupBy('donations.paymentMethod')
        .orderBy([{ column: 'raised', order: 'desc' }, { column: 'donations.paymentMethod', order: 'asc' }])) as Row[];
    },

    async byCampaign(accountId: string, scope: DonationScope): Promise<Row[]> {
      const perCampaign = received(accountId, scope)
        .select('donations.campaignId', sumAs('donations.donationAmount', 'raised'), knex.raw('count(*) as ??', ['gifts']))
        .groupBy('donations.campaignId');
      return (await knex
        .from(perCampaign.as('g'))
        .leftJoin('campaigns', 'campaigns.id', 'g.campaignId')
        .select('g.campaignId', 'g.raised', 'g.gifts', 'campaigns.name')
        .orderBy([{ column: 'g.raised', order: 'desc' }, { column: 'campaigns.name', order: 'asc' }])) as Row[];
    },

    async topDonors(accountId: string, scope: DonationScope, limit: number): Promise<Row[]> {
      const perDonor = received(accountId, scope)
        .whereNotNull('donations.contactId')
        .select('donations.contactId', sumAs('donations.donationAmount', 'raised'), knex.raw('count(*) as ??', ['gifts']))
        .groupBy('donations.contactId')
        .orderBy([{ column: 'raised', order: 'desc' }, { column: 'donations.contactId', order: 'asc' }])
        .limit(limit);
      return (await knex
        .from(perDonor.as('t'))
        .leftJoin('contacts', 'contacts.id', 't.contactId')
        .select('t.contactId', 't.raised', 't.gifts', 'contacts.firstName', 'contacts.lastName', 'contacts.organization')
        .orderBy([{ column: 't.raised', order: 'desc' }, { column: 't.contactId', order: 'asc' }])) as Row[];
    },

    // Reports: row lists for the downloads.

    /**
     * One page of the donations in the scope, whatever their status, with campaign and donor, in
     * (date, id) order after `after`: a million-row report is read a page at a time, never whole.
     */
    async donationRowsPage(accountId: string, scope: DonationScope, after: { donationDate: string; id: string } | null, limit: number): Promise<Row[]> {
      const query = received(accountId, scope, null);
      if (after) {
        query.where((keyset) =>
          keyset
            .where('donations.donationDate', '>', after.donationDate)
            .orWhere((same) => same.where('donations.donationDate', after.donationDate).where('donations.id', '>', after.id)),
        );
      }
      return (await query
        .leftJoin('campaigns', 'campaigns.id', 'donations.campaignId')
        .leftJoin('contacts', 'contacts.id', 'donations.contactId')
        .select(
          'donations.id',
          'donations.donationDate',
          'donations.donationAmount',
          'donations.status',
          'donations.paymentMethod',
          'donations.checkNumber',
          'donations.transactionId',
          'donations.isAnonymous',
          'donations.notes',
          { campaignName: 'campaigns.name' },
          'contacts.firstName',
          'contacts.lastName',
          'contacts.organization',
          'contacts.primaryEmail',
        )
        .orderBy([{ column: 'donations.donationDate', order: 'asc' }, { column: 'donations.id', order: 'asc' }])
        .limit(limit)) as Row[];
    },

    /**
     * Contacts with their completed giving in the scope. With a campaign, only the contacts who gave
     * to it in the range; otherwise every contact of the account (0 for those who gave nothing).
     */
    async contactRows(accountId: string, scope: DonationScope): Promise<Row[]> {
      const giving = received(accountId, scope)
        .whereNotNull('donations.contactId')
        .groupBy('donations.contactId')
        .select(
          'donations.contactId',
          knex.raw('count(*) as ??', ['gifts']),
          sumAs('donations.donationAmount', 'given'),
          knex.raw('max(??) as ??', ['donations.donationDate', 'lastGift']),
        );
      const query = scoped(knex, 'contacts', accountId);
      if (scope.campaignId) query.join(giving.as('g'), 'g.contactId', 'contacts.id');
      else query.leftJoin(giving.as('g'), 'g.contactId', 'contacts.id');
      return (await query
        .select(
          'contacts.firstName',
          'contacts.lastName',
          'contacts.organization',
          'contacts.primaryEmail',
          'contacts.primaryPhone',
          'contacts.city',
          'contacts.state',
          'contacts.zipCode',
          'contacts.status',
          'contacts.totalDonated',
          'g.gifts',
          'g.given',
          'g.lastGift',
        )
        .orderBy([
          { column: 'contacts.lastName', order: 'asc' },
          { column: 'contacts.firstName', order: 'asc' },
          { column: 'contacts.id', order: 'asc' },
        ])) as Row[];
    },

    /** Each campaign (or the chosen one) with its completed giving in the range. */
    async campaignRows(accountId: string, scope: DonationScope): Promise<Row[]> {
      const giving = received(accountId, { from: scope.from, to: scope.to, campaignId: scope.campaignId })
        .whereNotNull('donations.campaignId')
        .groupBy('donations.campaignId')
        .select(
          'donations.campaignId',
          knex.raw('count(*) as ??', ['gifts']),
          knex.raw('count(distinct ??) as ??', ['donations.contactId', 'donors']),
          sumAs('donations.donationAmount', 'raised'),
        );
      const query = scoped(knex, 'campaigns', accountId).leftJoin(giving.as('g'), 'g.campaignId', 'campaigns.id');
      if (scope.campaignId) query.where('campaigns.id', scope.campaignId);
      return (await query
        .select(
          'campaigns.name',
          'campaigns.status',
          'campaigns.startDate',
          'campaigns.endDate',
          'campaigns.fundraisingGoal',
          'campaigns.amountRaised',
          'campaigns.contactGoal',
          'g.gifts',
          'g.donors',
          'g.raised',
        )
        .orderBy([{ column: 'campaigns.name', order: 'asc' }, { column: 'campaigns.id', order: 'asc' }])) as Row[];
    },

    /** Donations per month and status (completed, pending, refunded...). */
    async donationsByMonthAndStatus(accountId: string, scope: DonationScope): Promise<Row[]> {
      const month = monthOf('donations.donationDate');
      return (await received(accountId, scope, null)
        .select(knex.raw('? as ??', [month, 'month']), 'donations.status', sumAs('donations.donationAmount', 'amount'), knex.raw('count(*) as ??', ['gifts']))
        .groupBy(month, 'donations.status')) as Row[];
    },

    /** Pledged and fulfilled amounts per month of the pledge date (cancelled pledges left out). */
    async pledgesByMonth(accountId: string, scope: DonationScope): Promise<Row[]> {
      const month = monthOf('pledges.pledgeDate');
      const query = scoped(knex, 'pledges', accountId).whereNot('pledges.status', 'cancelled');
      if (scope.campaignId) query.where('pledges.campaignId', scope.campaignId);
      if (scope.from) query.where('pledges.pledgeDate', '>=', scope.from);
      if (scope.to) query.where('pledges.pledgeDate', '<=', scope.to);
      return (await query
        .select(knex.raw('? as ??', [month, 'month']), sumAs('pledges.pledgeAmount', 'pledged'), sumAs('pledges.amountFulfilled', 'fulfilled'))
        .groupBy(month)) as Row[];
    },
  };
}

export type AnalyticsReportsRepository = ReturnType<typeof createAnalyticsReportsRepository>;
