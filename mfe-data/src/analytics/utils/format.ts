import type { ReportFilter } from '../api/analyticsApi';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeMoney = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const count = new Intl.NumberFormat('en-US');
const monthName = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

export const formatMoney = (value: number): string => money.format(value);
/** Chart axes: whole dollars keep the ticks short. */
export const formatAxisMoney = (value: number): string => wholeMoney.format(value);
export const formatCount = (value: number): string => count.format(value);

/** 'YYYY-MM' -> 'Mar 2026', read as a calendar month (no time zone shift). */
export function formatMonth(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return year && m ? monthName.format(new Date(Date.UTC(year, m - 1, 1))) : month;
}

/** Today as the user's own calendar date, YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** What a treasurer looks at first: this year to date, the whole account. */
export function defaultReportFilter(now: Date = new Date()): ReportFilter {
  return { from: `${now.getFullYear()}-01-01`, to: localToday(now), campaignId: '' };
}
