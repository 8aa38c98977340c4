import { CALL_OUTCOME_VALUES, REACHED_OUTCOMES, type CallOutcome, type CallStats, type FulfilmentWeek } from '@caucus/contract';
import { addDays } from '../../lib/calendarDays';

export type StatsCall = {
  outcome: CallOutcome;
  /** Amount given on the call (gave_now). */
  amount: number | null;
  at: number;
  /** The call's day where the workspace is, YYYY-MM-DD. */
  day: string;
  /** The pledge the call made, if it made one, with its live figures. */
  pledgeId: string | null;
  pledgeAmount: number | null;
  amountFulfilled: number | null;
};

/** A counted gift linked to a pledge made on a call: what fulfils it, and when it came in. */
export type PledgeGift = { pledgeId: string; date: string; amount: number };

/** The fulfilment series shows at most this many weeks (the latest ones; the to-date sums still count every week). */
export const MAX_SERIES_WEEKS = 52;

/** The shortest time calls per hour is measured over, so three quick calls do not read as 180 an hour. */
export const MIN_MEASURED_HOURS = 0.25;

const cents = (n: number | null): number => Math.round((n ?? 0) * 100);
const ratio = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);

/** The Monday of a calendar day's week (weeks run Monday to Sunday, as the workspace's calendar does). */
export function weekOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * Fulfilment over time, week by week from the week of the first pledge to the week of the last
 * pledge or gift: what was pledged on the calls that week, what came in against those pledges that
 * week, and the rate to date (everything fulfilled so far over everything pledged so far). A gift
 * dated before its pledge's call counts in the pledge's week.
 */
export function fulfilmentSeries(calls: readonly StatsCall[], gifts: readonly PledgeGift[]): FulfilmentWeek[] {
  const pledgeWeek = new Map<string, string>();
  const pledged = new Map<string, number>();
  const fulfilled = new Map<string, number>();
  for (const call of calls) {
    if (call.outcome !== 'pledged' || call.pledgeId === null || call.pledgeAmount === null) continue;
    const week = weekOf(call.day);
    pledgeWeek.set(call.pledgeId, week);
    pledged.set(week, (pledged.get(week) ?? 0) + cents(call.pledgeAmount));
  }
  if (pledgeWeek.size === 0) return [];
  for (const gift of gifts) {
    const made = pledgeWeek.get(gift.pledgeId);
    if (!made) continue;
    const week = weekOf(gift.date) < made ? made : weekOf(gift.date);
    fulfilled.set(week, (fulfilled.get(week) ?? 0) + cents(gift.amount));
  }
  const weeks = [...pledged.keys(), ...fulfilled.keys()].sort();
  const first = weeks[0];
  const last = weeks[weeks.length - 1];
  const series: FulfilmentWeek[] = [];
  let pledgedToDate = 0;
  let fulfilledToDate = 0;
  for (let week = first; week <= last; week = addDays(week, 7)) {
    pledgedToDate += pledged.get(week) ?? 0;
    fulfilledToDate += fulfilled.get(week) ?? 0;
    series.push({
      weekStart: week,
      pledgedAmount: (pledged.get(week) ?? 0) / 100,
      fulfilledAmount: (fulfilled.get(week) ?? 0) / 100,
      pledgedToDate: pledgedToDate / 100,
      fulfilledToDate: fulfilledToDate / 100,
      fulfilmentRate: ratio(fulfilledToDate, pledgedToDate),
    });
  }
  return series.slice(-MAX_SERIES_WEEKS);
}

/**
 * The figures of a set of calls (a session, one caller in it, or a caller across sessions), with
 * the gifts that came in against the pledges they made. Money is summed in cents.
 */
export function statsOf(calls: readonly StatsCall[], gifts: readonly PledgeGift[] = []): CallStats {
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
    overTime: fulfilmentSeries(calls, gifts),
  };
}
