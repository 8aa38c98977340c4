import {
  csvLine,
  cycleOfYear,
  INFORMATION_REQUESTED,
  ITEMIZATION_THRESHOLD,
  type FilingForm,
  type ScheduleARow,
  type ScheduleAWarning,
} from '@caucus/contract';
import { toIsoDate } from '../../db/values';
import { F3_FIELDS, F3X_FIELDS, HDR_FIELDS, SCHEDULE_A_FIELDS } from './fecLayouts';
import { centsOf, fromCents } from './limitEngine';
import type { IndividualReceiptRow } from './repository';

// Schedule A (line 11(a)(i), contributions from individuals) as rows with the FEC's field names, and
// the two files made from them: CSV for people, .fec for filing software.

export type ScheduleACommittee = {
  fecId: string;
  filingForm: FilingForm;
  name: string;
  street1: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  treasurerFirstName: string | null;
  treasurerLastName: string | null;
};

export type ScheduleAReport = {
  rows: ScheduleARow[];
  warnings: ScheduleAWarning[];
  /** Receipts of the period from individuals: itemized (the rows) and the rest, in cents. */
  itemizedCents: number;
  unitemizedCents: number;
};

/**
 * Where a receipt's aggregate starts counting: the two-year election cycle for a candidate committee
 * (F3), the calendar year for a PAC or party (F3X).
 */
export function aggregationStart(filingForm: FilingForm, date: string): string {
  const year = Number(date.slice(0, 4));
  return filingForm === 'F3' ? `${cycleOfYear(year) - 1}-01-01` : `${year}-01-01`;
}

/** Printable ASCII only (the .fec format's rule): accents dropped, anything else removed, cut to the field's length. */
export function fecText(value: unknown, max: number): string {
  if (value === null || value === undefined) return '';
  const ascii = String(value)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^ -~]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return ascii.slice(0, max).trim();
}

/** A short id of at most 20 printable characters, stable for the donation (the FEC's TRANSACTION ID). */
export function transactionIdOf(donationId: string): string {
  return `SA${donationId.replace(/-/g, '').slice(-18).toUpperCase()}`;
}

const REQUIRED_CONTRIBUTOR_FIELDS: [keyof ScheduleARow, string][] = [
  ['contributor_last_name', 'last name'],
  ['contributor_first_name', 'first name'],
  ['contributor_street_1', 'street address'],
  ['contributor_city', 'city'],
  ['contributor_state', 'two-letter state'],
  ['contributor_zip', 'ZIP code'],
];

/**
 * The itemized receipts of a period that starts on `from`. `receipts` are the committee's completed
 * gifts from individuals, in the order received, from the aggregation start of `from` through the
 * period's end. A receipt is itemized when its contributor's aggregate for its cycle (F3) or year
 * (F3X) passes $200 by the period's end; contribution_aggregate is the aggregate as of that receipt.
 */
export function buildScheduleA(committee: ScheduleACommittee, receipts: readonly IndividualReceiptRow[], from: string): ScheduleAReport {
  const running = new Map<string, number>();
  const asOf = new Map<string, number>();
  const keyOf = (receipt: IndividualReceiptRow) => `${receipt.contactId}|${aggregationStart(committee.filingForm, toIsoDate(receipt.donationDate) as string)}`;
  for (const receipt of receipts) {
    const key = keyOf(receipt);
    const total = (running.get(key) ?? 0) + centsOf(receipt.donationAmount);
    running.set(key, total);
    asOf.set(receipt.id, total);
  }

  const thresholdCents = ITEMIZATION_THRESHOLD * 100;
  const rows: ScheduleARow[] = [];
  const warnings: ScheduleAWarning[] = [];
  let itemizedCents = 0;
  let unitemizedCents = 0;
  for (const receipt of receipts) {
    const date = toIsoDate(receipt.donationDate) as string;
    if (date < from) continue;
    const cents = centsOf(receipt.donationAmount);
    if ((running.get(keyOf(receipt)) ?? 0) <= thresholdCents) {
      unitemizedCents += cents;
      continue;
    }
    itemizedCents += cents;
    const remedy = receipt.remedyAction;
    const row: ScheduleARow = {
      form_type: 'SA11AI',
      filer_committee_id_number: committee.fecId,
      transaction_type_identifier: 'INDIVIDUAL_RECEIPT',
      transaction_id: transactionIdOf(receipt.id),
      back_reference_tran_id_number: null,
      back_reference_sched_name: null,
      entity_type: 'IND',
      contributor_last_name: fecText(receipt.lastName, 30),
      contributor_first_name: fecText(receipt.firstName, 20),
      contributor_middle_name: null,
      contributor_prefix: null,
      contributor_suffix: null,
      contributor_street_1: fecText(receipt.addressLine1, 34),
      contributor_street_2: fecText(receipt.addressLine2, 34) || null,
      contributor_city: fecText(receipt.city, 30),
      contributor_state: /^[A-Za-z]{2}$/.test(fecText(receipt.state, 100)) ? fecText(receipt.state, 2).toUpperCase() : '',
      contributor_zip: (receipt.zipCode ?? '').replace(/[^0-9]/g, '').slice(0, 9),
      election_code: receipt.electionCode || null,
      election_other_description: null,
      contribution_date: date,
      contribution_amount: fromCents(cents),
      contribution_aggregate: fromCents(asOf.get(receipt.id) ?? cents),
      aggregation_group: 'GENERAL',
      contribution_purpose_descrip: null,
      contributor_employer: fecText(receipt.employer, 38) || INFORMATION_REQUESTED,
      contributor_occupation: fecText(receipt.occupation, 38) || INFORMATION_REQUESTED,
      memo_code: null,
      memo_text_description: null,
      reattribution_redesignation_tag: remedy === 'redesignate' ? 'REDESIGNATED' : remedy === 'reattribute' ? 'REATTRIBUTED' : null,
    };
    const missing = REQUIRED_CONTRIBUTOR_FIELDS.filter(([field]) => !row[field]).map(([, label]) => label);
    if (missing.length > 0) {
      warnings.push({
        transaction_id: row.transaction_id,
        donationId: receipt.id,
        contactId: receipt.contactId,
        message: `The contributor has no ${missing.join(', ')}: the FEC requires ${missing.length === 1 ? 'it' : 'them'} on an itemized receipt`,
      });
    }
    rows.push(row);
  }
  return { rows, warnings, itemizedCents, unitemizedCents };
}

export const SCHEDULE_A_CSV_COLUMNS: (keyof ScheduleARow)[] = [
  'form_type',
  'filer_committee_id_number',
  'transaction_id',
  'entity_type',
  'contributor_last_name',
  'contributor_first_name',
  'contributor_street_1',
  'contributor_street_2',
  'contributor_city',
  'contributor_state',
  'contributor_zip',
  'election_code',
  'contribution_date',
  'contribution_amount',
  'contribution_aggregate',
  'contributor_employer',
  'contributor_occupation',
  'reattribution_redesignation_tag',
];

export function scheduleACsv(rows: readonly ScheduleARow[]): string {
  return csvLine(SCHEDULE_A_CSV_COLUMNS) + rows.map((row) => csvLine(SCHEDULE_A_CSV_COLUMNS.map((column) => row[column]))).join('');
}

export const FEC_FIELD_SEPARATOR = '\x1c';
export const FEC_RECORD_END = '\r\n';
export const FEC_VERSION = '8.3';

export const fecDate = (date: string | null) => (date ? date.replace(/-/g, '') : '');
export const fecAmount = (cents: number) => (cents / 100).toFixed(2);

/** One .fec record: the fields in the layout's order, printable ASCII only, ASCII 28 between them, CRLF after. */
export function record(fields: readonly string[], values: Record<string, string>): string {
  return fields.map((field) => (values[field] ?? '').replace(/[^ -~]/g, '')).join(FEC_FIELD_SEPARATOR) + FEC_RECORD_END;
}

/**
 * The .fec file of the period: the header record, the F3 or F3X cover record (committee, coverage,
 * treasurer, and the individual-contribution lines this report knows), then one SA11AI record per row.
 */
export function scheduleAFecFile(committee: ScheduleACommittee, report: ScheduleAReport, from: string, to: string, dateSigned: string): string {
  const header = record(HDR_FIELDS, {
    record_type: 'HDR',
    ef_type: 'FEC',
    fec_version: FEC_VERSION,
    soft_name: 'Caucus',
    soft_ver: '1.0',
    rpt_id: '',
    rpt_number: '',
    hdrcomment: '',
  });
  const total = report.itemizedCents + report.unitemizedCents;
  const common: Record<string, string> = {
    form_type: committee.filingForm === 'F3' ? 'F3N' : 'F3XN',
    filer_committee_id_number: committee.fecId,
    committee_name: fecText(committee.name, 200),
    street_1: fecText(committee.street1, 34),
    street_2: fecText(committee.street2, 34),
    city: fecText(committee.city, 30),
    state: fecText(committee.state, 2),
    zip: fecText(committee.zip, 9),
    coverage_from_date: fecDate(from),
    coverage_through_date: fecDate(to),
    treasurer_last_name: fecText(committee.treasurerLastName, 30),
    treasurer_first_name: fecText(committee.treasurerFirstName, 20),
    date_signed: fecDate(dateSigned),
  };
  const cover =
    committee.filingForm === 'F3'
      ? record(F3_FIELDS, {
          ...common,
          L11ai_individuals_itemized_period: fecAmount(report.itemizedCents),
          L11aii_individuals_unitemized_period: fecAmount(report.unitemizedCents),
          L11aiii_total_individual_period: fecAmount(total),
        })
      : record(F3X_FIELDS, {
          ...common,
          L11ai_itemized_period: fecAmount(report.itemizedCents),
          L11aii_unitemized_period: fecAmount(report.unitemizedCents),
          L11aiii_total_period: fecAmount(total),
        });
  const receipts = report.rows.map((row) => {
    const values: Record<string, string> = {};
    for (const field of SCHEDULE_A_FIELDS) {
      const value = (row as unknown as Record<string, unknown>)[field];
      values[field] = value === null || value === undefined ? '' : String(value);
    }
    values.contribution_date = fecDate(row.contribution_date);
    values.contribution_amount = fecAmount(centsOf(row.contribution_amount));
    values.contribution_aggregate = fecAmount(centsOf(row.contribution_aggregate));
    values.memo_code = row.memo_code ? 'X' : '';
    return record(SCHEDULE_A_FIELDS, values);
  });
  return header + cover + receipts.join('');
}
