import type { ContributorType, FilingForm } from '@caucus/contract';
import { toIsoDate } from '../../db/values';
import { centsOf } from '../compliance/limitEngine';
import { aggregationStart } from '../compliance/scheduleA';
import type { ScheduleBSource } from './fecFile';
import { textOrNull } from './format';
import type { OutflowEntryRow, ReceiptEntryRow } from './repository';
import type { SummaryOutflow, SummaryReceipt } from './summary';

// Rows of the database turned into the plain entries the summary and Schedule B engines read.

export type BookReceipt = Omit<SummaryReceipt, 'itemized'> & { contactId: string | null; row: ReceiptEntryRow };
export type BookOutflow = SummaryOutflow & ScheduleBSource;

const contributorTypeOf = (value: string | null): ContributorType => (textOrNull(value) ?? 'individual') as ContributorType;

export function receiptOf(row: ReceiptEntryRow): BookReceipt {
  return {
    id: row.id,
    contactId: textOrNull(row.contactId),
    date: toIsoDate(row.donationDate) as string,
    cents: centsOf(row.donationAmount),
    contributorType: contributorTypeOf(row.contributorType),
    row,
  };
}

export function outflowOf(row: OutflowEntryRow): BookOutflow {
  const payeeKey =
    textOrNull(row.payeeContactId) ??
    `${textOrNull(row.payeeOrganizationName) ?? ''}|${textOrNull(row.payeeLastName) ?? ''}|${textOrNull(row.payeeFirstName) ?? ''}`.toUpperCase();
  return {
    id: row.id,
    date: toIsoDate(row.disbursementDate) as string,
    cents: centsOf(row.amount),
    kind: row.kind,
    refundTo: row.kind === 'refund' ? contributorTypeOf(row.payeeContributorType) : null,
    voidOfId: textOrNull(row.voidOfId),
    payeeKey,
    entityType: row.entityType,
    payeeOrganizationName: textOrNull(row.payeeOrganizationName),
    payeeFirstName: textOrNull(row.payeeFirstName),
    payeeLastName: textOrNull(row.payeeLastName),
    payeeStreet1: textOrNull(row.payeeStreet1),
    payeeStreet2: textOrNull(row.payeeStreet2),
    payeeCity: textOrNull(row.payeeCity),
    payeeState: textOrNull(row.payeeState),
    payeeZip: textOrNull(row.payeeZip),
    purpose: row.purpose,
    categoryCode: textOrNull(row.categoryCode),
    electionCode: textOrNull(row.electionCode),
    memo: textOrNull(row.memo),
  };
}

/** The payee as the ledger and the line entries name it: the organisation, else the person. */
export const payeeNameOf = (outflow: BookOutflow) => outflow.payeeOrganizationName ?? [outflow.payeeFirstName, outflow.payeeLastName].filter(Boolean).join(' ');

/**
 * Which receipts of individuals are itemized in a report ending `through`: those whose contributor's
 * aggregate for the receipt's cycle (F3) or year (F3X) passes $200 by that day (the rule of
 * compliance/scheduleA.ts buildScheduleA, so the summary's line 11(a)(i) equals Schedule A's total).
 */
export function itemizedReceipts(form: FilingForm, receipts: readonly BookReceipt[], through: string): Set<string> {
  const total = new Map<string, number>();
  const keyOf = (r: BookReceipt) => `${r.contactId}|${aggregationStart(form, r.date)}`;
  for (const receipt of receipts) {
    if (receipt.date > through || receipt.contributorType !== 'individual' || !receipt.contactId) continue;
    total.set(keyOf(receipt), (total.get(keyOf(receipt)) ?? 0) + receipt.cents);
  }
  const itemized = new Set<string>();
  for (const receipt of receipts) {
    if (receipt.contributorType === 'individual' && receipt.contactId && (total.get(keyOf(receipt)) ?? 0) > 20_000) itemized.add(receipt.id);
  }
  return itemized;
}
