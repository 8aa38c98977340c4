import type { Knex } from 'knex';
import type { FecReport } from '@caucus/contract';
import type { CommitteeRow, FecReportRow } from '../../db/rows';
import { NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { recordAudit, type AuditActor } from '../../lib/audit';
import type { ComplianceRepository } from '../compliance/repository';
import type { ComplianceService } from '../compliance/service';
import { COMMITTEE_NOT_FOUND, DONATION_ACCOUNT_NOT_FOUND, REPORT_NOT_FOUND } from './messages';
import { computeReport } from './reportFigures';
import { reportsWithAmendments } from './reportRows';
import type { FecReportsRepository } from './repository';
import { todayIn } from '../../lib/calendarDays';

type Db = Knex | Knex.Transaction;

/** What the FEC reports service is built from (index.ts wires the app's). */
export type FecReportsDeps = {
  repo: FecReportsRepository;
  /** The 48-hour notices, Schedule A's receipts and the account's time zone are compliance's. */
  compliance: { repo: ComplianceRepository; service: ComplianceService };
  now: () => Date;
};

export type FecReportsContext = ReturnType<typeof createFecReportsContext>;

/** The deps, with the reads every part of the service starts from. */
export function createFecReportsContext(deps: FecReportsDeps) {
  const { repo, compliance, now } = deps;

  async function committeeOr404(db: Db, accountId: string, committeeId: string): Promise<CommitteeRow> {
    assertIdOr404(committeeId, COMMITTEE_NOT_FOUND);
    const row = await repo.findCommittee(db, accountId, committeeId);
    if (!row) throw new NotFound(COMMITTEE_NOT_FOUND);
    return row;
  }

  /** No donation account (null) is the whole committee. */
  async function donationAccountOr404(db: Db, accountId: string, donationAccountId: string | null): Promise<void> {
    if (donationAccountId === null) return;
    assertIdOr404(donationAccountId, DONATION_ACCOUNT_NOT_FOUND);
    if ((await repo.donationAccountNames(db, accountId, [donationAccountId])).size === 0) throw new NotFound(DONATION_ACCOUNT_NOT_FOUND);
  }

  async function reportOr404(db: Db, accountId: string, id: string, forUpdate = false): Promise<FecReportRow> {
    assertIdOr404(id, REPORT_NOT_FOUND);
    const row = await repo.findReport(db, accountId, id, forUpdate);
    if (!row) throw new NotFound(REPORT_NOT_FOUND);
    return row;
  }

  /** Today where the account is: the default day signed, filed and cash is counted through. */
  async function today(accountId: string): Promise<string> {
    return todayIn(await compliance.repo.accountTimeZone(repo.reader(), accountId), now());
  }

  /** Every report of the committee, each with the amendment that replaces it. */
  async function reportsOf(db: Db, accountId: string, committeeId: string): Promise<FecReport[]> {
    return reportsWithAmendments(await repo.reports(db, accountId, committeeId));
  }

  /** A report with its committee's other reports and its figures (the summary, the schedules), read outside any transaction. */
  async function loadReport(accountId: string, id: string) {
    const db = repo.reader();
    const row = await reportOr404(db, accountId, id);
    const committeeRow = await committeeOr404(db, accountId, row.committeeId);
    const all = await reportsOf(db, accountId, row.committeeId);
    const report = all.find((r) => r.id === id) as FecReport;
    const figures = await computeReport({ repo, complianceRepo: compliance.repo }, db, accountId, report, committeeRow);
    return { report, all, figures };
  }

  async function auditReport(
    trx: Knex.Transaction,
    accountId: string,
    actor: AuditActor,
    id: string,
    action: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ) {
    await recordAudit(trx, { accountId, actor, entityType: 'fec_report', entityId: id, action, before, after });
  }

  return { ...deps, committeeOr404, donationAccountOr404, reportOr404, today, reportsOf, loadReport, auditReport };
}
