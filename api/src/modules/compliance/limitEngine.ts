import { cycleOfYear, DEFAULT_CONTRIBUTION_LIMITS, type ContributionLimit, type ContributorType } from '@caucus/contract';

// The rules of the limit engine, free of the database so a property test can check them against a
// reference computation. Money is in whole cents here: sums of floats drift.

export type Gift = { id: string; cents: number };

/**
 * The excess of each gift of one contributor to one election, in the order received: a gift that
 * takes the running aggregate past the limit carries what passes it (never more than itself); the
 * gifts after it carry all of themselves.
 */
export function excessByGift(giftsInOrder: readonly Gift[], limitCents: number): Map<string, number> {
  const excess = new Map<string, number>();
  let aggregate = 0;
  for (const gift of giftsInOrder) {
    const before = aggregate;
    aggregate += gift.cents;
    excess.set(gift.id, Math.max(0, Math.min(gift.cents, aggregate - Math.max(limitCents, before))));
  }
  return excess;
}

/** The table in effect: the account's rows over the FEC defaults, keyed by cycle and contributor type. */
export function effectiveLimitTable(accountRows: readonly ContributionLimit[]): (ContributionLimit & { source: 'default' | 'account' })[] {
  const byKey = new Map<string, ContributionLimit & { source: 'default' | 'account' }>();
  for (const row of DEFAULT_CONTRIBUTION_LIMITS) byKey.set(`${row.cycle}:${row.contributorType}`, { ...row, source: 'default' });
  for (const row of accountRows) byKey.set(`${row.cycle}:${row.contributorType}`, { ...row, source: 'account' });
  return [...byKey.values()].sort((x, y) => x.cycle - y.cycle || x.contributorType.localeCompare(y.contributorType));
}

/**
 * The per-election limit for a contributor type in the cycle of an election code (P2026 -> 2026):
 * that cycle's row, else the latest earlier one (limits change only when a cycle's row is added),
 * else the earliest known.
 */
export function limitCentsFor(table: readonly ContributionLimit[], electionCode: string, contributorType: ContributorType): number {
  const cycle = cycleOfYear(Number(electionCode.slice(1)));
  const rows = table.filter((row) => row.contributorType === contributorType).sort((x, y) => x.cycle - y.cycle);
  const chosen = [...rows].reverse().find((row) => row.cycle <= cycle) ?? rows[0];
  return chosen ? Math.round(chosen.amount * 100) : 0;
}

export const centsOf = (amount: unknown): number => Math.round(Number(amount ?? 0) * 100);
export const fromCents = (cents: number): number => cents / 100;
