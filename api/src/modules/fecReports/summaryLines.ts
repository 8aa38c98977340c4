import type { FecReport, LineEntriesResponse, SummaryLine } from '@caucus/contract';
import { NotFound } from '../../http/errors';
import { F3_LINE_TITLES, F3X_LINE_TITLES } from '../compliance/fecLines';
import { fromCents } from '../compliance/limitEngine';
import { payeeNameOf } from './books';
import { ledgerEntries } from './ledgerEntries';
import { UNKNOWN_LINE } from './messages';
import type { ReportFigures } from './reportFigures';
import { figureOfField, outflowFigure, receiptFigure, YEAR_FIELD } from './summary';

// The summary page as lines of the form (column A this period, column B to date) and the entries
// behind one of its lines.

/** '11ai' from 'L11ai_individuals_itemized_period'. */
export const lineCodeOf = (field: string) => /^L(\d+[a-z]*)_/.exec(field)?.[1] ?? field;

export function summaryLines(report: FecReport, amounts: Record<string, number>): SummaryLine[] {
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

/** The entries one line of the summary sums (field: the form's field name), receipts latest first, then disbursements. */
export function lineEntries(report: FecReport, figures: ReportFigures, field: string): LineEntriesResponse {
  const made = figureOfField(field);
  if (!made || !(field in figures.amounts)) throw new NotFound(UNKNOWN_LINE);
  const from = field.endsWith('_ytd') ? figures.toDateFrom : report.coverageFrom;
  const inRange = (date: string) => date >= from && date <= report.coverageThrough;
  const receipts = figures.summaryReceipts.filter((r) => inRange(r.date) && made.includes(receiptFigure(r)));
  const outflows = figures.summaryOutflows.filter((o) => inRange(o.date) && made.includes(outflowFigure(o)));
  const entries = ledgerEntries(
    receipts.map((r) => r.row),
    [],
  ).concat(
    outflows.map((o) => ({
      type: 'disbursement' as const,
      id: o.id,
      date: o.date,
      amount: fromCents(o.cents),
      description: `${o.voidOfId ? 'Void: ' : ''}${payeeNameOf(o)}, ${o.purpose}`,
    })),
  );
  const total = receipts.reduce((sum, r) => sum + r.cents, 0) + outflows.reduce((sum, o) => sum + o.cents, 0);
  return { field, entries, total: fromCents(total) };
}
