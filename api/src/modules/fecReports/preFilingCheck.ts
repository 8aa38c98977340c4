import type { CheckProblem, FecReport, FortyEightHourNoticesResponse } from '@caucus/contract';
import { ELECTION_REPORT_CODES, INFORMATION_REQUESTED } from '@caucus/contract';
import { toIsoDate } from '../../db/values';
import { centsOf } from '../compliance/limitEngine';
import { transactionIdOf } from '../compliance/scheduleA';
import type { FecReportsContext } from './context';
import { money } from './format';
import type { ReportFigures, SummaryBookReceipt } from './reportFigures';
import { lineCodeOf } from './summaryLines';
import { beginningField, YEAR_FIELD } from './summary';
import { addDays } from '../../lib/calendarDays';

// The check a report passes before it is filed: the cover page, Schedule A's contributors, what a
// candidate committee (F3) may not accept, cash continuing from the previous report, excessive
// contributions and 48-hour notices past their deadlines, and lines the FEC takes no negatives on.
// Each problem names where it is fixed.

const contactPath = (id: string | null) => `/dashboard/contacts/${id ?? ''}`;
const reportPath = (id: string) => `/dashboard/financials/reports/${id}`;
const compliancePath = (report: FecReport) => `/dashboard/compliance?committee=${report.committeeId}`;

type Notice = FortyEightHourNoticesResponse['notices'][number];

/** The report just before this one (by coverage), among the latest version of each other report. */
function previousOf(report: FecReport, all: readonly FecReport[]): FecReport | null {
  return (
    all
      .filter((r) => !r.supersededById && (r.amendsId ?? r.id) !== (report.amendsId ?? report.id) && r.coverageThrough < report.coverageFrom)
      .sort((x, y) => (x.coverageThrough < y.coverageThrough ? 1 : -1))[0] ?? null
  );
}

/** A gift of an organisation: a contact with an organisation and no person's name. */
const fromOrganization = (receipt: SummaryBookReceipt) => Boolean(receipt.row.organization && !receipt.row.firstName && !receipt.row.lastName);

export async function preFilingCheck(
  { repo, compliance, today }: FecReportsContext,
  accountId: string,
  report: FecReport,
  figures: ReportFigures,
  all: readonly FecReport[],
): Promise<CheckProblem[]> {
  const db = repo.reader();
  const inPeriod = figures.summaryReceipts.filter((r) => r.date >= report.coverageFrom && r.date <= report.coverageThrough);
  // An organisation's gift refunded in full (its refund may fall in a later period) is cured.
  const refunded =
    report.form === 'F3'
      ? await repo.refundedCentsByDonation(
          db,
          accountId,
          inPeriod.filter(fromOrganization).map((r) => r.id),
        )
      : new Map<string, number>();
  const previous = previousOf(report, all);
  const previousRow = previous ? await repo.findReport(db, accountId, previous.id) : undefined;
  const previousClosing = previousRow?.closingCash === null || previousRow?.closingCash === undefined ? null : centsOf(previousRow.closingCash);
  const signedOn = report.dateSigned ?? (await today(accountId));
  const { notices } = await compliance.service.fortyEightHourNotices(accountId, report.committeeId);
  return [
    ...coverPageProblems(report),
    ...scheduleAProblems(figures),
    ...(report.form === 'F3' ? candidateCommitteeProblems(inPeriod, refunded) : []),
    ...(previous ? continuityProblems(report, figures, previous, previousClosing) : []),
    ...deadlineProblems(report, inPeriod, notices, signedOn),
    ...negativeLineProblems(report, figures.amounts),
  ];
}

function coverPageProblems(report: FecReport): CheckProblem[] {
  const problems: CheckProblem[] = [];
  const fixPath = reportPath(report.id);
  if (!report.treasurerFirstName || !report.treasurerLastName) {
    problems.push({ code: 'treasurer', severity: 'error', message: "The treasurer's first and last name are required on the cover page", fixPath });
  }
  if (!report.dateSigned) problems.push({ code: 'date-signed', severity: 'error', message: 'The report has no date signed', fixPath });
  if (ELECTION_REPORT_CODES.includes(report.reportCode) && !report.electionState) {
    problems.push({ code: 'election-state', severity: 'error', message: `A ${report.reportCode} report names the state of the election`, fixPath });
  }
  return problems;
}

function scheduleAProblems(figures: ReportFigures): CheckProblem[] {
  const problems: CheckProblem[] = figures.scheduleA.warnings.map((warning): CheckProblem => ({
    code: 'contributor-address',
    severity: 'error',
    message: `${warning.message} (Schedule A ${warning.transaction_id}). Add it to the contact; if the contributor does not answer a written request sent within 30 days of receipt, reporting what you have is best efforts (11 CFR 104.7)`,
    fixPath: contactPath(warning.contactId),
  }));
  for (const row of figures.scheduleA.rows) {
    if (row.contributor_employer !== INFORMATION_REQUESTED && row.contributor_occupation !== INFORMATION_REQUESTED) continue;
    const receipt = figures.receipts.find((r) => transactionIdOf(r.id) === row.transaction_id);
    problems.push({
      code: 'employer-occupation',
      severity: 'warning',
      message: `${row.contributor_first_name} ${row.contributor_last_name}: employer or occupation missing; reported as "${INFORMATION_REQUESTED}", which meets best efforts only if you asked for it within 30 days of receipt`,
      fixPath: contactPath(receipt?.contactId ?? null),
    });
  }
  return problems;
}

/** Form 3 filers are candidate committees: every receipt is designated to an election, and none is an organisation's. */
function candidateCommitteeProblems(inPeriod: readonly SummaryBookReceipt[], refunded: ReadonlyMap<string, number>): CheckProblem[] {
  const problems: CheckProblem[] = [];
  for (const receipt of inPeriod) {
    if (!receipt.row.electionCode) {
      problems.push({
        code: 'election-designation',
        severity: 'error',
        message: `A receipt of ${money(receipt.cents)} on ${receipt.date} has no election designation`,
        fixPath: contactPath(receipt.contactId),
      });
    }
    if (receipt.contributorType === 'individual' && fromOrganization(receipt) && (refunded.get(receipt.id) ?? 0) < receipt.cents) {
      problems.push({
        code: 'organization-contribution',
        severity: 'error',
        message: `${receipt.row.organization} gave ${money(receipt.cents)} on ${receipt.date}: a candidate committee may not accept contributions from corporations or other organisations; refund it`,
        fixPath: contactPath(receipt.contactId),
      });
    }
  }
  return problems;
}

/** The report starts where the previous one ended, with the cash that one closed on as filed. */
function continuityProblems(report: FecReport, figures: ReportFigures, previous: FecReport, previousClosing: number | null): CheckProblem[] {
  const problems: CheckProblem[] = [];
  const beginning = figures.amounts[beginningField(report.form)];
  if (previousClosing !== null && previousClosing !== beginning) {
    problems.push({
      code: 'cash-continuity',
      severity: 'error',
      message: `Cash on hand at the beginning (${money(beginning)}) does not continue from the ${previous.reportCode} report's close as filed (${money(previousClosing)}): entries dated in that period changed after it was filed; amend it`,
      fixPath: reportPath(previous.id),
    });
  }
  if (addDays(previous.coverageThrough, 1) !== report.coverageFrom) {
    problems.push({
      code: 'coverage-gap',
      severity: 'error',
      message: `Coverage starts ${report.coverageFrom} but the previous report ended ${previous.coverageThrough}`,
      fixPath: reportPath(report.id),
    });
  }
  return problems;
}

/** Remedies and notices whose deadline passed before the report is signed (today for an unsigned one). */
function deadlineProblems(report: FecReport, inPeriod: readonly SummaryBookReceipt[], notices: readonly Notice[], signedOn: string): CheckProblem[] {
  const problems: CheckProblem[] = [];
  for (const receipt of inPeriod) {
    const deadline = toIsoDate(receipt.row.remedyDeadline);
    const excess = centsOf(receipt.row.excessAmount);
    if (excess > 0 && deadline && deadline < signedOn) {
      problems.push({
        code: 'excessive-past-deadline',
        severity: 'error',
        message: `An excessive contribution (${money(excess)} over the limit, received ${receipt.date}) passed its 60-day deadline on ${deadline}: refund it`,
        fixPath: compliancePath(report),
      });
    }
  }
  for (const notice of notices) {
    if (notice.filedOn || notice.dueDate > signedOn) continue;
    problems.push({
      code: '48-hour-notice',
      severity: 'error',
      message: `The 48-hour notice for ${notice.contactName}'s ${money(Math.round(notice.amount * 100))} on ${notice.donationDate} was due ${notice.dueDate} and is not marked filed`,
      fixPath: compliancePath(report),
    });
  }
  return problems;
}

function negativeLineProblems(report: FecReport, amounts: Record<string, number>): CheckProblem[] {
  return Object.entries(amounts)
    .filter(([field, cents]) => field !== YEAR_FIELD && cents < 0)
    .map(([field, cents]): CheckProblem => ({
      code: 'negative-line',
      severity: 'error',
      message: `Line ${lineCodeOf(field)} is negative (${money(cents)}): the FEC takes no negative totals; check the voids and refunds dated in this period`,
      fixPath: `/dashboard/financials/disbursements?committee=${report.committeeId}`,
    }));
}
