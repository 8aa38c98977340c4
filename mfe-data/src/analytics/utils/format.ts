import type { ReportFilter } from '../api/analyticsApi';

/** Today as the user's own calendar date, YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** What a treasurer looks at first: this year to date, the whole account. */
export function defaultReportFilter(now: Date = new Date()): ReportFilter {
  return { from: `${now.getFullYear()}-01-01`, to: localToday(now), campaignId: '' };
}
