import type { CommitteeElection, FecReport, FecReportValues, FilingForm } from '@caucus/contract';
import { ELECTION_REPORT_CODES, ELECTION_REQUIRED_MESSAGE } from '@caucus/contract';
import { BadRequest, Conflict } from '../../http/errors';
import { COVERAGE_FROM_AFTER_END, DUPLICATE_REPORT, MONTHLY_ONLY_F3X, notCommitteeElection, PERIOD_COVERED, wrongElectionType } from './messages';
import { periodOf } from './periods';
import { addDays } from '../../lib/calendarDays';

// What a new report covers: its election (a pre- or post-election report names one) and its period,
// from the day after the committee's last report through the end of the code's period.

const refused = (field: keyof FecReportValues, message: string) => new BadRequest(message, { [field]: message });

/** The report code must suit the filer; a pre- or post-election report names an election of the committee of the right kind. */
export function electionOfNewReport(
  form: FilingForm,
  values: Pick<FecReportValues, 'reportCode' | 'electionCode'>,
  elections: readonly CommitteeElection[],
): { electionCode: string | null; electionDate: string | null } {
  if (form === 'F3' && values.reportCode.startsWith('M')) throw refused('reportCode', MONTHLY_ONLY_F3X);
  if (!ELECTION_REPORT_CODES.includes(values.reportCode)) return { electionCode: null, electionDate: null };
  if (!values.electionCode) throw refused('electionCode', ELECTION_REQUIRED_MESSAGE);
  const election = elections.find((e) => e.code === values.electionCode);
  if (!election) throw refused('electionCode', notCommitteeElection(values.electionCode));
  // 12P follows a primary, runoff, special or convention; 12G and 30G a general.
  if ((values.reportCode === '12P') === election.code.startsWith('G')) throw refused('electionCode', wrongElectionType(election.code, values.reportCode));
  return { electionCode: election.code, electionDate: election.date };
}

/**
 * The period of the new report: through the end of the code's period, from the day after the last
 * report before it (else the date asked, else January 1). `last` is that report, if any.
 */
export function coverageOfNewReport(
  values: Pick<FecReportValues, 'reportCode' | 'year' | 'coverageFrom'>,
  electionDate: string | null,
  existing: readonly FecReport[],
): { from: string; through: string; last: FecReport | undefined } {
  const through = periodOf(values.reportCode, values.year, electionDate).through;
  const originals = existing.filter((r) => !r.amendsId);
  if (originals.some((r) => r.reportCode === values.reportCode && r.coverageThrough === through)) throw new Conflict(DUPLICATE_REPORT);
  const last = originals.filter((r) => r.coverageThrough < through).sort((x, y) => (x.coverageThrough < y.coverageThrough ? 1 : -1))[0];
  if (originals.some((r) => r.coverageThrough >= through)) throw new Conflict(PERIOD_COVERED);
  const from = last ? addDays(last.coverageThrough, 1) : (values.coverageFrom ?? `${through.slice(0, 4)}-01-01`);
  if (from > through) throw refused('coverageFrom', COVERAGE_FROM_AFTER_END);
  return { from, through, last };
}
