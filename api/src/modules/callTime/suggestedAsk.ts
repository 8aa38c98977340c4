// The suggested ask on the call sheet. Finance directors ask for more than the donor's best gift so
// far (an upgrade), in a round figure a candidate can say aloud, and never for more than the law
// still lets the donor give to the election (ADR 0002 keeps the limit in cents; so does this).

export type AskInput = {
  /** Largest completed gift, in cents; null for a donor who never gave. */
  largestCents: number | null;
  /** Most recent completed gift, in cents. */
  lastCents: number | null;
  /** What the donor may still give to the current election, in cents; null when no limit applies. */
  remainingCents: number | null;
};

export type Ask = { cents: number | null; reason: string };

/** A first ask for someone who never gave. */
export const FIRST_ASK_CENTS = 25_000;
/** The upgrade over the best gift so far. */
const UPGRADE = 1.5;

/** Rounds up to a figure a caller can say: steps of $25 under $100, $50 under $1,000, $250 under $5,000, else $500. */
export function roundAsk(cents: number): number {
  const step = cents < 10_000 ? 2_500 : cents < 100_000 ? 5_000 : cents < 500_000 ? 25_000 : 50_000;
  return Math.ceil(cents / step) * step;
}

const dollars = (cents: number): string => `$${(cents / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

export function suggestAsk({ largestCents, lastCents, remainingCents }: AskInput): Ask {
  if (remainingCents !== null && remainingCents <= 0) return { cents: null, reason: 'At the limit for this election: no ask' };
  const best = Math.max(largestCents ?? 0, lastCents ?? 0);
  const wanted = best > 0 ? roundAsk(best * UPGRADE) : FIRST_ASK_CENTS;
  const basis = best > 0 ? `One and a half times the best gift (${dollars(best)}), rounded` : 'A first ask: no gift yet';
  if (remainingCents !== null && wanted > remainingCents) {
    return { cents: remainingCents, reason: `${dollars(remainingCents)} is all the donor can still give to this election` };
  }
  return { cents: wanted, reason: basis };
}
