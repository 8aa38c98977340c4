import type { FecReportResponse, LineEntriesResponse } from '@caucus/contract';
import type { FecReportsContext } from './context';
import { preFilingCheck } from './preFilingCheck';
import { lineEntries, summaryLines } from './summaryLines';

/** A report as its page shows it: the summary's lines with the pre-filing check, and the entries behind a line. */
export function createSummaryPage(context: FecReportsContext) {
  const { loadReport } = context;
  return {
    async get(accountId: string, id: string): Promise<FecReportResponse> {
      const { report, all, figures } = await loadReport(accountId, id);
      return { report, lines: summaryLines(report, figures.amounts), problems: await preFilingCheck(context, accountId, report, figures, all) };
    },

    async lineEntries(accountId: string, id: string, field: string): Promise<LineEntriesResponse> {
      const { report, figures } = await loadReport(accountId, id);
      return lineEntries(report, figures, field);
    },
  };
}
