import type { Knex } from 'knex';
import { createLapsedDonorQueries } from './lapsedDonors';
import { createReportRowQueries } from './reportRows';
import { createScopeQueries } from './scopeQueries';
import { createSummaryQueries } from './summaryQueries';
import { createTopDonorQueries, type TopDonorSearch } from './topDonors';

export type { DonationScope } from './scopeQueries';
export type { DonorSum, TopDonorSearch } from './topDonors';

/**
 * Every figure is an aggregate query, each kind in a module of its own over the same scoped queries
 * (scopeQueries.ts). The summary reads the roll-ups of rollups.ts (a few thousand rows per year
 * instead of the donations): summaryQueries.ts, topDonors.ts, lapsedDonors.ts; the reports
 * (reportRows.ts), and the summary's rare cases the roll-ups do not settle, read the account's
 * completed donations. Money is rounded to cents by the service.
 */
export function createAnalyticsReportsRepository(knex: Knex, search: TopDonorSearch = {}) {
  const queries = createScopeQueries(knex);
  return {
    ...createSummaryQueries(queries),
    ...createLapsedDonorQueries(queries),
    ...createTopDonorQueries(queries, search),
    ...createReportRowQueries(queries),
  };
}

export type AnalyticsReportsRepository = ReturnType<typeof createAnalyticsReportsRepository>;
