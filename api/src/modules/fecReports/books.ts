import type { ContributorType, DisbursementKind } from '../../contract';
import { toIsoDate, type DbDateTime } from '../../db/values';
import { centsOf } from '../compliance/limitEngine';
import { aggregationStart } from '../compliance/scheduleA';
import type { FilingForm } from '../../contract';
import type { ScheduleBSource } from './fecFile';
import type { SummaryOutflow, SummaryReceipt } from './summary';

// Rows of the database turned into the plain entries the summary and Schedule B engines read.

type Row = Record<string, unknown>;
const str = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));

export type BookReceipt = Omit<SummaryReceipt, 'itemized'> & { contactId: string | null; row: Row };

export function receiptOf(row: Row): BookReceipt {
  return {
    id: String(row.id),
    contactId: str(row.contactId),
    date: toIsoDate(row.donationDate as DbDateTime) as string,
    cents: centsOf(row.donationAmount),
    contributorType: (str(row.contributorType) ?? 'individual') as ContributorType,
    row,
  };
}

export function outflowOf(row: Row): SummaryOutflow & ScheduleBSource {
  const payeeKey = str(row.payeeContactId) ?? `${str(row.payeeOrganizationName) ?? ''}|${str(row.payeeLastName) ?? ''}|${str(row.payeeFirstName) ?? ''}`.toUpperCase();
  return {
    id: String(row.id),
    date: toIsoDate(row.disbursementDate as DbDateTime) as string,
    cents: centsOf(row.amount),
    kind: String(row.kind) as DisbursementKind,
    refundTo: String(row.kind) === 'refund' ? ((str(row.payeeContributorType) ?? 'individual') as ContributorType) : null,
    voidOfId: str(row.voidOfId),
    payeeKey,
    entityType: String(row.entityType),
    payeeOrganizationName: str(row.payeeOrganizationName),
    payeeFirstName: str(row.payeeFirstName),
    payeeLastName: str(row.payeeLastName),
    payeeStreet1: str(row.payeeStreet1),
    payeeStreet2: str(row.payeeStreet2),
    payeeCity: str(row.payeeCity),
    payeeState: str(row.payeeState),
    payeeZip: str(row.payeeZip),
    purpose: String(row.purpose),
    categoryCode: str(row.categoryCode),
    electionCode: str(row.electionCode),
    memo: str(row.memo),
  };
}

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
