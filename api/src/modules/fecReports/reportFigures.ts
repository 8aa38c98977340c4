import type { Knex } from 'knex';
import type { FecReport } from '@caucus/contract';
import type { CommitteeRow } from '../../db/rows';
import type { ComplianceRepository } from '../compliance/repository';
import { aggregationStart, buildScheduleA, type ScheduleACommittee, type ScheduleAReport } from '../compliance/scheduleA';
import { itemizedReceipts, outflowOf, receiptOf, type BookOutflow, type BookReceipt } from './books';
import { openingOf } from './cashBooks';
import { buildScheduleB, type ScheduleBRow } from './fecFile';
import { filerOf } from './reportRows';
import type { FecReportsRepository } from './repository';
import { figuresOf, summaryAmounts } from './summary';
import { addDays } from '../../lib/calendarDays';

// Everything the summary page, the .fec file and the pre-filing check read of a report, computed
// once from the committee's entries through the report's end.

type Db = Knex | Knex.Transaction;

export type SummaryBookReceipt = BookReceipt & { itemized: boolean };

export type ReportFigures = {
  /** Every L* field of the form, in cents (the year field holds the year). */
  amounts: Record<string, number>;
  /** The entries from where the books start through the report's end, as the summary counts them. */
  summaryReceipts: SummaryBookReceipt[];
  summaryOutflows: BookOutflow[];
  scheduleA: ScheduleAReport;
  scheduleB: ScheduleBRow[];
  committee: ScheduleACommittee;
  /** First day of column B: the cycle (F3) or the year (F3X). */
  toDateFrom: string;
  /** Every receipt through the report's end, before the books' start too. */
  receipts: BookReceipt[];
};

export async function computeReport(
  deps: { repo: FecReportsRepository; complianceRepo: ComplianceRepository },
  db: Db,
  accountId: string,
  report: FecReport,
  committeeRow: CommitteeRow,
): Promise<ReportFigures> {
  const { repo, complianceRepo } = deps;
  const { form, committeeId, coverageFrom: from, coverageThrough: through } = report;
  const opening = await openingOf(repo, db, accountId, committeeId);
  const receipts = (await repo.receipts(db, accountId, committeeId, null, through)).map(receiptOf);
  const outflows = (await repo.outflows(db, accountId, committeeId, null, through)).map(outflowOf);
  const booksFrom = opening.date;
  const inBooks = (date: string) => !booksFrom || date >= booksFrom;
  const itemized = itemizedReceipts(form, receipts, through);
  const summaryReceipts = receipts.filter((r) => inBooks(r.date)).map((r) => ({ ...r, itemized: itemized.has(r.id) }));
  const summaryOutflows = outflows.filter((o) => inBooks(o.date));
  const toDateFrom = form === 'F3' ? aggregationStart('F3', through) : `${through.slice(0, 4)}-01-01`;
  const cashBefore = (date: string) => {
    const day = addDays(date, -1);
    if (booksFrom && day < booksFrom) return opening.cents;
    const ins = summaryReceipts.filter((r) => r.date <= day).reduce((sum, r) => sum + r.cents, 0);
    const outs = summaryOutflows.filter((o) => o.date <= day).reduce((sum, o) => sum + o.cents, 0);
    return opening.cents + ins - outs;
  };
  const amounts = summaryAmounts(
    form,
    figuresOf(summaryReceipts, summaryOutflows, from, through),
    figuresOf(summaryReceipts, summaryOutflows, toDateFrom, through),
    { beginning: cashBefore(from), yearBeginning: cashBefore(toDateFrom), year: Number(through.slice(0, 4)) },
  );
  const committee = filerOf(committeeRow);
  // Schedules aggregate from the start of the cycle (F3) or year (F3X) the period begins in.
  const aggregationFrom = aggregationStart(form, from);
  const individual = await complianceRepo.individualReceipts(db, accountId, committeeId, aggregationFrom, through);
  const scheduleA = buildScheduleA(committee, individual, from);
  const scheduleB = buildScheduleB(
    form,
    committee.fecId,
    outflows.filter((o) => o.date >= aggregationFrom),
    from,
    through,
  );
  return { amounts, summaryReceipts, summaryOutflows, scheduleA, scheduleB, committee, toDateFrom, receipts };
}
