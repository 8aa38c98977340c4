import { CALL_OUTCOME_VALUES, REACHED_OUTCOMES, type CallOutcome, type CallStats } from '../../contract';

export type StatsCall = {
  outcome: CallOutcome;
  /** Amount given on the call (gave_now). */
  amount: number | null;
  at: number;
  /** The live figures of the pledge a call made, if it made one. */
  pledgeAmount: number | null;
  amountFulfilled: number | null;
};

/** The shortest time calls per hour is measured over, so three quick calls do not read as 180 an hour. */
export const MIN_MEASURED_HOURS = 0.25;

const cents = (n: number | null): number => Math.round((n ?? 0) * 100);
const ratio = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);

/** The figures of a set of calls (a session, or one caller in it). Money is summed in cents. */
export function statsOf(calls: readonly StatsCall[]): CallStats {
  const byOutcome = Object.fromEntries(CALL_OUTCOME_VALUES.map((o) => [o, 0])) as Record<CallOutcome, number>;
  let pledgedCents = 0;
  let fulfilledCents = 0;
  let giftCents = 0;
  let pledgeCount = 0;
  for (const call of calls) {
    byOutcome[call.outcome] += 1;
    if (call.outcome === 'pledged' && call.pledgeAmount !== null) {
      pledgeCount += 1;
      pledgedCents += cents(call.pledgeAmount);
      fulfilledCents += cents(call.amountFulfilled);
    }
    if (call.outcome === 'gave_now') giftCents += cents(call.amount);
  }
  const reached = REACHED_OUTCOMES.reduce((sum, outcome) => sum + byOutcome[outcome], 0);
  const times = calls.map((call) => call.at);
  const first = times.length ? Math.min(...times) : null;
  const last = times.length ? Math.max(...times) : null;
  const hours = first !== null && last !== null ? Math.max((last - first) / 3_600_000, MIN_MEASURED_HOURS) : null;
  return {
    calls: calls.length,
    reached,
    contactRate: ratio(reached, calls.length),
    callsPerHour: hours ? Math.round((calls.length / hours) * 10) / 10 : null,
    pledgeCount,
    pledgedAmount: pledgedCents / 100,
    fulfilledAmount: fulfilledCents / 100,
    fulfilmentRate: ratio(fulfilledCents, pledgedCents),
    giftCount: byOutcome.gave_now,
    giftAmount: giftCents / 100,
    byOutcome,
    firstCallAt: first !== null ? new Date(first).toISOString() : null,
    lastCallAt: last !== null ? new Date(last).toISOString() : null,
  };
}
