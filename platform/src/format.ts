// The one way the apps print money, percents, counts and dates (US English,
// docs/product/limits-and-defaults.md, Money and numbers). Dates build on the workspace's helpers
// (workspaceDates.ts): a calendar day prints as itself everywhere, an instant in the workspace's
// timezone and date format (ADR 0006). The money functions hold no state and need none of the
// session: the public site's pricing island prints its prices with them, and its bundle keeps only
// what it calls (ADR 0014).
import { formatCalendarDate } from './workspaceDates';

export { formatCalendarDate, formatDate, formatDateTime, formatInstantDate, formatTime, workspaceCalendarDate } from './workspaceDates';

/** An amount as the API sends it: a number, or a decimal string from some engines (MariaDB DECIMAL). */
export type Amount = number | string | null | undefined;

export type MoneyOptions = {
  /** Printed for a missing or unreadable amount; without it such an amount reads as 0. */
  missing?: string;
};

/** The amount as a number; 0 for a missing or unreadable one. */
export function toAmount(value: Amount): number {
  const amount = typeof value === 'string' ? Number.parseFloat(value) : value;
  return typeof amount === 'number' && Number.isFinite(amount) ? amount : 0;
}

function readAmount(value: Amount): number | null {
  if (value === null || value === undefined || value === '') return null;
  const amount = typeof value === 'string' ? Number.parseFloat(value) : value;
  return Number.isFinite(amount) ? amount : null;
}

// Intl formatters are costly to build and a page prints hundreds of amounts.
const currencyFormats = new Map<string, Intl.NumberFormat>();
function currencyFormat(currency: string, fractionDigits: 0 | 2): Intl.NumberFormat {
  const code = currency.toUpperCase();
  const key = `${code}|${fractionDigits}`;
  let cached = currencyFormats.get(key);
  if (!cached) {
    cached = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    currencyFormats.set(key, cached);
  }
  return cached;
}

function printAmount(value: Amount, options: MoneyOptions, print: (amount: number) => string): string {
  const amount = readAmount(value);
  if (amount === null) return options.missing ?? print(0);
  return print(amount);
}

/** Dollars and cents, for a gift, a balance or a donor's total: '$1,234.50'. */
export function formatUsd(value: Amount, options: MoneyOptions = {}): string {
  return printAmount(value, options, (amount) => currencyFormat('USD', 2).format(amount));
}

/** Whole US dollars, for campaign and dashboard figures, plan prices and chart axes: '$1,235'. */
export function formatWholeUsd(value: Amount, options: MoneyOptions = {}): string {
  return printAmount(value, options, (amount) => currencyFormat('USD', 0).format(amount));
}

/**
 * An amount as people say it: whole dollars stay whole, cents are kept ('$1,000', '$12.50'); for
 * asks, pledges, thresholds and prices. Another currency (a payment provider's invoice) by its code.
 */
export function formatAmount(value: Amount, options: MoneyOptions & { currency?: string } = {}): string {
  const currency = options.currency ?? 'USD';
  return printAmount(value, options, (amount) => currencyFormat(currency, Number.isInteger(amount) ? 0 : 2).format(amount));
}

// Pure: a bundle that prints no count (the pricing island) drops it.
const counts = /* @__PURE__ */ new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A count grouped in US English: '100,000'; 0 for a missing or unreadable one. */
export function formatCount(value: Amount): string {
  return counts.format(toAmount(value));
}

/**
 * Percent of goal (campaign progress): capped at 100 (a campaign past its goal reads 100.0%:
 * docs/product/limits-and-defaults.md, Money and numbers), never below 0, and 0 without a goal.
 * Amounts sent as text count.
 */
export function progressPercent(raised: Amount, goal: Amount): number {
  const target = toAmount(goal);
  if (target <= 0) return 0;
  return Math.min(100, Math.max(0, (toAmount(raised) / target) * 100));
}

/** A percent to one decimal: '24.7%'. */
export function formatPercent(percent: number): string {
  return `${(Number.isFinite(percent) ? percent : 0).toFixed(1)}%`;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day field (a campaign's start or end, a donation's date) in the workspace's date format, the
 * same day in every timezone. A value an older version stored as a timestamp is read by its UTC
 * date, the day it was saved as (ADR 0006). '' for a missing or invalid value.
 */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  if (CALENDAR_DAY.test(value)) return formatCalendarDate(value);
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : formatCalendarDate(date.toISOString().slice(0, 10));
}

const monthOfYear = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const CALENDAR_MONTH = /^(\d{4})-(\d{2})(?:-\d{2})?$/;

/** A calendar month ('2026-03', or a day of it) as 'Mar 2026'; anything else is printed as it is. */
export function formatMonth(value: string): string {
  const match = CALENDAR_MONTH.exec(value);
  const month = match ? Number(match[2]) : 0;
  if (!match || month < 1 || month > 12) return value;
  return monthOfYear.format(new Date(Date.UTC(Number(match[1]), month - 1, 1)));
}
