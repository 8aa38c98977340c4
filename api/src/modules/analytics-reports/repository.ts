import type { Knex } from 'knex';
import { engineOf } from '../../db';
import { COUNTED_DONATION_STATUS } from '../../db/enums';
import { toIsoDate, toInt, type DbDateTime } from '../../db/values';
import { scoped } from '../../http/tenancy';
import { ALL_CAMPAIGNS, ALL_YEARS, AMOUNT_DAYS, DAY_TOTALS, DONOR_YEARS } from './rollups';

type Row = Record<string, unknown>;

/** Calendar days, both ends included, and an optional campaign. Dates are 'YYYY-MM-DD' text. */
export type DonationScope = { from?: string; to?: string; campaignId?: string };

/** A donor's exact giving in a range. */
export type DonorSum = { contactId: string; cents: number; gifts: number };

/**
 * Top donors: candidates read per query, and how many are looked at before the plain aggregate over
 * the donations is used instead (tests make both small to walk every path).
 */
export type TopDonorSearch = { batch?: number; maxCandidates?: number };

/**
 * Every figure is an aggregate query. The summary reads the roll-ups of rollups.ts (a few thousand
 * rows per year instead of the donations); the reports, and the summary's rare cases the roll-ups do
 * not settle, read the account's completed donations. Money of the roll-ups is in integer cents;
 * money of the donations comes back as DECIMAL (MariaDB) or a number (SQLite) and is rounded to cents
 * by the service; counts may come back as text or bigint.
 */
export function createAnalyticsReportsRepository(knex: Knex, { batch: TOP_BATCH = 200, maxCandidates: MAX_TOP_CANDIDATES = 3000 }: TopDonorSearch = {}) {
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

  const sumAs = (column: string, alias: string) => knex.raw('coalesce(sum(??), 0) as ??', [column, alias]);
  /** Sum of DECIMAL amounts in whole cents (SQLite keeps DECIMAL as a float: each is rounded first). */
  const centsSum = (column: string, alias: string) =>
    engineOf(knex) === 'mysql' ? knex.raw('coalesce(sum(round(?? * 100)), 0) as ??', [column, alias]) : knex.raw('coalesce(sum(cast(round(?? * 100) as integer)), 0) as ??', [column, alias]);

  /** Day roll-up rows of the scope; `status` null for every status. */
  function days(accountId: string, scope: DonationScope, status: string | null = COUNTED_DONATION_STATUS): Knex.QueryBuilder {
    const query = scoped(knex, DAY_TOTALS, accountId);
    if (status) query.where(`${DAY_TOTALS}.status`, status);
    if (scope.campaignId) query.where(`${DAY_TOTALS}.campaignKey`, scope.campaignId);
    if (scope.from) query.where(`${DAY_TOTALS}.donationDate`, '>=', scope.from);
    if (scope.to) query.where(`${DAY_TOTALS}.donationDate`, '<=', scope.to);
    return query;
  }

  /** donor_years rows of the scope (a campaign, or every campaign) and one year (0: every year). */
  const donorYears = (accountId: string, campaignId: string | undefined, year: number) =>
    scoped(knex, DONOR_YEARS, accountId)
      .where(`${DONOR_YEARS}.scope`, campaignId ?? ALL_CAMPAIGNS)
      .where(`${DONOR_YEARS}.year`, year);

  const yearOf = (date: string) => Number(date.slice(0, 4));
  const dayText = (value: unknown) => toIsoDate(value as DbDateTime) ?? '';

  /** Exact sums of these donors in the scope, from their donations (the donor index). */
  async function exactSums(accountId: string, scope: DonationScope, contactIds: string[]): Promise<Map<string, DonorSum>> {
    if (contactIds.length === 0) return new Map();
    const rows = (await received(accountId, scope)
      .whereIn('donations.contactId', contactIds)
      .groupBy('donations.contactId')
      .select('donations.contactId', centsSum('donations.donationAmount', 'cents'), knex.raw('count(*) as ??', ['gifts']))) as Row[];
    return new Map(rows.map((r) => [String(r.contactId), { contactId: String(r.contactId), cents: toInt(r.cents), gifts: toInt(r.gifts) }]));
  }

  /** Last year's donor_years rows of donors with no gift from Jan 1 of `year` to `thisYearEnd`. */
  const lapsed = (accountId: string, campaignId: string | undefined, year: number, thisYearEnd: string) =>
    donorYears(accountId, campaignId, year - 1).where((q) => q.whereNull(`${DONOR_YEARS}.nextDate`).orWhere(`${DONOR_YEARS}.nextDate`, '>', thisYearEnd));

  /** Top donors by one aggregate over the donations: when donor_years cannot narrow the candidates. */
  async function topDonorsFromDonations(accountId: string, scope: DonationScope, limit: number): Promise<Row[]> {
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
  }

  return {
    async campaignExists(accountId: string, campaignId: string): Promise<boolean> {
      return Boolean(await scoped(knex, 'campaigns', accountId).where('campaigns.id', campaignId).first('campaigns.id'));
    },

    /** Completed gifts and their sum in the scope (the day roll-up). */
    async totals(accountId: string, scope: DonationScope): Promise<{ gifts: number; raised: number }> {
      const row = (await days(accountId, scope)
        .select(knex.raw('coalesce(sum(??), 0) as ??', [`${DAY_TOTALS}.amountCents`, 'cents']), knex.raw('coalesce(sum(??), 0) as ??', [`${DAY_TOTALS}.gifts`, 'gifts']))
        .first()) as Row | undefined;
      return { gifts: toInt(row?.gifts), raised: toInt(row?.cents) / 100 };
    },

    /**
     * How many donors gave in the scope, from donor_years: a donor of a range is counted in the
     * first year of the range it gave in (its last gift before that year, prevDate, is before the
     * range). Only a range inside one year that touches neither end of it can hold a donor whose
     * year's gifts surround the range without one in it; when there is one, the donations are counted.
     */
    async donorCount(accountId: string, scope: DonationScope): Promise<number> {
      const { from, to, campaignId } = scope;
      const count = async (query: Knex.QueryBuilder) => toInt(((await query.count({ n: '*' }).first()) as Row | undefined)?.n);
      if (!from) {
        const query = donorYears(accountId, campaignId, ALL_YEARS);
        if (to) query.where(`${DONOR_YEARS}.firstDate`, '<=', to);
        return count(query);
      }
      if (!to) return count(donorYears(accountId, campaignId, ALL_YEARS).where(`${DONOR_YEARS}.lastDate`, '>=', from));
      const [first, last] = [yearOf(from), yearOf(to)];
      if (first === last) {
        const row = (await donorYears(accountId, campaignId, first)
          .where(`${DONOR_YEARS}.firstDate`, '<=', to)
          .where(`${DONOR_YEARS}.lastDate`, '>=', from)
          .select(
            knex.raw('count(*) as ??', ['donors']),
            knex.raw('coalesce(sum(case when ?? < ? and ?? > ? then 1 else 0 end), 0) as ??', [`${DONOR_YEARS}.firstDate`, from, `${DONOR_YEARS}.lastDate`, to, 'unsure']),
          )
          .first()) as Row | undefined;
        if (toInt(row?.unsure) === 0) return toInt(row?.donors);
        const exact = (await received(accountId, scope).select(knex.raw('count(distinct ??) as ??', ['donations.contactId', 'donors'])).first()) as Row | undefined;
        return toInt(exact?.donors);
      }
      const firstInRange = (q: Knex.QueryBuilder) => q.whereNull(`${DONOR_YEARS}.prevDate`).orWhere(`${DONOR_YEARS}.prevDate`, '<', from);
      return count(
        scoped(knex, DONOR_YEARS, accountId)
          .where(`${DONOR_YEARS}.scope`, campaignId ?? ALL_CAMPAIGNS)
          .whereBetween(`${DONOR_YEARS}.year`, [first, last])
          .where((q) =>
            q
              .where((y) => y.where(`${DONOR_YEARS}.year`, first).where(`${DONOR_YEARS}.lastDate`, '>=', from))
              .orWhere((y) => y.where(`${DONOR_YEARS}.year`, '>', first).where(`${DONOR_YEARS}.year`, '<', last).where(firstInRange))
              .orWhere((y) => y.where(`${DONOR_YEARS}.year`, last).where(`${DONOR_YEARS}.firstDate`, '<=', to).where(firstInRange)),
          ),
      );
    },

    /** Donors whose first gift ever (in the campaign when one is chosen) is in the range; needs `from`. */
    async newDonors(accountId: string, scope: DonationScope & { from: string }): Promise<number> {
      const query = donorYears(accountId, scope.campaignId, ALL_YEARS).where(`${DONOR_YEARS}.firstDate`, '>=', scope.from);
      if (scope.to) query.where(`${DONOR_YEARS}.firstDate`, '<=', scope.to);
      return toInt(((await query.count({ n: '*' }).first()) as Row | undefined)?.n);
    },

    /**
     * The one or two middle amounts (in cents) of `count` gifts in amount order (positions (n-1)/2 and
     * n/2), from the per-day amount roll-up: the first amount whose running count passes the position.
     */
    async middleAmounts(accountId: string, scope: DonationScope, count: number): Promise<number[]> {
      if (count <= 0) return [];
      const low = Math.floor((count - 1) / 2);
      const high = Math.floor(count / 2);
      const histogram = scoped(knex, AMOUNT_DAYS, accountId);
      if (scope.campaignId) histogram.where(`${AMOUNT_DAYS}.campaignKey`, scope.campaignId);
      if (scope.from) histogram.where(`${AMOUNT_DAYS}.donationDate`, '>=', scope.from);
      if (scope.to) histogram.where(`${AMOUNT_DAYS}.donationDate`, '<=', scope.to);
      histogram
        .groupBy(`${AMOUNT_DAYS}.amountCents`)
        .havingRaw('sum(??) > 0', [`${AMOUNT_DAYS}.gifts`])
        .select(`${AMOUNT_DAYS}.amountCents`, knex.raw('sum(sum(??)) over (order by ??) as ??', [`${AMOUNT_DAYS}.gifts`, `${AMOUNT_DAYS}.amountCents`, 'running']));
      const rows = (await knex.from(histogram.as('h')).where('h.running', '>', low).orderBy('h.amountCents', 'asc').limit(2).select('h.amountCents', 'h.running')) as Row[];
      if (rows.length === 0) return [];
      const lowValue = toInt(rows[0].amountCents);
      if (high === low) return [lowValue];
      return [lowValue, toInt(rows[0].running) > high || rows.length < 2 ? lowValue : toInt(rows[1].amountCents)];
    },

    async raisedByMonth(accountId: string, scope: DonationScope): Promise<Row[]> {
      const month = monthOf(`${DAY_TOTALS}.donationDate`);
      const rows = (await days(accountId, scope)
        .select(knex.raw('? as ??', [month, 'month']), knex.raw('sum(??) as ??', [`${DAY_TOTALS}.amountCents`, 'cents']), knex.raw('sum(??) as ??', [`${DAY_TOTALS}.gifts`, 'gifts']))
        .groupBy(month)
        .havingRaw('sum(??) > 0', [`${DAY_TOTALS}.gifts`])
        .orderBy('month', 'asc')) as Row[];
      return rows.map((row) => ({ month: row.month, raised: toInt(row.cents) / 100, gifts: row.gifts }));
    },

    /** Donors who gave in the year before `year` and nothing from Jan 1 of `year` to `thisYearEnd`. */
    async lybuntTotals(accountId: string, campaignId: string | undefined, year: number, thisYearEnd: string): Promise<Row> {
      const row = (await lapsed(accountId, campaignId, year, thisYearEnd)
        .select(knex.raw('count(*) as ??', ['donors']), knex.raw('coalesce(sum(??), 0) as ??', [`${DONOR_YEARS}.amountCents`, 'cents']))
        .first()) as Row | undefined;
      return { donors: row?.donors, lastYearTotal: toInt(row?.cents) / 100 };
    },

    async lybuntTop(accountId: string, campaignId: string | undefined, year: number, thisYearEnd: string, limit: number): Promise<Row[]> {
      // The few largest first, then their names: joining before the limit would look up every lapsed donor.
      const top = lapsed(accountId, campaignId, year, thisYearEnd)
        .select(`${DONOR_YEARS}.contactId`, `${DONOR_YEARS}.amountCents`)
        .orderBy([{ column: `${DONOR_YEARS}.amountCents`, order: 'desc' }, { column: `${DONOR_YEARS}.contactId`, order: 'asc' }])
        .limit(limit);
      const rows = (await knex
        .from(top.as('l'))
        .leftJoin('contacts', 'contacts.id', 'l.contactId')
        .select('l.contactId', 'l.amountCents', 'contacts.firstName', 'contacts.lastName', 'contacts.organization')
        .orderBy([{ column: 'l.amountCents', order: 'desc' }, { column: 'l.contactId', order: 'asc' }])) as Row[];
      return rows.map((row) => ({ ...row, lastYearTotal: toInt(row.amountCents) / 100 }));
    },

    async byPaymentMethod(accountId: string, scope: DonationScope): Promise<Row[]> {
      const rows = (await days(accountId, scope)
        .select(`${DAY_TOTALS}.paymentMethod`, knex.raw('sum(??) as ??', [`${DAY_TOTALS}.amountCents`, 'cents']), knex.raw('sum(??) as ??', [`${DAY_TOTALS}.gifts`, 'gifts']))
        .groupBy(`${DAY_TOTALS}.paymentMethod`)
        .havingRaw('sum(??) > 0', [`${DAY_TOTALS}.gifts`])
        .orderBy([{ column: 'cents', order: 'desc' }, { column: `${DAY_TOTALS}.paymentMethod`, order: 'asc' }])) as Row[];
      return rows.map((row) => ({ paymentMethod: row.paymentMethod, raised: toInt(row.cents) / 100, gifts: row.gifts }));
    },

    /** Per campaign; gifts without one, or to a campaign since deleted, under campaignId null. */
    async byCampaign(accountId: string, scope: DonationScope): Promise<Row[]> {
      const perCampaign = days(accountId, scope)
        .select(`${DAY_TOTALS}.campaignKey`, knex.raw('sum(??) as ??', [`${DAY_TOTALS}.amountCents`, 'cents']), knex.raw('sum(??) as ??', [`${DAY_TOTALS}.gifts`, 'gifts']))
        .groupBy(`${DAY_TOTALS}.campaignKey`)
        .havingRaw('sum(??) > 0', [`${DAY_TOTALS}.gifts`]);
      const rows = (await knex
        .from(perCampaign.as('g'))
        .leftJoin('campaigns', function joinCampaign() {
          this.on('campaigns.id', '=', 'g.campaignKey').andOn('campaigns.accountId', '=', knex.raw('?', [accountId]));
        })
        .select('g.cents', 'g.gifts', 'campaigns.id', 'campaigns.name')) as Row[];
      const merged = new Map<string, { campaignId: string | null; name: string | null; cents: number; gifts: number }>();
      for (const row of rows) {
        const campaignId = row.id ? String(row.id) : null;
        const key = campaignId ?? '';
        const entry = merged.get(key) ?? { campaignId, name: campaignId ? String(row.name) : null, cents: 0, gifts: 0 };
        entry.cents += toInt(row.cents);
        entry.gifts += toInt(row.gifts);
        merged.set(key, entry);
      }
      return [...merged.values()]
        .sort((a, b) => b.cents - a.cents || (a.name ?? '').localeCompare(b.name ?? '') || (a.name === null ? -1 : b.name === null ? 1 : 0))
        .map((e) => ({ campaignId: e.campaignId, name: e.name, raised: e.cents / 100, gifts: e.gifts }));
    },

    /**
     * The `limit` donors who gave most in the scope (ties by contact id), exactly. Candidates come
     * from donor_years largest first: their year's sum when the range is inside one year, else their
     * sum over every year; either is at least what they gave in the range. A candidate whose row lies
     * inside the range has its exact sum there; the others' sums are read from their donations. The
     * search stops once the last place beats every candidate left.
     */
    async topDonors(accountId: string, scope: DonationScope, limit: number): Promise<Row[]> {
      const { from, to } = scope;
      const year = from && to && yearOf(from) === yearOf(to) ? yearOf(from) : ALL_YEARS;
      const best: DonorSum[] = [];
      const order = (a: DonorSum, b: DonorSum) => b.cents - a.cents || (a.contactId < b.contactId ? -1 : a.contactId > b.contactId ? 1 : 0);
      let after: { cents: number; id: number } | null = null;
      let seen = 0;
      for (;;) {
        const query = donorYears(accountId, scope.campaignId, year);
        if (after) {
          const { cents, id } = after;
          query.where((q) => q.where(`${DONOR_YEARS}.amountCents`, '<', cents).orWhere((same) => same.where(`${DONOR_YEARS}.amountCents`, cents).where(`${DONOR_YEARS}.id`, '<', id)));
        }
        const candidates = (await query
          .orderBy([{ column: `${DONOR_YEARS}.amountCents`, order: 'desc' }, { column: `${DONOR_YEARS}.id`, order: 'desc' }])
          .limit(TOP_BATCH)
          .select(`${DONOR_YEARS}.id`, `${DONOR_YEARS}.contactId`, `${DONOR_YEARS}.amountCents`, `${DONOR_YEARS}.gifts`, `${DONOR_YEARS}.firstDate`, `${DONOR_YEARS}.lastDate`)) as Row[];
        const inside = (row: Row) => (!from || dayText(row.firstDate) >= from) && (!to || dayText(row.lastDate) <= to);
        const sums = await exactSums(accountId, scope, candidates.filter((row) => !inside(row)).map((row) => String(row.contactId)));
        for (const row of candidates) {
          const contactId = String(row.contactId);
          const sum = inside(row) ? { contactId, cents: toInt(row.amountCents), gifts: toInt(row.gifts) } : sums.get(contactId);
          if (sum && sum.gifts > 0) best.push(sum);
        }
        best.sort(order).splice(limit);
        seen += candidates.length;
        if (candidates.length < TOP_BATCH) break;
        const last = candidates[candidates.length - 1];
        after = { cents: toInt(last.amountCents), id: toInt(last.id) };
        if (best.length >= limit && best[limit - 1].cents > after.cents) break;
        if (seen >= MAX_TOP_CANDIDATES) return topDonorsFromDonations(accountId, scope, limit);
      }
      if (best.length === 0) return [];
      const names = (await scoped(knex, 'contacts', accountId)
        .whereIn('contacts.id', best.map((b) => b.contactId))
        .select('contacts.id', 'contacts.firstName', 'contacts.lastName', 'contacts.organization')) as Row[];
      const byId = new Map(names.map((n) => [String(n.id), n]));
      return best.map((b) => ({ ...byId.get(b.contactId), contactId: b.contactId, raised: b.cents / 100, gifts: b.gifts }));
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

    /** Donations per month and status (completed, pending, refunded...), from the day roll-up. */
    async donationsByMonthAndStatus(accountId: string, scope: DonationScope): Promise<Row[]> {
      const month = monthOf(`${DAY_TOTALS}.donationDate`);
      const rows = (await days(accountId, scope, null)
        .select(knex.raw('? as ??', [month, 'month']), `${DAY_TOTALS}.status`, knex.raw('sum(??) as ??', [`${DAY_TOTALS}.amountCents`, 'cents']), knex.raw('sum(??) as ??', [`${DAY_TOTALS}.gifts`, 'gifts']))
        .groupBy(month, `${DAY_TOTALS}.status`)
        .havingRaw('sum(??) > 0', [`${DAY_TOTALS}.gifts`])) as Row[];
      return rows.map((row) => ({ month: row.month, status: row.status, amount: toInt(row.cents) / 100, gifts: row.gifts }));
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
