import type { FecReportsContext } from './context';
import { reportFecFile, type CoverRecord } from './fecFile';

export type FecFile = { filename: string; body: string };

/** The report as the .fec file the treasurer uploads (an amendment names the filing it amends). */
export function createReportFile({ loadReport, today }: FecReportsContext) {
  return {
    async file(accountId: string, id: string): Promise<FecFile> {
      const { report, figures, all } = await loadReport(accountId, id);
      const cover: CoverRecord = {
        committee: figures.committee,
        formType: report.formType,
        reportCode: report.reportCode,
        electionCode: report.electionCode,
        electionDate: report.electionDate,
        electionState: report.electionState,
        from: report.coverageFrom,
        through: report.coverageThrough,
        treasurerFirstName: report.treasurerFirstName,
        treasurerLastName: report.treasurerLastName,
        dateSigned: report.dateSigned ?? (await today(accountId)),
        amounts: figures.amounts,
      };
      const amended = report.amendsId ? all.find((r) => r.id === report.amendsId) : null;
      const amends = report.amendsId ? { fecFilingId: amended?.fecFilingId ?? null, number: report.amendmentNumber } : null;
      const body = reportFecFile(cover, figures.scheduleA.rows, figures.scheduleB, amends);
      const suffix = report.amendsId ? `-amendment-${report.amendmentNumber}` : '';
      return { filename: `${figures.committee.fecId}-${report.reportCode}-${report.coverageThrough.slice(0, 4)}${suffix}.fec`, body };
    },
  };
}
