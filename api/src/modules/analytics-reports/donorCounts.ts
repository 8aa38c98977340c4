import type { Knex } from 'knex';
import { toInt } from '../../db/values';
import { scoped } from '../../http/tenancy';
import { ALL_CAMPAIGNS, ALL_YEARS, DONOR_YEARS } from './rollups';
import { yearOf, type ScopeQueries } from './scopeQueries';

/**
 * How many donors gave in the range, per donor_years scope (a campaign id, or ALL_CAMPAIGNS), in one
 * grouped read of donor_years: a donor of a range is counted in the first year of the range it gave
 * in (its last gift before that year, prevDate, is before the range). Only a range inside one year
 * that touches neither end of it can hold a donor whose year's gifts surround the range without one
 * in it; for the scopes where there is one, the donations are counted.
 */
export async function donorCounts(q: ScopeQueries, accountId: string, range: { from?: string; to?: string }, scopes: string[]): Promise<Map<string, number>> {
  const { knex } = q;
  const { from, to } = range;
  const counts = new Map<string, number>();
  const unsure: string[] = [];
  const scopeColumn = `${DONOR_YEARS}.scope`;
  for (let i = 0; i < scopes.length; i += 500) {
    const chunk = scopes.slice(i, i + 500);
    const query: Knex.QueryBuilder = scoped(knex, DONOR_YEARS, accountId)
      .whereIn(scopeColumn, chunk)
      .groupBy(scopeColumn)
      .select(scopeColumn, knex.raw('count(*) as ??', ['donors']));
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
        .select(
          knex.raw('coalesce(sum(case when ?? < ? and ?? > ? then 1 else 0 end), 0) as ??', [
            `${DONOR_YEARS}.firstDate`,
            from,
            `${DONOR_YEARS}.lastDate`,
            to,
            'unsure',
          ]),
        );
    } else {
      const [first, last] = [yearOf(from), yearOf(to)];
      const firstInRange = (y: Knex.QueryBuilder) => y.whereNull(`${DONOR_YEARS}.prevDate`).orWhere(`${DONOR_YEARS}.prevDate`, '<', from);
      query.whereBetween(`${DONOR_YEARS}.year`, [first, last]).where((w) =>
        w
          .where((y) => y.where(`${DONOR_YEARS}.year`, first).where(`${DONOR_YEARS}.lastDate`, '>=', from))
          .orWhere((y) => y.where(`${DONOR_YEARS}.year`, '>', first).where(`${DONOR_YEARS}.year`, '<', last).where(firstInRange))
          .orWhere((y) => y.where(`${DONOR_YEARS}.year`, last).where(`${DONOR_YEARS}.firstDate`, '<=', to).where(firstInRange)),
      );
    }
    // COUNT and SUM come back as a number, text or a bigint depending on the engine: read with toInt.
    const rows: { scope: string; donors: unknown; unsure?: unknown }[] = await query;
    for (const row of rows) {
      if (toInt(row.unsure) > 0) unsure.push(String(row.scope));
      else counts.set(String(row.scope), toInt(row.donors));
    }
  }
  const exactly = async (query: Knex.QueryBuilder): Promise<{ donors: unknown; campaignId?: string }[]> =>
    query.select(knex.raw('count(distinct ??) as ??', ['donations.contactId', 'donors']));
  if (unsure.includes(ALL_CAMPAIGNS)) counts.set(ALL_CAMPAIGNS, toInt((await exactly(q.received(accountId, range)))[0]?.donors));
  const campaigns = unsure.filter((scope) => scope !== ALL_CAMPAIGNS);
  for (let i = 0; i < campaigns.length; i += 500) {
    const rows = await exactly(
      q
        .received(accountId, range)
        .whereIn('donations.campaignId', campaigns.slice(i, i + 500))
        .groupBy('donations.campaignId')
        .select('donations.campaignId'),
    );
    for (const row of rows) counts.set(String(row.campaignId), toInt(row.donors));
  }
  return counts;
}
