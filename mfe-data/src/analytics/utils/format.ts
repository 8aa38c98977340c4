import type { ReportFilter } from '../api/analyticsApi';
import { workspaceCalendarDate } from '@caucus/platform';

/** What a treasurer looks at first: this year to date, the whole account. */
export function defaultReportFilter(now: Date = new Date()): ReportFilter {
  return { from: `${workspaceCalendarDate(now).slice(0, 4)}-01-01`, to: workspaceCalendarDate(now), campaignId: '' };
}
