import { engineOf } from '../../db';
import type { CampaignRow, DonationDayTotalRow, DonorYearRow } from '../../db/rows';
import { toInt } from '../../db/values';
import { scoped } from '../../http/tenancy';
import { donorCounts } from './donorCounts';
import { ALL_CAMPAIGNS, ALL_YEARS, AMOUNT_DAYS, DAY_TOTALS, DONOR_YEARS } from './rollups';
import type { DonationScope, ScopeQueries } from './scopeQueries';

// The summary's figures (GET /api/analytics/summary), from the roll-ups of rollups.ts: a few thousand
// rows per year instead of the donations.

type Sum = { cents: number; gifts: number };
/** The day roll-up grouped by month, campaign and payment method (SUMs: read with toInt). */
type DayRow = Pick<DonationDayTotalRow, 'campaignKey' | 'paymentMethod'> & { month: string; cents: unknown; gifts: unknown };
type CampaignSum = { campaignId: string | null; name: string | null; raised: number; gifts: number };
type DayFigures = {
  totals: { gifts: number; raised: number };
  months: { month: string; raised: number; gifts: number }[];
  methods: { paymentMethod: string; raised: number; gifts: number }[];
  campaigns: CampaignSum[];
};

const byKeyText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The day roll-up's grouped rows added up per month, per payment method, per campaign key, and in all. */
function foldDayRows(rows: DayRow[]): { byMonth: Map<string, Sum>; byMethod: Map<string, Sum>; byKey: Map<string, Sum>; total: Sum } {
  const add = (map: Map<string, Sum>, key: string, row: DayRow) => {
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
  return { byMonth, byMethod, byKey, total };
}

/** The entries that counted a gift (a roll-up row may hold none once its gifts were removed). */
const given = (map: Map<string, Sum>) => [...map.entries()].filter(([, sum]) => sum.gifts > 0);

export function createSummaryQueries(q: ScopeQueries) {
  const { knex } = q;

  /**
   * Per campaign, largest first: gifts without a campaign, or to a campaign since deleted, are
   * together under campaignId null.
   */
  async function campaignSums(accountId: string, byKey: Map<string, Sum>): Promise<CampaignSum[]> {
    const keys = given(byKey);
    const ids = keys.map(([key]) => key).filter(Boolean);
    const names: Pick<CampaignRow, 'id' | 'name'>[] = ids.length
      ? await scoped(knex, 'campaigns', accountId).whereIn('campaigns.id', ids).select('campaigns.id', 'campaigns.name')
      : [];
    const nameOf = new Map(names.map((n) => [n.id, n.name]));
    const merged = new Map<string, { campaignId: string | null; name: string | null; cents: number; gifts: number }>();
    for (const [key, sum] of keys) {
      const campaignId = key && nameOf.has(key) ? key : null;
      const entry = merged.get(campaignId ?? '') ?? { campaignId, name: campaignId ? (nameOf.get(campaignId) as string) : null, cents: 0, gifts: 0 };
      entry.cents += sum.cents;
      entry.gifts += sum.gifts;
      merged.set(campaignId ?? '', entry);
    }
    return [...merged.values()]
      .sort((a, b) => b.cents - a.cents || (a.name ?? '').localeCompare(b.name ?? '') || (a.name === null ? -1 : b.name === null ? 1 : 0))
      .map((e) => ({ campaignId: e.campaignId, name: e.name, raised: e.cents / 100, gifts: e.gifts }));
  }

  return {
    async campaignExists(accountId: string, campaignId: string): Promise<boolean> {
      return Boolean(await scoped(knex, 'campaigns', accountId).where('campaigns.id', campaignId).first('campaigns.id'));
    },

    /**
     * The figures of the day roll-up, from one read of its rows grouped by month, campaign and
     * payment method (four reads of the same rows before): the completed gifts and their sum, per
     * month, per payment method, and per campaign (campaignSums).
     */
    async dayFigures(accountId: string, scope: DonationScope): Promise<DayFigures> {
      const month = q.monthOf(`${DAY_TOTALS}.donationDate`);
      const rows: DayRow[] = await q
        .days(accountId, scope)
        .select(
          knex.raw('? as ??', [month, 'month']),
          `${DAY_TOTALS}.campaignKey`,
          `${DAY_TOTALS}.paymentMethod`,
          knex.raw('sum(??) as ??', [`${DAY_TOTALS}.amountCents`, 'cents']),
          knex.raw('sum(??) as ??', [`${DAY_TOTALS}.gifts`, 'gifts']),
        )
        // The columns first: knex reads a raw first argument of groupBy as the whole clause.
        .groupBy([`${DAY_TOTALS}.campaignKey`, `${DAY_TOTALS}.paymentMethod`])
        .groupBy(month);
      const { byMonth, byMethod, byKey, total } = foldDayRows(rows);
      const months = given(byMonth)
        .sort(([a], [b]) => byKeyText(a, b))
        .map(([key, sum]) => ({ month: key, raised: sum.cents / 100, gifts: sum.gifts }));
      const methods = given(byMethod)
        .sort(([ka, a], [kb, b]) => b.cents - a.cents || byKeyText(ka, kb))
        .map(([key, sum]) => ({ paymentMethod: key, raised: sum.cents / 100, gifts: sum.gifts }));
      const campaigns = await campaignSums(accountId, byKey);
      return { totals: { gifts: total.gifts, raised: total.cents / 100 }, months, methods, campaigns };
    },

    /** How many donors gave in the scope (see donorCounts). */
    async donorCount(accountId: string, scope: DonationScope): Promise<number> {
      const scopeKey = scope.campaignId ?? ALL_CAMPAIGNS;
      return (await donorCounts(q, accountId, scope, [scopeKey])).get(scopeKey) ?? 0;
    },

    /** Donors whose first gift ever (in the campaign when one is chosen) is in the range; needs `from`. */
    async newDonors(accountId: string, scope: DonationScope & { from: string }): Promise<number> {
      const query = q.donorYears(accountId, scope.campaignId, ALL_YEARS).where(`${DONOR_YEARS}.firstDate`, '>=', scope.from);
      if (scope.to) query.where(`${DONOR_YEARS}.firstDate`, '<=', scope.to);
      return toInt((await query.count({ n: '*' }).first<{ n: unknown } | undefined>())?.n);
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
      const rows: (Pick<DonorYearRow, 'amountCents'> & { running: unknown; total: unknown })[] = await knex
        .from(histogram.as('h'))
        .whereRaw(`?? > ${lowPosition}`, ['h.running', 'h.total'])
        .orderBy('h.amountCents', 'asc')
        .limit(2)
        .select('h.amountCents', 'h.running', 'h.total');
      if (rows.length === 0) return [];
      const count = toInt(rows[0].total);
      const low = Math.floor((count - 1) / 2);
      const high = Math.floor(count / 2);
      const lowValue = toInt(rows[0].amountCents);
      if (high === low) return [lowValue];
      return [lowValue, toInt(rows[0].running) > high || rows.length < 2 ? lowValue : toInt(rows[1].amountCents)];
    },
  };
}
