import type { DonationStatus } from '@caucus/contract';
import type { CampaignRow, ContactRow, DbTime, DonationDayTotalRow, DonationRow } from '../../db/rows';
import { toInt } from '../../db/values';
import { scoped } from '../../http/tenancy';
import { donorCounts } from './donorCounts';
import { DAY_TOTALS } from './rollups';
import type { DonationScope, ScopeQueries } from './scopeQueries';

// The reports' rows (the downloads of Reports): lists of donations, contacts, campaigns, and the
// monthly tables of the financial summary.

/** A donation of the report, with its campaign's and donor's names (null without one). */
export type DonationReportRow = Pick<
  DonationRow,
  'id' | 'donationDate' | 'donationAmount' | 'status' | 'paymentMethod' | 'checkNumber' | 'transactionId' | 'isAnonymous' | 'notes'
> & { campaignName: string | null; firstName: string | null; lastName: string | null; organization: string | null; primaryEmail: string | null };
/** A contact with their giving in the scope (null when they gave nothing in it). */
export type ContactReportRow = Pick<
  ContactRow,
  'firstName' | 'lastName' | 'organization' | 'primaryEmail' | 'primaryPhone' | 'city' | 'state' | 'zipCode' | 'status' | 'totalDonated'
> & { gifts: unknown; given: unknown; lastGift: DbTime | null };
type CampaignColumns = Pick<CampaignRow, 'id' | 'name' | 'status' | 'startDate' | 'endDate' | 'fundraisingGoal' | 'amountRaised' | 'contactGoal'>;
/** A campaign with its completed giving in the range. */
export type CampaignReportRow = CampaignColumns & { gifts: number; donors: number; raised: number };
/** A month's donations of one status (SUM of gifts: read with toInt). */
export type DonationMonthRow = { month: string; status: DonationStatus; amount: number; gifts: unknown };
/** A month's pledges (SUMs: read with toMoney). */
export type PledgeMonthRow = { month: string; pledged: unknown; fulfilled: unknown };
type CampaignSumRow = Pick<DonationDayTotalRow, 'campaignKey'> & { cents: unknown; gifts: unknown };

export function createReportRowQueries(q: ScopeQueries) {
  const { knex } = q;
  return {
    /**
     * One page of the donations in the scope, whatever their status, with campaign and donor, in
     * (date, id) order after `after`: a million-row report is read a page at a time, never whole.
     */
    async donationRowsPage(
      accountId: string,
      scope: DonationScope,
      after: { donationDate: string; id: string } | null,
      limit: number,
    ): Promise<DonationReportRow[]> {
      const query = q.received(accountId, scope, null);
      if (after) {
        query.where((keyset) =>
          keyset
            .where('donations.donationDate', '>', after.donationDate)
            .orWhere((same) => same.where('donations.donationDate', after.donationDate).where('donations.id', '>', after.id)),
        );
      }
      return query
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
        .orderBy([
          { column: 'donations.donationDate', order: 'asc' },
          { column: 'donations.id', order: 'asc' },
        ])
        .limit(limit);
    },

    /**
     * Contacts with their completed giving in the scope. With a campaign, only the contacts who gave
     * to it in the range; otherwise every contact of the account (0 for those who gave nothing).
     */
    async contactRows(accountId: string, scope: DonationScope): Promise<ContactReportRow[]> {
      const giving = q
        .received(accountId, scope)
        .whereNotNull('donations.contactId')
        .groupBy('donations.contactId')
        .select(
          'donations.contactId',
          knex.raw('count(*) as ??', ['gifts']),
          q.sumAs('donations.donationAmount', 'given'),
          knex.raw('max(??) as ??', ['donations.donationDate', 'lastGift']),
        );
      const query = scoped(knex, 'contacts', accountId);
      if (scope.campaignId) query.join(giving.as('g'), 'g.contactId', 'contacts.id');
      else query.leftJoin(giving.as('g'), 'g.contactId', 'contacts.id');
      return query
        .select<ContactReportRow[]>(
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
        ]);
    },

    /**
     * Each campaign (or the chosen one) with its completed giving in the range: gifts and sums from
     * the day roll-up, donors from donor_years (reading the donations took 6.5 s on the large seed).
     */
    async campaignRows(accountId: string, scope: DonationScope): Promise<CampaignReportRow[]> {
      const query = scoped(knex, 'campaigns', accountId);
      if (scope.campaignId) query.where('campaigns.id', scope.campaignId);
      const campaigns = await query
        .select<CampaignColumns[]>(
          'campaigns.id',
          'campaigns.name',
          'campaigns.status',
          'campaigns.startDate',
          'campaigns.endDate',
          'campaigns.fundraisingGoal',
          'campaigns.amountRaised',
          'campaigns.contactGoal',
        )
        .orderBy([
          { column: 'campaigns.name', order: 'asc' },
          { column: 'campaigns.id', order: 'asc' },
        ]);
      if (campaigns.length === 0) return [];
      const ids = campaigns.map((c) => c.id);
      const range = { from: scope.from, to: scope.to };
      const sums = new Map<string, CampaignSumRow>();
      for (let i = 0; i < ids.length; i += 500) {
        const rows: CampaignSumRow[] = await q
          .days(accountId, range)
          .whereIn(`${DAY_TOTALS}.campaignKey`, ids.slice(i, i + 500))
          .groupBy(`${DAY_TOTALS}.campaignKey`)
          .select(
            `${DAY_TOTALS}.campaignKey`,
            knex.raw('sum(??) as ??', [`${DAY_TOTALS}.amountCents`, 'cents']),
            knex.raw('sum(??) as ??', [`${DAY_TOTALS}.gifts`, 'gifts']),
          );
        for (const row of rows) sums.set(row.campaignKey, row);
      }
      const donors = await donorCounts(q, accountId, range, ids);
      return campaigns.map((campaign) => {
        const id = campaign.id;
        const sum = sums.get(id);
        return { ...campaign, gifts: toInt(sum?.gifts), donors: donors.get(id) ?? 0, raised: toInt(sum?.cents) / 100 };
      });
    },

    /** Donations per month and status (completed, pending, refunded...), from the day roll-up. */
    async donationsByMonthAndStatus(accountId: string, scope: DonationScope): Promise<DonationMonthRow[]> {
      const month = q.monthOf(`${DAY_TOTALS}.donationDate`);
      const rows: (Pick<DonationDayTotalRow, 'status'> & { month: string; cents: unknown; gifts: unknown })[] = await q
        .days(accountId, scope, null)
        .select(
          knex.raw('? as ??', [month, 'month']),
          `${DAY_TOTALS}.status`,
          knex.raw('sum(??) as ??', [`${DAY_TOTALS}.amountCents`, 'cents']),
          knex.raw('sum(??) as ??', [`${DAY_TOTALS}.gifts`, 'gifts']),
        )
        // The status first: knex reads a raw first argument of groupBy as the whole clause (the status
        // was dropped, and a month's pending and refunded gifts summed into one arbitrary status).
        .groupBy(`${DAY_TOTALS}.status`)
        .groupBy(month)
        .havingRaw('sum(??) > 0', [`${DAY_TOTALS}.gifts`]);
      return rows.map((row) => ({ month: row.month, status: row.status, amount: toInt(row.cents) / 100, gifts: row.gifts }));
    },

    /** Pledged and fulfilled amounts per month of the pledge date (cancelled pledges left out). */
    async pledgesByMonth(accountId: string, scope: DonationScope): Promise<PledgeMonthRow[]> {
      const month = q.monthOf('pledges.pledgeDate');
      const query = scoped(knex, 'pledges', accountId).whereNot('pledges.status', 'cancelled');
      if (scope.campaignId) query.where('pledges.campaignId', scope.campaignId);
      if (scope.from) query.where('pledges.pledgeDate', '>=', scope.from);
      if (scope.to) query.where('pledges.pledgeDate', '<=', scope.to);
      return query
        .select(knex.raw('? as ??', [month, 'month']), q.sumAs('pledges.pledgeAmount', 'pledged'), q.sumAs('pledges.amountFulfilled', 'fulfilled'))
        .groupBy(month);
    },
  };
}
