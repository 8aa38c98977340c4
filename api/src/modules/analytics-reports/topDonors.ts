import type { DonorYearRow } from '../../db/rows';
import { toInt } from '../../db/values';
import { ALL_YEARS, DONOR_YEARS } from './rollups';
import { dayText, yearOf, type DonationScope, type DonorNameFields, type ScopeQueries } from './scopeQueries';

/** A top donor with their name, what they gave in the scope and in how many gifts (SUM and COUNT: read with toMoney and toInt). */
export type TopDonorRow = DonorNameFields & { contactId: string; raised: unknown; gifts: unknown };
type Candidate = Pick<DonorYearRow, 'id' | 'contactId' | 'amountCents' | 'gifts' | 'firstDate' | 'lastDate'>;

/** A donor's exact giving in a range. */
export type DonorSum = { contactId: string; cents: number; gifts: number };

/**
 * Top donors: candidates read per query, and how many are looked at before the plain aggregate over
 * the donations is used instead (tests make both small to walk every path).
 */
export type TopDonorSearch = { batch?: number; maxCandidates?: number };

const byContactId = (a: { contactId: string }, b: { contactId: string }) => (a.contactId < b.contactId ? -1 : a.contactId > b.contactId ? 1 : 0);

export function createTopDonorQueries(q: ScopeQueries, { batch: TOP_BATCH = 200, maxCandidates: MAX_TOP_CANDIDATES = 3000 }: TopDonorSearch = {}) {
  const { knex } = q;

  /** Exact sums of these donors in the scope, from their donations (the donor index). */
  async function exactSums(accountId: string, scope: DonationScope, contactIds: string[]): Promise<Map<string, DonorSum>> {
    if (contactIds.length === 0) return new Map();
    const rows: { contactId: string; cents: unknown; gifts: unknown }[] = await q
      .received(accountId, scope)
      .whereIn('donations.contactId', contactIds)
      .groupBy('donations.contactId')
      .select('donations.contactId', q.centsSum('donations.donationAmount', 'cents'), knex.raw('count(*) as ??', ['gifts']));
    return new Map(rows.map((r) => [r.contactId, { contactId: r.contactId, cents: toInt(r.cents), gifts: toInt(r.gifts) }]));
  }

  /** Top donors by one aggregate over the donations: when donor_years cannot narrow the candidates. */
  async function topDonorsFromDonations(accountId: string, scope: DonationScope, limit: number): Promise<TopDonorRow[]> {
    const perDonor = q
      .received(accountId, scope)
      .whereNotNull('donations.contactId')
      .select('donations.contactId', q.sumAs('donations.donationAmount', 'raised'), knex.raw('count(*) as ??', ['gifts']))
      .groupBy('donations.contactId')
      .orderBy([
        { column: 'raised', order: 'desc' },
        { column: 'donations.contactId', order: 'asc' },
      ])
      .limit(limit);
    return knex
      .from(perDonor.as('t'))
      .leftJoin('contacts', 'contacts.id', 't.contactId')
      .select('t.contactId', 't.raised', 't.gifts', 'contacts.firstName', 'contacts.lastName', 'contacts.organization')
      .orderBy([
        { column: 't.raised', order: 'desc' },
        { column: 't.contactId', order: 'asc' },
      ]);
  }

  return {
    /**
     * The `limit` donors who gave most in the scope (ties by contact id), exactly. Candidates come
     * from donor_years largest first: their year's sum when the range is inside one year, else their
     * sum over every year; either is at least what they gave in the range. A candidate whose row lies
     * inside the range has its exact sum there; the others' sums are read from their donations. The
     * search stops once the last place beats every candidate left.
     */
    async topDonors(accountId: string, scope: DonationScope, limit: number): Promise<TopDonorRow[]> {
      const { from, to } = scope;
      const year = from && to && yearOf(from) === yearOf(to) ? yearOf(from) : ALL_YEARS;
      const best: DonorSum[] = [];
      const order = (a: DonorSum, b: DonorSum) => b.cents - a.cents || byContactId(a, b);
      let after: { cents: number; id: number } | null = null;
      let seen = 0;
      for (;;) {
        const query = q.donorYears(accountId, scope.campaignId, year);
        if (after) {
          const { cents, id } = after;
          query.where((w) =>
            w
              .where(`${DONOR_YEARS}.amountCents`, '<', cents)
              .orWhere((same) => same.where(`${DONOR_YEARS}.amountCents`, cents).where(`${DONOR_YEARS}.id`, '<', id)),
          );
        }
        const candidates: Candidate[] = await query
          .orderBy([
            { column: `${DONOR_YEARS}.amountCents`, order: 'desc' },
            { column: `${DONOR_YEARS}.id`, order: 'desc' },
          ])
          .limit(TOP_BATCH)
          .select(
            `${DONOR_YEARS}.id`,
            `${DONOR_YEARS}.contactId`,
            `${DONOR_YEARS}.amountCents`,
            `${DONOR_YEARS}.gifts`,
            `${DONOR_YEARS}.firstDate`,
            `${DONOR_YEARS}.lastDate`,
          );
        const inside = (row: Candidate) => (!from || dayText(row.firstDate) >= from) && (!to || dayText(row.lastDate) <= to);
        const sums = await exactSums(
          accountId,
          scope,
          candidates.filter((row) => !inside(row)).map((row) => row.contactId),
        );
        for (const row of candidates) {
          const contactId = row.contactId;
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
      const byId = await q.contactNames(
        accountId,
        best.map((b) => b.contactId),
      );
      return best.map((b) => ({ ...byId.get(b.contactId), contactId: b.contactId, raised: b.cents / 100, gifts: b.gifts }));
    },
  };
}
