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

  /**
   * How many donors gave in the range, per donor_years scope (a campaign id, or ALL_CAMPAIGNS), in one
   * grouped read of donor_years: a donor of a range is counted in the first year of the range it gave
   * in (its last gift before that year, prevDate, is before the range). Only a range inside one year
   * that touches neither end of it can hold a donor whose year's gifts surround the range without one
   * in it; for the scopes where there is one, the donations are counted.
   */
  async function donorCounts(accountId: string, range: { from?: string; to?: string }, scopes: string[]): Promise<Map<string, number>> {
    const { from, to } = range;
    const counts = new Map<string, number>();
    const unsure: string[] = [];
    const scopeColumn = `${DONOR_YEARS}.scope`;
    for (let i = 0; i < scopes.length; i += 500) {
      const chunk = scopes.slice(i, i + 500);
      const query = scoped(knex, DONOR_YEARS, accountId).whereIn(scopeColumn, chunk).groupBy(scopeColumn).select(scopeColumn, knex.raw('count(*) as ??', ['donors']));
      if (!from) {
        query.where(`${DONOR_YEARS}.year`, ALL_YEARS);
        if (to) query.where(`${DONOR_YEARS}.firstDate`, '<=', to);
      } else if (!to) {
        query.where(`${DONOR_YEARS}.year`, ALL_YEARS).where(`${DONOR_YEARS}.lastDate`, '>=', from);
      } else if (yearOf(from) === yearOf(to)) {
        query
          .where(`${DONOR_YEARS}.year`, yearOf(from))
          .where(`${DONOR_YEARS}.firstDate`, '<=', to)
          .where(`${DONOR_YEARS}.lastDate`, '>=', from)
          .select(knex.raw('coalesce(sum(case when ?? < ? and ?? > ? then 1 else 0 end), 0) as ??', [`${DONOR_YEARS}.firstDate`, from, `${DONOR_YEARS}.lastDate`, to, 'unsure']));
      } else {
        const [first, last] = [yearOf(from), yearOf(to)];
        const firstInRange = (q: Knex.QueryBuilder) => q.whereNull(`${DONOR_YEARS}.prevDate`).orWhere(`${DONOR_YEARS}.prevDate`, '<', from);
        query.whereBetween(`${DONOR_YEARS}.year`, [first, last]).where((q) =>
          q
            .where((y) => y.where(`${DONOR_YEARS}.year`, first).where(`${DONOR_YEARS}.lastDate`, '>=', from))
            .orWhere((y) => y.where(`${DONOR_YEARS}.year`, '>', first).where(`${DONOR_YEARS}.year`, '<', last).where(firstInRange))
            .orWhere((y) => y.where(`${DONOR_YEARS}.year`, last).where(`${DONOR_YEARS}.firstDate`, '<=', to).where(firstInRange)),
        );
      }
      for (const row of (await query) as Row[]) {
        if (toInt(row.unsure) > 0) unsure.push(String(row.scope));
        else counts.set(String(row.scope), toInt(row.donors));
      }
    }
    const exactly = async (query: Knex.QueryBuilder) => (await query.select(knex.raw('count(distinct ??) as ??', ['donations.contactId', 'donors']))) as Row[];
    if (unsure.includes(ALL_CAMPAIGNS)) counts.set(ALL_CAMPAIGNS, toInt((await exactly(received(accountId, range)))[0]?.donors));
    const campaigns = unsure.filter((scope) => scope !== ALL_CAMPAIGNS);
    for (let i = 0; i < campaigns.length; i += 500) {
      const rows = await exactly(received(accountId, range).whereIn('donations.campaignId', campaigns.slice(i, i + 500)).groupBy('donations.campaignId').select('donations.campaignId'));
      for (const row of rows) counts.set(String(row.campaignId), toInt(row.donors));
    }
    return counts;
  }

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

    /**
     * The figures of the day roll-up, from one read of its rows grouped by month, campaign and
     * payment method (four reads of the same rows before): the completed gifts and their sum, per
     * month, per payment method, and per campaign, where gifts without one, or to a campaign since
     * deleted, are under campaignId null.
     */
    async dayFigures(accountId: string, scope: DonationScope): Promise<{ totals: { gifts: number; raised: number }; months: Row[]; methods: Row[]; campaigns: Row[] }> {
      const month = monthOf(`${DAY_TOTALS}.donationDate`);
      const rows = (await days(accountId, scope)
        .select(
          knex.raw('? as ??', [month, 'month']),
          `${DAY_TOTALS}.campaignKey`,
          `${DAY_TOTALS}.paymentMethod`,
          knex.raw('sum(??) as ??', [`${DAY_TOTALS}.amountCents`, 'cents']),
          knex.raw('sum(??) as ??', [`${DAY_TOTALS}.gifts`, 'gifts']),
        )
        // The columns first: knex reads a raw first argument of groupBy as the whole clause.
        .groupBy([`${DAY_TOTALS}.campaignKey`, `${DAY_TOTALS}.paymentMethod`])
        .groupBy(month)) as Row[];
      type Sum = { cents: number; gifts: number };
      const add = (map: Map<string, Sum>, key: string, row: Row) => {
        const sum = map.get(key) ?? { cents: 0, gifts: 0 };
        sum.cents += toInt(row.cents);
        sum.gifts += toInt(row.gifts);
        map.set(key, sum);
      };
      const byMonth = new Map<string, Sum>();
      const byMethod = new Map<string, Sum>();
      const byKey = new Map<string, Sum>();
      const total: Sum = { cents: 0, gifts: 0 };
      for (const row of rows) {
        add(byMonth, String(row.month), row);
        add(byMethod, String(row.paymentMethod), row);
        add(byKey, String(row.campaignKey ?? ''), row);
        total.cents += toInt(row.cents);
        total.gifts += toInt(row.gifts);
      }
      const given = (map: Map<string, Sum>) => [...map.entries()].filter(([, sum]) => sum.gifts > 0);
      const months = given(byMonth)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, sum]) => ({ month: key, raised: sum.cents / 100, gifts: sum.gifts }));
      const methods = given(byMethod)
        .sort(([ka, a], [kb, b]) => b.cents - a.cents || (ka < kb ? -1 : ka > kb ? 1 : 0))
        .map(([key, sum]) => ({ paymentMethod: key, raised: sum.cents / 100, gifts: sum.gifts }));
      const keys = given(byKey);
      const ids = keys.map(([key]) => key).filter(Boolean);
      const names = ids.length ? ((await scoped(knex, 'campaigns', accountId).whereIn('campaigns.id', ids).select('campaigns.id', 'campaigns.name')) as Row[]) : [];
      const nameOf = new Map(names.map((n) => [String(n.id), String(n.name)]));
      const merged = new Map<string, { campaignId: string | null; name: string | null; cents: number; gifts: number }>();
      for (const [key, sum] of keys) {
        const campaignId = key && nameOf.has(key) ? key : null;
        const entry = merged.get(campaignId ?? '') ?? { campaignId, name: campaignId ? (nameOf.get(campaignId) as string) : null, cents: 0, gifts: 0 };
        entry.cents += sum.cents;
        entry.gifts += sum.gifts;
        merged.set(campaignId ?? '', entry);
      }
      const campaigns = [...merged.values()]
        .sort((a, b) => b.cents - a.cents || (a.name ?? '').localeCompare(b.name ?? '') || (a.name === null ? -1 : b.name === null ? 1 : 0))
        .map((e) => ({ campaignId: e.campaignId, name: e.name, raised: e.cents / 100, gifts: e.gifts }));
      return { totals: { gifts: total.gifts, raised: total.cents / 100 }, months, methods, campaigns };
    },

    /** How many donors gave in the scope (see donorCounts). */
    async donorCount(accountId: string, scope: DonationScope): Promise<number> {
      const scopeKey = scope.campaignId ?? ALL_CAMPAIGNS;
      return (await donorCounts(accountId, scope, [scopeKey])).get(scopeKey) ?? 0;
    },

    /** Donors whose first gift ever (in the campaign when one is chosen) is in the range; needs `from`. */
    async newDonors(accountId: string, scope: DonationScope & { from: string }): Promise<number> {
      const query = donorYears(accountId, scope.campaignId, ALL_YEARS).where(`${DONOR_YEARS}.firstDate`, '>=', scope.from);
      if (scope.to) query.where(`${DONOR_YEARS}.firstDate`, '<=', scope.to);
      return toInt(((await query.count({ n: '*' }).first()) as Row | undefined)?.n);
    },

    /**
     * The one or two middle amounts (in cents) of the completed gifts of the scope in amount order
     * (positions (n-1)/2 and n/2 of n), from the per-day amount roll-up: the first amount whose
     * running count passes the position. n is counted in the same query, so that the summary need
     * not wait for its totals before asking.
     */
    async middleAmounts(accountId: string, scope: DonationScope): Promise<number[]> {
      const histogram = scoped(knex, AMOUNT_DAYS, accountId);
      if (scope.campaignId) histogram.where(`${AMOUNT_DAYS}.campaignKey`, scope.campaignId);
      if (scope.from) histogram.where(`${AMOUNT_DAYS}.donationDate`, '>=', scope.from);
      if (scope.to) histogram.where(`${AMOUNT_DAYS}.donationDate`, '<=', scope.to);
      histogram
        .groupBy(`${AMOUNT_DAYS}.amountCents`)
        .havingRaw('sum(??) > 0', [`${AMOUNT_DAYS}.gifts`])
        .select(
          `${AMOUNT_DAYS}.amountCents`,
          knex.raw('sum(sum(??)) over (order by ??) as ??', [`${AMOUNT_DAYS}.gifts`, `${AMOUNT_DAYS}.amountCents`, 'running']),
          knex.raw('sum(sum(??)) over () as ??', [`${AMOUNT_DAYS}.gifts`, 'total']),
        );
      // Integer halving of the count: `div` on MariaDB, `/` of integers on SQLite.
      const lowPosition = engineOf(knex) === 'mysql' ? '(?? - 1) div 2' : '(?? - 1) / 2';
      const rows = (await knex
        .from(histogram.as('h'))
        .whereRaw(`?? > ${lowPosition}`, ['h.running', 'h.total'])
        .orderBy('h.amountCents', 'asc')
        .limit(2)
        .select('h.amountCents', 'h.running', 'h.total')) as Row[];
      if (rows.length === 0) return [];
      const count = toInt(rows[0].total);
      const low = Math.floor((count - 1) / 2);
      const high = Math.floor(count / 2);
      const lowValue = toInt(rows[0].amountCents);
      if (high === low) return [lowValue];
      return [lowValue, toInt(rows[0].running) > high || rows.length < 2 ? lowValue : toInt(rows[1].amountCents)];
    },

    /** Donors who gave in the year before `year` and nothing from Jan 1 of `year` to `thisYearEnd`. */
    async lybuntTotals(accountId: string, campaignId: string | undefined, year: number, thisYearEnd: string): Promise<Row> {
      const row = (await lapsed(accountId, campaignId, year, thisYearEnd)
        .select(knex.raw('count(*) as ??', ['donors']), knex.raw('coalesce(sum(??), 0) as ??', [`${DONOR_YEARS}.amountCents`, 'cents']))
        .first()) as Row | undefined;
      return { donors: row?.donors, lastYearTotal: toInt(row?.cents) / 100 };
    },

    async lybuntTop(accountId: string, campaignId: string | undefined, year: number, thisYearEnd: string, limit: number): Promise<Row[]> {
      // Largest first by the amount index alone (ties broken by contact id here, not in SQL: ordering
      // by the contact too made MariaDB read every lapsed row and sort them, 0.3-1.3 s on the large
      // seed), then every row tied with the last place, then the few names.
      const amount = `${DONOR_YEARS}.amountCents`;
      const head = (await lapsed(accountId, campaignId, year, thisYearEnd)
        .select(`${DONOR_YEARS}.contactId`, amount)
        .orderBy(amount, 'desc')
        .limit(limit)) as Row[];
      let candidates = head;
      if (head.length === limit && limit > 0) {
        const last = toInt(head[head.length - 1].amountCents);
        const tied = (await lapsed(accountId, campaignId, year, thisYearEnd).where(amount, last).select(`${DONOR_YEARS}.contactId`, amount)) as Row[];
        candidates = [...head.filter((row) => toInt(row.amountCents) > last), ...tied];
      }
      const top = candidates
        .map((row) => ({ contactId: String(row.contactId), cents: toInt(row.amountCents) }))
        .sort((a, b) => b.cents - a.cents || (a.contactId < b.contactId ? -1 : a.contactId > b.contactId ? 1 : 0))
        .slice(0, limit);
      if (top.length === 0) return [];
      const names = (await scoped(knex, 'contacts', accountId)
        .whereIn('contacts.id', top.map((t) => t.contactId))
        .select('contacts.id', 'contacts.firstName', 'contacts.lastName', 'contacts.organization')) as Row[];
      const byId = new Map(names.map((n) => [String(n.id), n]));
      return top.map((t) => ({ ...byId.get(t.contactId), contactId: t.contactId, lastYearTotal: t.cents / 100 }));
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

    /**
     * Each campaign (or the chosen one) with its completed giving in the range: gifts and sums from
     * the day roll-up, donors from donor_years (reading the donations took 6.5 s on the large seed).
     */
    async campaignRows(accountId: string, scope: DonationScope): Promise<Row[]> {
      const query = scoped(knex, 'campaigns', accountId);
      if (scope.campaignId) query.where('campaigns.id', scope.campaignId);
      const campaigns = (await query
        .select('campaigns.id', 'campaigns.name', 'campaigns.status', 'campaigns.startDate', 'campaigns.endDate', 'campaigns.fundraisingGoal', 'campaigns.amountRaised', 'campaigns.contactGoal')
        .orderBy([{ column: 'campaigns.name', order: 'asc' }, { column: 'campaigns.id', order: 'asc' }])) as Row[];
      if (campaigns.length === 0) return [];
      const ids = campaigns.map((c) => String(c.id));
      const range = { from: scope.from, to: scope.to };
      const sums = new Map<string, Row>();
      for (let i = 0; i < ids.length; i += 500) {
        const rows = (await days(accountId, range)
          .whereIn(`${DAY_TOTALS}.campaignKey`, ids.slice(i, i + 500))
          .groupBy(`${DAY_TOTALS}.campaignKey`)
          .select(`${DAY_TOTALS}.campaignKey`, knex.raw('sum(??) as ??', [`${DAY_TOTALS}.amountCents`, 'cents']), knex.raw('sum(??) as ??', [`${DAY_TOTALS}.gifts`, 'gifts']))) as Row[];
        for (const row of rows) sums.set(String(row.campaignKey), row);
      }
      const donors = await donorCounts(accountId, range, ids);
      return campaigns.map((campaign) => {
        const id = String(campaign.id);
        const sum = sums.get(id);
        return { ...campaign, gifts: toInt(sum?.gifts), donors: donors.get(id) ?? 0, raised: toInt(sum?.cents) / 100 };
      });
    },

    /** Donations per month and status (completed, pending, refunded...), from the day roll-up. */
    async donationsByMonthAndStatus(accountId: string, scope: DonationScope): Promise<Row[]> {
      const month = monthOf(`${DAY_TOTALS}.donationDate`);
      const rows = (await days(accountId, scope, null)
        .select(knex.raw('? as ??', [month, 'month']), `${DAY_TOTALS}.status`, knex.raw('sum(??) as ??', [`${DAY_TOTALS}.amountCents`, 'cents']), knex.raw('sum(??) as ??', [`${DAY_TOTALS}.gifts`, 'gifts']))
        // The status first: knex reads a raw first argument of groupBy as the whole clause (the status
        // was dropped, and a month's pending and refunded gifts summed into one arbitrary status).
        .groupBy(`${DAY_TOTALS}.status`)
        .groupBy(month)
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
