import type { Knex } from 'knex';
import type {
  CashResponse,
  CheckProblem,
  FecReport,
  FecReportListResponse,
  FecReportResponse,
  FecReportValues,
  FilingForm,
  LineEntriesResponse,
  LedgerEntry,
  Reconciliation,
  ReportCode,
  SummaryLine,
} from '../../contract';
import { ELECTION_REPORT_CODES, INFORMATION_REQUESTED } from '../../contract';
import { toIsoDate, toIsoDateTime, type DbDateTime } from '../../db/values';
import { BadRequest, Conflict, NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { newId } from '../../lib/ids';
import { committeeElections } from '../committees/repository';
import type { ComplianceRepository } from '../compliance/repository';
import { F3_LINE_TITLES, F3X_LINE_TITLES } from '../compliance/fecLines';
import { addDays, centsOf, fromCents } from '../compliance/limitEngine';
import { aggregationStart, buildScheduleA, type ScheduleACommittee } from '../compliance/scheduleA';
import type { ComplianceService } from '../compliance/service';
import { itemizedReceipts, outflowOf, receiptOf, type BookReceipt } from './books';
import { buildScheduleB, reportFecFile, type CoverRecord } from './fecFile';
import { formTypeOf, periodOf } from './periods';
import type { FecReportsRepository } from './repository';
import { beginningField, closingField, figureOfField, figuresOf, outflowFigure, receiptFigure, summaryAmounts, YEAR_FIELD, type SummaryOutflow } from './summary';

type Row = Record<string, unknown>;
type Db = Knex | Knex.Transaction;
const str = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));

export const COMMITTEE_NOT_FOUND = 'Committee not found';
export const REPORT_NOT_FOUND = 'Report not found';
export const NO_FEC_ID = "Set the committee's FEC ID and filing form (F3 or F3X) before creating a report";
export const MONTHLY_ONLY_F3X = 'Monthly report codes (M2-M12) are for F3X filers that file monthly';
export const notCommitteeElection = (code: string) => `Election ${code} is not an election of the committee`;
export const wrongElectionType = (code: string, reportCode: string) => `Election ${code} does not take a ${reportCode} report (12P: primary, runoff, special or convention; 12G and 30G: general)`;
export const PERIOD_COVERED = 'That period is already covered by an earlier report of the committee';
export const DUPLICATE_REPORT = 'The committee already has that report: amend it instead';
export const NOT_FILED = 'Only a filed report can be amended';
export const FILED_IS_FINAL = 'A filed report cannot be changed: amend it';
export const SUPERSEDED = 'An amendment replaces this report: work on the latest amendment';
export const UNKNOWN_LINE = 'Unknown line of this form';

const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function todayIn(timeZone: string | null, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** '11ai' from 'L11ai_individuals_itemized_period'. */
const lineCodeOf = (field: string) => (/^L(\d+[a-z]*)_/.exec(field)?.[1] ?? field);

export type FecFile = { filename: string; body: string };
export type FecReportsService = ReturnType<typeof createFecReportsService>;

export function createFecReportsService(repo: FecReportsRepository, compliance: { repo: ComplianceRepository; service: ComplianceService }, now: () => Date = () => new Date()) {
  async function committeeOr404(db: Db, accountId: string, committeeId: string): Promise<Row> {
    assertIdOr404(committeeId, COMMITTEE_NOT_FOUND);
    const row = await repo.findCommittee(db, accountId, committeeId);
    if (!row) throw new NotFound(COMMITTEE_NOT_FOUND);
    return row;
  }

  async function reportOr404(db: Db, accountId: string, id: string, forUpdate = false): Promise<Row> {
    assertIdOr404(id, REPORT_NOT_FOUND);
    const row = await repo.findReport(db, accountId, id, forUpdate);
    if (!row) throw new NotFound(REPORT_NOT_FOUND);
    return row;
  }

  async function today(accountId: string): Promise<string> {
    return todayIn(await compliance.repo.accountTimeZone(repo.reader(), accountId), now());
  }

  /** Where the books start: the committee's first report's opening cash on its first day, else 0 from the beginning. */
  async function openingOf(db: Db, accountId: string, committeeId: string): Promise<{ cents: number; date: string | null }> {
    const first = (await repo.reports(db, accountId, committeeId))
      .filter((r) => !r.amendsId)
      .sort((x, y) => String(toIsoDate(x.coverageFrom as DbDateTime)).localeCompare(String(toIsoDate(y.coverageFrom as DbDateTime))))[0];
    if (!first) return { cents: 0, date: null };
    return { cents: centsOf(first.openingCash), date: toIsoDate(first.coverageFrom as DbDateTime) };
  }

  async function cashThrough(db: Db, accountId: string, committeeId: string, through: string) {
    const opening = await openingOf(db, accountId, committeeId);
    if (opening.date && through < opening.date) return { opening, receipts: 0, disbursements: 0, cash: opening.cents };
    const receipts = (await repo.receipts(db, accountId, committeeId, opening.date, through)).reduce((sum, row) => sum + centsOf(row.donationAmount), 0);
    const disbursements = (await repo.outflows(db, accountId, committeeId, opening.date, through)).reduce((sum, row) => sum + centsOf(row.amount), 0);
    return { opening, receipts, disbursements, cash: opening.cents + receipts - disbursements };
  }

  function committeeOf(row: Row): ScheduleACommittee {
    return {
      fecId: String(row.fecId),
      filingForm: String(row.filingForm) as FilingForm,
      name: String(row.name),
      street1: str(row.street1),
      street2: str(row.street2),
      city: str(row.city),
      state: str(row.state),
      zip: str(row.zip),
      treasurerFirstName: str(row.treasurerFirstName),
      treasurerLastName: str(row.treasurerLastName),
    };
  }

  function toReport(row: Row, supersededById: string | null): FecReport {
    const through = toIsoDate(row.coverageThrough as DbDateTime) as string;
    const electionDate = toIsoDate(row.electionDate as DbDateTime);
    const amendment = Boolean(row.amendsId);
    return {
      id: String(row.id),
      committeeId: String(row.committeeId),
      form: String(row.form) as FilingForm,
      formType: formTypeOf(String(row.form) as FilingForm, amendment),
      reportCode: String(row.reportCode) as ReportCode,
      coverageFrom: toIsoDate(row.coverageFrom as DbDateTime) as string,
      coverageThrough: through,
      dueDate: periodOf(String(row.reportCode) as ReportCode, Number(through.slice(0, 4)), electionDate).due,
      electionCode: str(row.electionCode),
      electionDate,
      electionState: str(row.electionState),
      treasurerFirstName: str(row.treasurerFirstName),
      treasurerLastName: str(row.treasurerLastName),
      dateSigned: toIsoDate(row.dateSigned as DbDateTime),
      openingCash: row.openingCash === null || row.openingCash === undefined ? null : fromCents(centsOf(row.openingCash)),
      status: String(row.status) as FecReport['status'],
      filedAt: toIsoDate(row.filedAt as DbDateTime),
      fecFilingId: str(row.fecFilingId),
      amendsId: str(row.amendsId),
      amendmentNumber: Number(row.amendmentNumber ?? 0),
      supersededById,
    };
  }

  /** Every report of the committee, each with the amendment that replaces it (the next one in its chain). */
  async function reportsOf(db: Db, accountId: string, committeeId: string): Promise<FecReport[]> {
    const rows = await repo.reports(db, accountId, committeeId);
    const latestOfChain = new Map<string, Row>();
    for (const row of rows) {
      const root = str(row.amendsId) ?? String(row.id);
      const current = latestOfChain.get(root);
      if (!current || Number(row.amendmentNumber) > Number(current.amendmentNumber)) latestOfChain.set(root, row);
    }
    return rows.map((row) => {
      const root = str(row.amendsId) ?? String(row.id);
      const latest = latestOfChain.get(root) as Row;
      return toReport(row, String(latest.id) === String(row.id) ? null : String(latest.id));
    });
  }

  /** The report just before this one (by coverage), among the latest version of each other report. */
  function previousOf(report: FecReport, all: FecReport[]): FecReport | null {
    return (
      all
        .filter((r) => !r.supersededById && (r.amendsId ?? r.id) !== (report.amendsId ?? report.id) && r.coverageThrough < report.coverageFrom)
        .sort((x, y) => (x.coverageThrough < y.coverageThrough ? 1 : -1))[0] ?? null
    );
  }

  /** Everything the summary, the file and the check read, computed once. */
  async function compute(db: Db, accountId: string, report: FecReport, committeeRow: Row) {
    const form = report.form;
    const { coverageFrom: from, coverageThrough: through } = report;
    const opening = await openingOf(db, accountId, report.committeeId);
    const receiptRows = await repo.receipts(db, accountId, report.committeeId, null, through);
    const outflowRows = await repo.outflows(db, accountId, report.committeeId, null, through);
    const booksFrom = opening.date;
    const inBooks = (date: string) => !booksFrom || date >= booksFrom;
    const receipts: BookReceipt[] = receiptRows.map(receiptOf);
    const itemized = itemizedReceipts(form, receipts, through);
    const summaryReceipts = receipts.filter((r) => inBooks(r.date)).map((r) => ({ ...r, itemized: itemized.has(r.id) }));
    const outflows = outflowRows.map(outflowOf);
    const summaryOutflows = outflows.filter((o) => inBooks(o.date));
    const toDateFrom = form === 'F3' ? aggregationStart('F3', through) : `${through.slice(0, 4)}-01-01`;
    const cashBefore = (date: string) => {
      const day = addDays(date, -1);
      if (booksFrom && day < booksFrom) return opening.cents;
      const ins = summaryReceipts.filter((r) => r.date <= day).reduce((sum, r) => sum + r.cents, 0);
      const outs = summaryOutflows.filter((o) => o.date <= day).reduce((sum, o) => sum + o.cents, 0);
      return opening.cents + ins - outs;
    };
    const amounts = summaryAmounts(form, figuresOf(summaryReceipts, summaryOutflows, from, through), figuresOf(summaryReceipts, summaryOutflows, toDateFrom, through), {
      beginning: cashBefore(from),
      yearBeginning: cashBefore(toDateFrom),
      year: Number(through.slice(0, 4)),
    });
    const committee = committeeOf(committeeRow);
    const individual = await compliance.repo.individualReceipts(db, accountId, report.committeeId, aggregationStart(form, from), through);
    const scheduleA = buildScheduleA(committee, individual, from, through);
    const scheduleB = buildScheduleB(form, committee.fecId, outflows.filter((o) => o.date >= aggregationStart(form, from)), from, through);
    return { amounts, summaryReceipts, summaryOutflows, scheduleA, scheduleB, committee, toDateFrom, receipts };
  }

  function linesOf(report: FecReport, amounts: Record<string, number>): SummaryLine[] {
    const titles = report.form === 'F3' ? F3_LINE_TITLES : F3X_LINE_TITLES;
    const byCode = new Map<string, { period?: string; ytd?: string }>();
    for (const field of Object.keys(amounts)) {
      if (field === YEAR_FIELD) continue;
      const code = lineCodeOf(field);
      const entry = byCode.get(code) ?? {};
      if (field.endsWith('_ytd')) entry.ytd = entry.ytd ?? field;
      else entry.period = field;
      byCode.set(code, entry);
    }
    const lines: SummaryLine[] = [];
    for (const [code, { period, ytd }] of byCode) {
      const field = period ?? (ytd as string);
      lines.push({
        field,
        line: code,
        title: titles[field] ?? field,
        periodAmount: period ? fromCents(amounts[period]) : null,
        toDateAmount: ytd ? fromCents(amounts[ytd]) : null,
        entriesPath: figureOfField(field) ? `/api/reports/fec/${report.id}/lines/${field}` : null,
      });
    }
    return lines;
  }

  async function problemsOf(db: Db, accountId: string, report: FecReport, computed: Awaited<ReturnType<typeof compute>>, all: FecReport[]): Promise<CheckProblem[]> {
    const problems: CheckProblem[] = [];
    const contactPath = (id: string) => `/dashboard/contacts/${id}`;
    const reportPath = `/dashboard/financials/reports/${report.id}`;
    if (!report.treasurerFirstName || !report.treasurerLastName) {
      problems.push({ code: 'treasurer', severity: 'error', message: "The treasurer's first and last name are required on the cover page", fixPath: reportPath });
    }
    if (!report.dateSigned) problems.push({ code: 'date-signed', severity: 'error', message: 'The report has no date signed', fixPath: reportPath });
    if (ELECTION_REPORT_CODES.includes(report.reportCode) && !report.electionState) {
      problems.push({ code: 'election-state', severity: 'error', message: `A ${report.reportCode} report names the state of the election`, fixPath: reportPath });
    }
    for (const warning of computed.scheduleA.warnings) {
      problems.push({ code: 'contributor-address', severity: 'error', message: `${warning.message} (Schedule A ${warning.transaction_id})`, fixPath: contactPath(warning.contactId) });
    }
    for (const row of computed.scheduleA.rows) {
      if (row.contributor_employer === INFORMATION_REQUESTED || row.contributor_occupation === INFORMATION_REQUESTED) {
        const receipt = computed.receipts.find((r) => r.id !== undefined && `SA${r.id.replace(/-/g, '').slice(-18).toUpperCase()}` === row.transaction_id);
        problems.push({
          code: 'employer-occupation',
          severity: 'warning',
          message: `${row.contributor_first_name} ${row.contributor_last_name}: employer or occupation missing; reported as "${INFORMATION_REQUESTED}", which meets best efforts only if you asked for it within 30 days of receipt`,
          fixPath: contactPath(receipt?.contactId ?? ''),
        });
      }
    }
    const inPeriod = computed.summaryReceipts.filter((r) => r.date >= report.coverageFrom && r.date <= report.coverageThrough);
    if (report.form === 'F3') {
      for (const receipt of inPeriod as (BookReceipt & { itemized: boolean })[]) {
        const row = receipt.row;
        if (!row.electionCode) {
          problems.push({ code: 'election-designation', severity: 'error', message: `A receipt of ${money(receipt.cents)} on ${receipt.date} has no election designation`, fixPath: contactPath(receipt.contactId ?? '') });
        }
        if (receipt.contributorType === 'individual' && !row.firstName && !row.lastName && row.organization) {
          problems.push({
            code: 'organization-contribution',
            severity: 'error',
            message: `${String(row.organization)} gave ${money(receipt.cents)} on ${receipt.date}: a candidate committee may not accept contributions from corporations or other organisations; refund it`,
            fixPath: contactPath(receipt.contactId ?? ''),
          });
        }
      }
    }
    const previous = previousOf(report, all);
    const beginning = computed.amounts[beginningField(report.form)];
    if (previous) {
      const previousRow = await repo.findReport(db, accountId, previous.id);
      const closing = previousRow?.closingCash === null || previousRow?.closingCash === undefined ? null : centsOf(previousRow.closingCash);
      if (closing !== null && closing !== beginning) {
        problems.push({
          code: 'cash-continuity',
          severity: 'error',
          message: `Cash on hand at the beginning (${money(beginning)}) does not continue from the ${previous.reportCode} report's close as filed (${money(closing)}): entries dated in that period changed after it was filed; amend it`,
          fixPath: `/dashboard/financials/reports/${previous.id}`,
        });
      }
      if (addDays(previous.coverageThrough, 1) !== report.coverageFrom) {
        problems.push({ code: 'coverage-gap', severity: 'error', message: `Coverage starts ${report.coverageFrom} but the previous report ended ${previous.coverageThrough}`, fixPath: reportPath });
      }
    }
    const signedOn = report.dateSigned ?? (await today(accountId));
    for (const receipt of inPeriod as (BookReceipt & { itemized: boolean })[]) {
      const deadline = toIsoDate(receipt.row.remedyDeadline as DbDateTime);
      if (centsOf(receipt.row.excessAmount) > 0 && deadline && deadline < signedOn) {
        problems.push({
          code: 'excessive-past-deadline',
          severity: 'error',
          message: `An excessive contribution (${money(centsOf(receipt.row.excessAmount))} over the limit, received ${receipt.date}) passed its 60-day deadline on ${deadline}: refund it`,
          fixPath: `/dashboard/compliance?committee=${report.committeeId}`,
        });
      }
    }
    const notices = (await compliance.service.fortyEightHourNotices(accountId, report.committeeId)).notices;
    for (const notice of notices) {
      if (notice.filedOn || notice.dueDate > signedOn) continue;
      problems.push({
        code: '48-hour-notice',
        severity: 'error',
        message: `The 48-hour notice for ${notice.contactName}'s ${money(Math.round(notice.amount * 100))} on ${notice.donationDate} was due ${notice.dueDate} and is not marked filed`,
        fixPath: `/dashboard/compliance?committee=${report.committeeId}`,
      });
    }
    for (const [field, cents] of Object.entries(computed.amounts)) {
      if (field !== YEAR_FIELD && cents < 0) {
        problems.push({ code: 'negative-line', severity: 'error', message: `Line ${lineCodeOf(field)} is negative (${money(cents)}): the FEC takes no negative totals; check the voids and refunds dated in this period`, fixPath: `/dashboard/financials/disbursements?committee=${report.committeeId}` });
      }
    }
    return problems;
  }

  async function full(accountId: string, id: string) {
    const db = repo.reader();
    const row = await reportOr404(db, accountId, id);
    const committeeRow = await committeeOr404(db, accountId, String(row.committeeId));
    const all = await reportsOf(db, accountId, String(row.committeeId));
    const report = all.find((r) => r.id === id) as FecReport;
    const computed = await compute(db, accountId, report, committeeRow);
    return { db, report, all, computed, committeeRow };
  }

  async function audit(trx: Knex.Transaction, accountId: string, actor: AuditActor, id: string, action: string, before: Row | null, after: Row | null) {
    await recordAudit(trx, { accountId, actor, entityType: 'fec_report', entityId: id, action, before, after });
  }

  function monthEntries(receipts: Row[], outflows: Row[]): LedgerEntry[] {
    const entries: LedgerEntry[] = [
      ...receipts.map((row) => ({
        type: 'receipt' as const,
        id: String(row.id),
        date: toIsoDate(row.donationDate as DbDateTime) as string,
        amount: fromCents(centsOf(row.donationAmount)),
        description: `Receipt from ${[row.firstName, row.lastName].filter(Boolean).join(' ') || String(row.organization ?? 'an anonymous contributor')}`,
      })),
      ...outflows.map((row) => {
        const o = outflowOf(row);
        const payee = o.payeeOrganizationName ?? [o.payeeFirstName, o.payeeLastName].filter(Boolean).join(' ');
        return {
          type: 'disbursement' as const,
          id: o.id,
          date: o.date,
          amount: -fromCents(o.cents),
          description: `${o.voidOfId ? 'Void: ' : ''}${payee}, ${o.purpose}${row.checkNumber ? ` (check ${String(row.checkNumber)})` : ''}`,
        };
      }),
    ];
    return entries.sort((x, y) => (x.date === y.date ? x.id.localeCompare(y.id) : x.date < y.date ? 1 : -1));
  }

  return {
    async cash(accountId: string, committeeId: string, through: string | null): Promise<CashResponse> {
      const db = repo.reader();
      await committeeOr404(db, accountId, committeeId);
      const day = through ?? (await today(accountId));
      const result = await cashThrough(db, accountId, committeeId, day);
      return {
        committeeId,
        through: day,
        openingCash: fromCents(result.opening.cents),
        openingDate: result.opening.date,
        receipts: fromCents(result.receipts),
        disbursements: fromCents(result.disbursements),
        cashOnHand: fromCents(result.cash),
      };
    },

    async reconciliation(accountId: string, committeeId: string, month: string): Promise<Reconciliation> {
      const db = repo.reader();
      await committeeOr404(db, accountId, committeeId);
      const [year, m] = month.split('-').map(Number);
      const end = new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
      const book = await cashThrough(db, accountId, committeeId, end);
      const saved = await repo.reconciliation(db, accountId, committeeId, month);
      const statement = saved ? centsOf(saved.statementBalance) : null;
      const entries = monthEntries(await repo.receipts(db, accountId, committeeId, `${month}-01`, end), await repo.outflows(db, accountId, committeeId, `${month}-01`, end));
      return {
        committeeId,
        month,
        statementBalance: statement === null ? null : fromCents(statement),
        bookBalance: fromCents(book.cash),
        difference: statement === null ? 0 : fromCents(statement - book.cash),
        entries,
      };
    },

    async saveReconciliation(accountId: string, actor: AuditActor, committeeId: string, month: string, statementBalance: number): Promise<Reconciliation> {
      await repo.transaction(async (trx) => {
        await committeeOr404(trx, accountId, committeeId);
        const saved = await repo.reconciliation(trx, accountId, committeeId, month);
        const nowAt = new Date();
        if (saved) {
          await repo.updateReconciliation(trx, accountId, String(saved.id), { statementBalance, updatedAt: nowAt });
        } else {
          await repo.insertReconciliation(trx, { id: newId(), accountId, committeeId, month, statementBalance, createdAt: nowAt, updatedAt: nowAt });
        }
        await recordAudit(trx, {
          accountId,
          actor,
          entityType: 'bank_reconciliation',
          entityId: saved ? String(saved.id) : committeeId,
          action: saved ? 'update' : 'create',
          before: saved ? { month, statementBalance: fromCents(centsOf(saved.statementBalance)) } : null,
          after: { month, statementBalance },
        });
      });
      return this.reconciliation(accountId, committeeId, month);
    },

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
        const form = String(committee.filingForm) as FilingForm;
        if (form === 'F3' && values.reportCode.startsWith('M')) throw new BadRequest(MONTHLY_ONLY_F3X, { reportCode: MONTHLY_ONLY_F3X });
        let electionDate: string | null = null;
        let electionCode: string | null = null;
        if (ELECTION_REPORT_CODES.includes(values.reportCode)) {
          const message = 'A pre- or post-election report (12P, 12G, 30G) needs the election';
          if (!values.electionCode) throw new BadRequest(message, { electionCode: message });
          const election = (await committeeElections(trx, accountId, values.committeeId)).find((e) => e.code === values.electionCode);
          if (!election) throw new BadRequest(notCommitteeElection(values.electionCode), { electionCode: notCommitteeElection(values.electionCode) });
          const general = election.code.startsWith('G');
          if ((values.reportCode === '12P') === general) throw new BadRequest(wrongElectionType(election.code, values.reportCode), { electionCode: wrongElectionType(election.code, values.reportCode) });
          electionDate = election.date;
          electionCode = election.code;
        }
        const through = periodOf(values.reportCode, values.year, electionDate).through;
        const existing = await reportsOf(trx, accountId, values.committeeId);
        if (existing.some((r) => !r.amendsId && r.reportCode === values.reportCode && r.coverageThrough === through)) throw new Conflict(DUPLICATE_REPORT);
        const originals = existing.filter((r) => !r.amendsId);
        const last = originals.filter((r) => r.coverageThrough < through).sort((x, y) => (x.coverageThrough < y.coverageThrough ? 1 : -1))[0];
        if (originals.some((r) => r.coverageThrough >= through)) throw new Conflict(PERIOD_COVERED);
        const from = last ? addDays(last.coverageThrough, 1) : (values.coverageFrom ?? `${through.slice(0, 4)}-01-01`);
        if (from > through) throw new BadRequest('Coverage from must be on or before the end of the period', { coverageFrom: 'Coverage from must be on or before the end of the period' });
        const nowAt = new Date();
        const row = {
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
          treasurerFirstName: values.treasurerFirstName ?? str(committee.treasurerFirstName),
          treasurerLastName: values.treasurerLastName ?? str(committee.treasurerLastName),
          dateSigned: values.dateSigned,
          // Only the committee's first report states an opening balance; later ones start from the last close.
          openingCash: last ? null : (values.openingCash ?? 0),
          status: 'draft',
          amendmentNumber: 0,
          createdAt: nowAt,
          updatedAt: nowAt,
        };
        await repo.insertReport(trx, row);
        await audit(trx, accountId, actor, id, 'create', null, { reportCode: row.reportCode, coverageFrom: from, coverageThrough: through, openingCash: row.openingCash });
      });
      return (await full(accountId, id)).report;
    },

    async get(accountId: string, id: string): Promise<FecReportResponse> {
      const { db, report, all, computed } = await full(accountId, id);
      return { report, lines: linesOf(report, computed.amounts), problems: await problemsOf(db, accountId, report, computed, all) };
    },

    async update(accountId: string, actor: AuditActor, id: string, values: { treasurerFirstName: string | null; treasurerLastName: string | null; dateSigned: string | null; electionState: string | null; openingCash: number | null }): Promise<FecReportResponse> {
      await repo.transaction(async (trx) => {
        const before = await reportOr404(trx, accountId, id, true);
        if (String(before.status) === 'filed') throw new Conflict(FILED_IS_FINAL);
        const changes: Row = {
          treasurerFirstName: values.treasurerFirstName,
          treasurerLastName: values.treasurerLastName,
          dateSigned: values.dateSigned,
          electionState: values.electionState,
        };
        // The opening balance belongs to the first report only (a later one's is the previous close).
        if (before.openingCash !== null && before.openingCash !== undefined && values.openingCash !== null) changes.openingCash = values.openingCash;
        await repo.updateReport(trx, accountId, id, changes);
        const pick = (row: Row) => ({
          treasurerFirstName: str(row.treasurerFirstName),
          treasurerLastName: str(row.treasurerLastName),
          dateSigned: toIsoDate(row.dateSigned as DbDateTime),
          electionState: str(row.electionState),
          openingCash: row.openingCash === null || row.openingCash === undefined ? null : fromCents(centsOf(row.openingCash)),
        });
        await audit(trx, accountId, actor, id, 'update', pick(before), pick({ ...before, ...changes }));
      });
      return this.get(accountId, id);
    },

    async lineEntries(accountId: string, id: string, field: string): Promise<LineEntriesResponse> {
      const { report, computed } = await full(accountId, id);
      const figures = figureOfField(field);
      if (!figures || !(field in computed.amounts)) throw new NotFound(UNKNOWN_LINE);
      const from = field.endsWith('_ytd') ? computed.toDateFrom : report.coverageFrom;
      const through = report.coverageThrough;
      const inRange = (date: string) => date >= from && date <= through;
      const receipts = computed.summaryReceipts.filter((r) => inRange(r.date) && figures.includes(receiptFigure(r)));
      const outflows = computed.summaryOutflows.filter((o: SummaryOutflow) => inRange(o.date) && figures.includes(outflowFigure(o)));
      const entries = monthEntries(
        receipts.map((r) => r.row),
        [],
      ).concat(
        outflows.map((o) => {
          const full = o as ReturnType<typeof outflowOf>;
          return {
            type: 'disbursement' as const,
            id: o.id,
            date: o.date,
            amount: fromCents(o.cents),
            description: `${full.voidOfId ? 'Void: ' : ''}${full.payeeOrganizationName ?? [full.payeeFirstName, full.payeeLastName].filter(Boolean).join(' ')}, ${full.purpose}`,
          };
        }),
      );
      const total = receipts.reduce((sum, r) => sum + r.cents, 0) + outflows.reduce((sum, o) => sum + o.cents, 0);
      return { field, entries, total: fromCents(total) };
    },

    async file(accountId: string, id: string): Promise<FecFile> {
      const { report, computed, all } = await full(accountId, id);
      const root = report.amendsId ? all.find((r) => r.id === report.amendsId) : null;
      const cover: CoverRecord = {
        committee: computed.committee,
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
        amounts: computed.amounts,
      };
      const body = reportFecFile(cover, computed.scheduleA.rows, computed.scheduleB, report.amendsId ? { fecFilingId: root?.fecFilingId ?? null, number: report.amendmentNumber } : null);
      const suffix = report.amendsId ? `-amendment-${report.amendmentNumber}` : '';
      return { filename: `${computed.committee.fecId}-${report.reportCode}-${report.coverageThrough.slice(0, 4)}${suffix}.fec`, body };
    },

    async setFileStatus(accountId: string, actor: AuditActor, id: string, values: { filed: boolean; filedAt: string | null; fecFilingId: string | null }): Promise<FecReport> {
      const { computed, report } = await full(accountId, id);
      if (report.supersededById) throw new Conflict(SUPERSEDED);
      const closing = computed.amounts[closingField(report.form)];
      await repo.transaction(async (trx) => {
        const before = await reportOr404(trx, accountId, id, true);
        const filedOn = values.filedAt ?? (await today(accountId));
        const changes: Row = values.filed
          ? { status: 'filed', filedAt: new Date(`${filedOn}T00:00:00.000Z`), fecFilingId: values.fecFilingId, closingCash: fromCents(closing) }
          : { status: 'draft', filedAt: null, fecFilingId: null, closingCash: null };
        await repo.updateReport(trx, accountId, id, changes);
        await audit(
          trx,
          accountId,
          actor,
          id,
          values.filed ? 'file' : 'unfile',
          { status: String(before.status), filedAt: toIsoDateTime(before.filedAt as DbDateTime), fecFilingId: str(before.fecFilingId) },
          { status: changes.status, filedAt: values.filed ? filedOn : null, fecFilingId: values.filed ? values.fecFilingId : null, closingCash: values.filed ? fromCents(closing) : null },
        );
      });
      return (await full(accountId, id)).report;
    },

    /** An amendment (F3A / F3XA): the whole report again, from the entries as they are now. */
    async amend(accountId: string, actor: AuditActor, id: string): Promise<FecReport> {
      const newIdValue = newId();
      await repo.transaction(async (trx) => {
        const original = await reportOr404(trx, accountId, id, true);
        const all = await reportsOf(trx, accountId, String(original.committeeId));
        const report = all.find((r) => r.id === id) as FecReport;
        if (report.supersededById) throw new Conflict(SUPERSEDED);
        if (report.status !== 'filed') throw new Conflict(NOT_FILED);
        const root = report.amendsId ?? report.id;
        const number = Math.max(...all.filter((r) => (r.amendsId ?? r.id) === root).map((r) => r.amendmentNumber)) + 1;
        const { id: _id, createdAt: _c, updatedAt: _u, status: _s, filedAt: _f, fecFilingId: _g, closingCash: _cc, ...copied } = original;
        const nowAt = new Date();
        await repo.insertReport(trx, {
          ...copied,
          id: newIdValue,
          coverageFrom: report.coverageFrom,
          coverageThrough: report.coverageThrough,
          electionDate: report.electionDate,
          dateSigned: null,
          status: 'draft',
          amendsId: root,
          amendmentNumber: number,
          createdAt: nowAt,
          updatedAt: nowAt,
        });
        await audit(trx, accountId, actor, newIdValue, 'amend', null, { amends: root, amendmentNumber: number });
      });
      return (await full(accountId, newIdValue)).report;
    },

    async setNoticeFiled(accountId: string, actor: AuditActor, donationId: string, filed: boolean, filedOn: string | null) {
      assertIdOr404(donationId, 'Donation not found');
      const donation = await compliance.repo.findDonation(repo.reader(), accountId, donationId);
      if (!donation) throw new NotFound('Donation not found');
      const day = filedOn ?? (await today(accountId));
      await repo.transaction(async (trx) => {
        const before = await repo.findNoticeFiling(trx, accountId, donationId);
        await repo.deleteNoticeFiling(trx, accountId, donationId);
        const nowAt = new Date();
        if (filed) await repo.insertNoticeFiling(trx, { id: newId(), accountId, donationId, filedOn: day, createdAt: nowAt, updatedAt: nowAt });
        await recordAudit(trx, {
          accountId,
          actor,
          entityType: 'donation',
          entityId: donationId,
          action: filed ? 'notice-filed' : 'notice-unfiled',
          before: { noticeFiledOn: before ? toIsoDate(before.filedOn as DbDateTime) : null },
          after: { noticeFiledOn: filed ? day : null },
        });
      });
      return { donationId, filed, filedOn: filed ? day : null };
    },
  };
}
