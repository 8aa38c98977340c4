import type { FecReport, FecReportListResponse, FecReportValues } from '@caucus/contract';
import { ELECTION_REPORT_CODES } from '@caucus/contract';
import type { FecReportRow } from '../../db/rows';
import { toIsoDate, toIsoDateTime } from '../../db/values';
import { Conflict } from '../../http/errors';
import type { AuditActor } from '../../lib/audit';
import { newId } from '../../lib/ids';
import { fromCents } from '../compliance/limitEngine';
import type { FecReportsContext } from './context';
import { textOrNull } from './format';
import { FILED_IS_FINAL, NO_FEC_ID, NOT_FILED, SUPERSEDED } from './messages';
import { coverageOfNewReport, electionOfNewReport } from './newReport';
import { openingCashOf } from './reportRows';
import type { ReportChanges } from './repository';
import { closingField } from './summary';

// A report's life: created as a draft, its cover page corrected, marked filed (keeping its cash at
// close for the next report to start from) or back to draft, and amended once filed (F3A / F3XA: a
// new draft carrying the whole report again). Every write is audited.

/** What a treasurer corrects on a draft's cover page. */
export type CoverPageValues = {
  treasurerFirstName: string | null;
  treasurerLastName: string | null;
  dateSigned: string | null;
  electionState: string | null;
  openingCash: number | null;
};

export type FileStatusValues = { filed: boolean; filedAt: string | null; fecFilingId: string | null };

const coverPageOf = (row: FecReportRow) => ({
  treasurerFirstName: textOrNull(row.treasurerFirstName),
  treasurerLastName: textOrNull(row.treasurerLastName),
  dateSigned: toIsoDate(row.dateSigned),
  electionState: textOrNull(row.electionState),
  openingCash: openingCashOf(row),
});

export function createReportLifecycle(context: FecReportsContext) {
  const { repo, committeeOr404, reportOr404, reportsOf, loadReport, today, auditReport } = context;

  return {
    /** The committee's reports, latest first. */
    async list(accountId: string, committeeId: string): Promise<FecReportListResponse> {
      const db = repo.reader();
      await committeeOr404(db, accountId, committeeId);
      return { reports: (await reportsOf(db, accountId, committeeId)).reverse() };
    },

    async create(accountId: string, actor: AuditActor, values: FecReportValues): Promise<FecReport> {
      const id = newId();
      await repo.transaction(async (trx) => {
        const committee = await committeeOr404(trx, accountId, values.committeeId);
        if (!committee.fecId || !committee.filingForm) throw new Conflict(NO_FEC_ID);
        const form = committee.filingForm;
        const elections = ELECTION_REPORT_CODES.includes(values.reportCode) ? await repo.committeeElections(trx, accountId, values.committeeId) : [];
        const { electionCode, electionDate } = electionOfNewReport(form, values, elections);
        const { from, through, last } = coverageOfNewReport(values, electionDate, await reportsOf(trx, accountId, values.committeeId));
        const nowAt = new Date();
        const row: FecReportRow = {
          id,
          accountId,
          committeeId: values.committeeId,
          form,
          reportCode: values.reportCode,
          coverageFrom: from,
          coverageThrough: through,
          electionCode,
          electionDate,
          electionState: values.electionState,
          treasurerFirstName: values.treasurerFirstName ?? textOrNull(committee.treasurerFirstName),
          treasurerLastName: values.treasurerLastName ?? textOrNull(committee.treasurerLastName),
          dateSigned: values.dateSigned,
          // Only the committee's first report states an opening balance; later ones start from the last close.
          openingCash: last ? null : (values.openingCash ?? 0),
          status: 'draft',
          filedAt: null,
          fecFilingId: null,
          closingCash: null,
          amendsId: null,
          amendmentNumber: 0,
          createdAt: nowAt,
          updatedAt: nowAt,
        };
        await repo.insertReport(trx, row);
        await auditReport(trx, accountId, actor, id, 'create', null, {
          reportCode: row.reportCode,
          coverageFrom: from,
          coverageThrough: through,
          openingCash: row.openingCash,
        });
      });
      return (await loadReport(accountId, id)).report;
    },

    /** Corrects a draft's cover page; returns nothing (the caller answers with the summary page). */
    async updateCoverPage(accountId: string, actor: AuditActor, id: string, values: CoverPageValues): Promise<void> {
      await repo.transaction(async (trx) => {
        const before = await reportOr404(trx, accountId, id, true);
        if (before.status === 'filed') throw new Conflict(FILED_IS_FINAL);
        const changes: ReportChanges = {
          treasurerFirstName: values.treasurerFirstName,
          treasurerLastName: values.treasurerLastName,
          dateSigned: values.dateSigned,
          electionState: values.electionState,
        };
        // The opening balance belongs to the first report only (a later one's is the previous close).
        if (before.openingCash !== null && before.openingCash !== undefined && values.openingCash !== null) changes.openingCash = values.openingCash;
        await repo.updateReport(trx, accountId, id, changes);
        await auditReport(trx, accountId, actor, id, 'update', coverPageOf(before), coverPageOf({ ...before, ...changes }));
      });
    },

    async setFileStatus(accountId: string, actor: AuditActor, id: string, values: FileStatusValues): Promise<FecReport> {
      const { figures, report } = await loadReport(accountId, id);
      if (report.supersededById) throw new Conflict(SUPERSEDED);
      const closing = fromCents(figures.amounts[closingField(report.form)]);
      await repo.transaction(async (trx) => {
        const before = await reportOr404(trx, accountId, id, true);
        const filedOn = values.filedAt ?? (await today(accountId));
        const changes: ReportChanges = values.filed
          ? { status: 'filed', filedAt: new Date(`${filedOn}T00:00:00.000Z`), fecFilingId: values.fecFilingId, closingCash: closing }
          : { status: 'draft', filedAt: null, fecFilingId: null, closingCash: null };
        await repo.updateReport(trx, accountId, id, changes);
        await auditReport(
          trx,
          accountId,
          actor,
          id,
          values.filed ? 'file' : 'unfile',
          { status: before.status, filedAt: toIsoDateTime(before.filedAt), fecFilingId: textOrNull(before.fecFilingId) },
          {
            status: changes.status,
            filedAt: values.filed ? filedOn : null,
            fecFilingId: values.filed ? values.fecFilingId : null,
            closingCash: values.filed ? closing : null,
          },
        );
      });
      return (await loadReport(accountId, id)).report;
    },

    /** An amendment (F3A / F3XA): the whole report again, from the entries as they are now. */
    async amend(accountId: string, actor: AuditActor, id: string): Promise<FecReport> {
      const amendmentId = newId();
      await repo.transaction(async (trx) => {
        const original = await reportOr404(trx, accountId, id, true);
        const all = await reportsOf(trx, accountId, original.committeeId);
        const report = all.find((r) => r.id === id) as FecReport;
        if (report.supersededById) throw new Conflict(SUPERSEDED);
        if (report.status !== 'filed') throw new Conflict(NOT_FILED);
        const root = report.amendsId ?? report.id;
        const number = Math.max(...all.filter((r) => (r.amendsId ?? r.id) === root).map((r) => r.amendmentNumber)) + 1;
        const nowAt = new Date();
        await repo.insertReport(trx, {
          ...original,
          id: amendmentId,
          coverageFrom: report.coverageFrom,
          coverageThrough: report.coverageThrough,
          electionDate: report.electionDate,
          dateSigned: null,
          status: 'draft',
          filedAt: null,
          fecFilingId: null,
          closingCash: null,
          amendsId: root,
          amendmentNumber: number,
          createdAt: nowAt,
          updatedAt: nowAt,
        });
        await auditReport(trx, accountId, actor, amendmentId, 'amend', null, { amends: root, amendmentNumber: number });
      });
      return (await loadReport(accountId, amendmentId)).report;
    },
  };
}
