import type { LedgerEntry } from '@caucus/contract';
import { toIsoDate } from '../../db/values';
import { centsOf, fromCents } from '../compliance/limitEngine';
import { outflowOf, payeeNameOf } from './books';
import type { OutflowEntryRow, ReceiptEntryRow } from './repository';

/** Receipts and disbursements as the ledger lists them, latest first: money in positive, money out negative. */
export function ledgerEntries(receipts: readonly ReceiptEntryRow[], outflows: readonly OutflowEntryRow[]): LedgerEntry[] {
  const entries: LedgerEntry[] = [
    ...receipts.map((row) => ({
      type: 'receipt' as const,
      id: row.id,
      date: toIsoDate(row.donationDate) as string,
      amount: fromCents(centsOf(row.donationAmount)),
      description: `Receipt from ${[row.firstName, row.lastName].filter(Boolean).join(' ') || (row.organization ?? 'an anonymous contributor')}`,
    })),
    ...outflows.map((row) => {
      const outflow = outflowOf(row);
      return {
        type: 'disbursement' as const,
        id: outflow.id,
        date: outflow.date,
        amount: -fromCents(outflow.cents),
        description: `${outflow.voidOfId ? 'Void: ' : ''}${payeeNameOf(outflow)}, ${outflow.purpose}${row.checkNumber ? ` (check ${row.checkNumber})` : ''}`,
      };
    }),
  ];
  return entries.sort((x, y) => (x.date === y.date ? x.id.localeCompare(y.id) : x.date < y.date ? 1 : -1));
}
