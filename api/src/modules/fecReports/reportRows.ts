import type { FecReport, FilingForm } from '@caucus/contract';
import type { CommitteeRow, FecReportRow } from '../../db/rows';
import { toIsoDate } from '../../db/values';
import { centsOf, fromCents } from '../compliance/limitEngine';
import type { ScheduleACommittee } from '../compliance/scheduleA';
import { textOrNull } from './format';
import { formTypeOf, periodOf } from './periods';

// Rows of fec_reports and committees as the contract's report and the filer of the cover record.

/** The report's opening cash in dollars, or null for a report that starts from the previous close. */
export const openingCashOf = (row: Pick<FecReportRow, 'openingCash'>): number | null =>
  row.openingCash === null || row.openingCash === undefined ? null : fromCents(centsOf(row.openingCash));

export function toReport(row: FecReportRow, supersededById: string | null): FecReport {
  const through = toIsoDate(row.coverageThrough) as string;
  const electionDate = toIsoDate(row.electionDate);
  return {
    id: row.id,
    committeeId: row.committeeId,
    form: row.form,
    formType: formTypeOf(row.form, Boolean(row.amendsId)),
    reportCode: row.reportCode,
    coverageFrom: toIsoDate(row.coverageFrom) as string,
    coverageThrough: through,
    dueDate: periodOf(row.reportCode, Number(through.slice(0, 4)), electionDate).due,
    electionCode: textOrNull(row.electionCode),
    electionDate,
    electionState: textOrNull(row.electionState),
    treasurerFirstName: textOrNull(row.treasurerFirstName),
    treasurerLastName: textOrNull(row.treasurerLastName),
    dateSigned: toIsoDate(row.dateSigned),
    openingCash: openingCashOf(row),
    status: row.status,
    filedAt: toIsoDate(row.filedAt),
    fecFilingId: textOrNull(row.fecFilingId),
    amendsId: textOrNull(row.amendsId),
    amendmentNumber: Number(row.amendmentNumber ?? 0),
    supersededById,
  };
}

/** Every report of the committee, each with the amendment that replaces it (the latest of its chain). */
export function reportsWithAmendments(rows: readonly FecReportRow[]): FecReport[] {
  const rootOf = (row: FecReportRow) => textOrNull(row.amendsId) ?? row.id;
  const latestOfChain = new Map<string, FecReportRow>();
  for (const row of rows) {
    const current = latestOfChain.get(rootOf(row));
    if (!current || Number(row.amendmentNumber) > Number(current.amendmentNumber)) latestOfChain.set(rootOf(row), row);
  }
  return rows.map((row) => {
    const latest = latestOfChain.get(rootOf(row)) as FecReportRow;
    return toReport(row, latest.id === row.id ? null : latest.id);
  });
}

/** The committee as the cover record and Schedule A name it; a report is only created once the FEC ID and form are set. */
export function filerOf(row: CommitteeRow): ScheduleACommittee {
  return {
    fecId: String(row.fecId),
    filingForm: String(row.filingForm) as FilingForm,
    name: row.name,
    street1: textOrNull(row.street1),
    street2: textOrNull(row.street2),
    city: textOrNull(row.city),
    state: textOrNull(row.state),
    zip: textOrNull(row.zip),
    treasurerFirstName: textOrNull(row.treasurerFirstName),
    treasurerLastName: textOrNull(row.treasurerLastName),
  };
}
