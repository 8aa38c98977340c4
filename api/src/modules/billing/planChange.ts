import { ACTIVE_SUBSCRIPTION_STATUSES as ACTIVE_STATUSES, RENEWABLE_SUBSCRIPTION_STATUSES as RENEWABLE_STATUSES } from '@caucus/contract';

/**
 * What "Change plan" or "Renew plan" may do to an account's subscription: one bill per period
 * (docs/adr/0021-one-bill-per-period.md).
 *
 * - An active subscription (active, trialing) is paid for its current period: renewing it is refused,
 *   and a plan change changes that subscription. With Stripe, Stripe prorates it; with the local
 *   checkout the account pays only the price difference for what is left of the period, and a cheaper
 *   plan is charged nothing now (its lower price applies from the next period).
 * - A lapsed subscription (canceled, expired, past due, unpaid) is renewed by a new checkout for a full
 *   month, which replaces it.
 */

export type CheckoutPurpose = 'subscribe' | 'renewal' | 'plan_change';

export function isActiveStatus(status: string): boolean {
  return (ACTIVE_STATUSES as readonly string[]).includes(status);
}

export function isRenewableStatus(status: string): boolean {
  return (RENEWABLE_STATUSES as readonly string[]).includes(status);
}

/** One calendar month after `from` (the 31st of January renews on the last day of February). */
export function oneMonthAfter(from: Date): Date {
  const next = new Date(from.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** One calendar month before `to`, the start of a monthly period ending at `to`. */
export function oneMonthBefore(to: Date): Date {
  const previous = new Date(to.getTime());
  const day = previous.getUTCDate();
  previous.setUTCDate(1);
  previous.setUTCMonth(previous.getUTCMonth() - 1);
  const lastDay = new Date(Date.UTC(previous.getUTCFullYear(), previous.getUTCMonth() + 1, 0)).getUTCDate();
  previous.setUTCDate(Math.min(day, lastDay));
  return previous;
}

/**
 * The price difference, in dollars rounded to the cent, for the part of the period [start, end) left
 * at `now`. Never negative: a cheaper plan is not charged now (and nothing is refunded).
 */
export function proratedDifference(input: { fromPrice: number; toPrice: number; periodStart: Date; periodEnd: Date; now: Date }): number {
  const length = input.periodEnd.getTime() - input.periodStart.getTime();
  const left = Math.min(Math.max(input.periodEnd.getTime() - input.now.getTime(), 0), length);
  if (length <= 0 || left === 0) return 0;
  const cents = Math.round(((input.toPrice - input.fromPrice) * 100 * left) / length);
  return Math.max(cents, 0) / 100;
}
