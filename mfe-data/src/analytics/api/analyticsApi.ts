import { api, apiUrl } from '@caucus/platform';
import type { AnalyticsSummary, CampaignsResponse, ReportKind, ReportTable } from '@caucus/contract';

/** The date range (calendar days, both ends included) and campaign the Analytics and Reports tabs read. */
export type ReportFilter = { from: string; to: string; campaignId: string };

export const analyticsKeys = {
  campaigns: ['data-analytics', 'campaigns'] as const,
  summary: (filter: ReportFilter) => ['data-analytics', 'summary', filter] as const,
};

/** Empty fields are left out of the query: no date means no bound, no campaign the whole account. */
function query(filter: ReportFilter): Record<string, string | undefined> {
  return { from: filter.from || undefined, to: filter.to || undefined, campaignId: filter.campaignId || undefined };
}

export function fetchAnalyticsSummary(filter: ReportFilter, signal?: AbortSignal): Promise<AnalyticsSummary> {
  return api.get<AnalyticsSummary>('/analytics/summary', { query: query(filter), signal });
}

/** Archived campaigns too: they keep their money, so their reports stay readable. */
export function fetchCampaignOptions(signal?: AbortSignal): Promise<CampaignsResponse> {
  return api.get<CampaignsResponse>('/campaigns', { signal, query: { status: 'all' } });
}

export function fetchReport(kind: ReportKind, filter: ReportFilter): Promise<ReportTable> {
  return api.get<ReportTable>(`/reports/${kind}`, { query: query(filter) });
}

/** The CSV is written by the server and downloaded as a plain link: the session cookie goes with it. */
export function reportCsvUrl(kind: ReportKind, filter: ReportFilter): string {
  return apiUrl(`/reports/${kind}`, { ...query(filter), format: 'csv' });
}
