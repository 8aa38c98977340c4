import type { FecReportResponse } from '@caucus/contract';
import type { AuditActor } from '../../lib/audit';
import { createCashOnHand } from './cashOnHand';
import { createFecReportsContext, type FecReportsDeps } from './context';
import { createNoticeFilings } from './noticeFilings';
import { createReconciliation } from './reconciliation';
import { createReportFile } from './reportFile';
import { createReportLifecycle, type CoverPageValues } from './reportLifecycle';
import type { FecReportsRepository } from './repository';
import { createSummaryPage } from './summaryPage';

// The FEC reports service: cash on hand, bank reconciliation, the reports' life (draft, filed,
// amended), their summary page and pre-filing check, the .fec file, and 48-hour notices marked filed;
// one part per job, composed over the same deps and reads (context.ts).

export * from './messages';
export type { FecFile } from './reportFile';

export function createFecReportsService(repo: FecReportsRepository, compliance: FecReportsDeps['compliance'], now: () => Date = () => new Date()) {
  const context = createFecReportsContext({ repo, compliance, now });
  const { updateCoverPage, ...lifecycle } = createReportLifecycle(context);
  const summaryPage = createSummaryPage(context);
  return {
    ...createCashOnHand(context),
    ...createReconciliation(context),
    ...lifecycle,
    ...summaryPage,
    ...createReportFile(context),
    ...createNoticeFilings(context),

    /** Corrects a draft's cover page and answers with its summary page as it now reads. */
    async update(accountId: string, actor: AuditActor, id: string, values: CoverPageValues): Promise<FecReportResponse> {
      await updateCoverPage(accountId, actor, id, values);
      return summaryPage.get(accountId, id);
    },
  };
}

export type FecReportsService = ReturnType<typeof createFecReportsService>;
