import type { DonorYearRow } from '../../db/rows';
import { toInt } from '../../db/values';
import { DONOR_YEARS } from './rollups';
import type { DonorNameFields, ScopeQueries } from './scopeQueries';

// LYBUNT ("last year but unfortunately not this year"): donors who gave in the year before and
// nothing since, from donor_years.

/** COUNT comes back as a number, text or a bigint depending on the engine. */
export type LybuntTotals = { donors: unknown; lastYearTotal: number };
export type LybuntDonor = DonorNameFields & { contactId: string; lastYearTotal: number };
type Candidate = Pick<DonorYearRow, 'contactId' | 'amountCents'>;

export function createLapsedDonorQueries(q: ScopeQueries) {
  const { knex } = q;
  return {
    /** Donors who gave in the year before `year` and nothing from Jan 1 of `year` to `thisYearEnd`. */
    async lybuntTotals(accountId: string, campaignId: string | undefined, year: number, thisYearEnd: string): Promise<LybuntTotals> {
      const row = await q
        .lapsed(accountId, campaignId, year, thisYearEnd)
        .select(knex.raw('count(*) as ??', ['donors']), knex.raw('coalesce(sum(??), 0) as ??', [`${DONOR_YEARS}.amountCents`, 'cents']))
        .first<{ donors: unknown; cents: unknown } | undefined>();
      return { donors: row?.donors, lastYearTotal: toInt(row?.cents) / 100 };
    },

    async lybuntTop(accountId: string, campaignId: string | undefined, year: number, thisYearEnd: string, limit: number): Promise<LybuntDonor[]> {
      // Largest first by the amount index alone (ties broken by contact id here, not in SQL: ordering
      // by the contact too made MariaDB read every lapsed row and sort them, 0.3-1.3 s on the large
      // seed), then every row tied with the last place, then the few names.
      const amount = `${DONOR_YEARS}.amountCents`;
      const head = await q
        .lapsed(accountId, campaignId, year, thisYearEnd)
        .select<Candidate[]>(`${DONOR_YEARS}.contactId`, amount)
        .orderBy(amount, 'desc')
        .limit(limit);
      let candidates = head;
      if (head.length === limit && limit > 0) {
        const last = toInt(head[head.length - 1].amountCents);
        const tied = await q.lapsed(accountId, campaignId, year, thisYearEnd).where(amount, last).select<Candidate[]>(`${DONOR_YEARS}.contactId`, amount);
        candidates = [...head.filter((row) => toInt(row.amountCents) > last), ...tied];
      }
      const top = candidates
        .map((row) => ({ contactId: row.contactId, cents: toInt(row.amountCents) }))
        .sort((a, b) => b.cents - a.cents || (a.contactId < b.contactId ? -1 : a.contactId > b.contactId ? 1 : 0))
        .slice(0, limit);
      if (top.length === 0) return [];
      const byId = await q.contactNames(
        accountId,
        top.map((t) => t.contactId),
      );
      return top.map((t) => ({ ...byId.get(t.contactId), contactId: t.contactId, lastYearTotal: t.cents / 100 }));
    },
  };
}
