import type { ContributorType, DisbursementKind, FilingForm, ScheduleARow } from '@caucus/contract';
import { F3_FIELDS, F3X_FIELDS, HDR_FIELDS, SCHEDULE_A_FIELDS, SCHEDULE_B_FIELDS } from '../compliance/fecLayouts';
import { centsOf, fromCents } from '../compliance/limitEngine';
import { aggregationStart, fecAmount, fecDate, fecText, FEC_VERSION, record, type ScheduleACommittee } from '../compliance/scheduleA';
import { YEAR_FIELD } from './summary';

// The whole report as a .fec file (the FEC's electronic filing format 8.3): the HDR record, the F3 or
// F3X cover and summary record with every line filled (0.00 where nothing), Schedule A itemized
// receipts, then Schedule B itemized disbursements. Free of the database: tests build it from rows.

export type ScheduleBSource = {
  id: string;
  date: string;
  cents: number;
  kind: DisbursementKind;
  refundTo: ContributorType | null;
  voidOfId: string | null;
  /** Who the money went to, for the aggregate per payee: the contact, else the name. */
  payeeKey: string;
  entityType: string;
  payeeOrganizationName: string | null;
  payeeFirstName: string | null;
  payeeLastName: string | null;
  payeeStreet1: string | null;
  payeeStreet2: string | null;
  payeeCity: string | null;
  payeeState: string | null;
  payeeZip: string | null;
  purpose: string;
  categoryCode: string | null;
  electionCode: string | null;
  memo: string | null;
};

/** A Schedule B row with the FEC's field names (plus the FECFile fields the JSON schemas check). */
export type ScheduleBRow = Record<string, string | number | boolean | null>;

export const ITEMIZE_OVER_CENTS = 20_000;

export function scheduleBTransactionId(id: string): string {
  return `SB${id.replace(/-/g, '').slice(-18).toUpperCase()}`;
}

/** The line (form_type) and FECFile transaction type of an entry on the filer's form. */
export function scheduleBLine(form: FilingForm, source: Pick<ScheduleBSource, 'kind' | 'refundTo' | 'voidOfId'>): { formType: string; type: string } {
  const voided = source.voidOfId ? '_VOID' : '';
  if (source.kind === 'operating') return { formType: form === 'F3' ? 'SB17' : 'SB21B', type: `OPERATING_EXPENDITURE${voided}` };
  if (source.kind === 'other') return { formType: form === 'F3' ? 'SB21' : 'SB29', type: `OTHER_DISBURSEMENT${voided}` };
  const letter = source.refundTo === 'party' ? 'B' : source.refundTo === 'pac' || source.refundTo === 'multicandidate_pac' ? 'C' : 'A';
  const who = letter === 'A' ? 'INDIVIDUAL' : letter === 'B' ? 'PARTY' : 'PAC';
  return { formType: `${form === 'F3' ? 'SB20' : 'SB28'}${letter}`, type: `REFUND_${who}_CONTRIBUTION${voided}` };
}

/**
 * The itemized disbursements of from..through. `outflows` are the committee's entries from the
 * aggregation start (cycle for F3, year for F3X) through `through`, in date order. An entry is
 * itemized when its payee's aggregate for that cycle or year passes $200 by `through`; every refund
 * of a contribution is itemized.
 */
export function buildScheduleB(form: FilingForm, fecId: string, outflows: readonly ScheduleBSource[], from: string, through: string): ScheduleBRow[] {
  const keyOf = (o: ScheduleBSource) => `${o.payeeKey}|${aggregationStart(form, o.date)}`;
  const total = new Map<string, number>();
  const asOf = new Map<string, number>();
  for (const outflow of outflows) {
    const next = (total.get(keyOf(outflow)) ?? 0) + outflow.cents;
    total.set(keyOf(outflow), next);
    asOf.set(outflow.id, next);
  }
  const rows: ScheduleBRow[] = [];
  for (const outflow of outflows) {
    if (outflow.date < from || outflow.date > through) continue;
    if (outflow.kind !== 'refund' && (total.get(keyOf(outflow)) ?? 0) <= ITEMIZE_OVER_CENTS) continue;
    const { formType, type } = scheduleBLine(form, outflow);
    const individual = outflow.entityType === 'IND';
    const entity = individual ? 'IND' : outflow.kind === 'refund' ? 'ORG' : ['COM', 'PAC', 'PTY', 'CAN'].includes(outflow.entityType) ? 'COM' : 'ORG';
    const state = fecText(outflow.payeeState, 2).toUpperCase();
    rows.push({
      form_type: formType,
      filer_committee_id_number: fecId,
      transaction_type_identifier: type,
      transaction_id: scheduleBTransactionId(outflow.id),
      back_reference_tran_id_number: outflow.voidOfId ? scheduleBTransactionId(outflow.voidOfId) : null,
      back_reference_sched_name: outflow.voidOfId ? 'SB' : null,
      entity_type: entity,
      payee_organization_name: individual ? null : fecText(outflow.payeeOrganizationName, 200) || null,
      payee_last_name: individual ? fecText(outflow.payeeLastName, 30) : null,
      payee_first_name: individual ? fecText(outflow.payeeFirstName, 20) : null,
      payee_middle_name: null,
      payee_prefix: null,
      payee_suffix: null,
      payee_street_1: fecText(outflow.payeeStreet1, 34),
      payee_street_2: fecText(outflow.payeeStreet2, 34) || null,
      payee_city: fecText(outflow.payeeCity, 30),
      payee_state: state,
      payee_zip: String(outflow.payeeZip ?? '')
        .replace(/[^0-9]/g, '')
        .slice(0, 9),
      election_code: outflow.electionCode,
      election_other_description: null,
      expenditure_date: outflow.date,
      expenditure_amount: fromCents(outflow.cents),
      semi_annual_refunded_bundled_amt: null,
      expenditure_purpose_descrip: fecText(outflow.purpose, 100),
      category_code: outflow.categoryCode,
      memo_code: null,
      memo_text_description: fecText(outflow.memo, 100) || null,
      aggregate_amount: fromCents(asOf.get(outflow.id) ?? outflow.cents),
      aggregation_group: outflow.kind === 'refund' ? 'GENERAL' : 'GENERAL_DISBURSEMENT',
    });
  }
  return rows;
}

export type CoverRecord = {
  committee: ScheduleACommittee;
  formType: string;
  reportCode: string;
  electionCode: string | null;
  electionDate: string | null;
  electionState: string | null;
  from: string;
  through: string;
  treasurerFirstName: string | null;
  treasurerLastName: string | null;
  dateSigned: string;
  /** Every L* field of the form, in cents (the year field holds the year). */
  amounts: Record<string, number>;
};

export function coverValues(cover: CoverRecord): Record<string, string> {
  const values: Record<string, string> = {
    form_type: cover.formType,
    filer_committee_id_number: cover.committee.fecId,
    committee_name: fecText(cover.committee.name, 200),
    street_1: fecText(cover.committee.street1, 34),
    street_2: fecText(cover.committee.street2, 34),
    city: fecText(cover.committee.city, 30),
    state: fecText(cover.committee.state, 2),
    zip: fecText(cover.committee.zip, 9),
    // Form 3's election state is the candidate's: the committee's own state.
    election_state: cover.committee.filingForm === 'F3' ? fecText(cover.committee.state, 2) : '',
    report_code: cover.reportCode,
    election_code: cover.electionCode ?? '',
    date_of_election: fecDate(cover.electionDate),
    state_of_election: cover.electionState ?? '',
    coverage_from_date: fecDate(cover.from),
    coverage_through_date: fecDate(cover.through),
    treasurer_last_name: fecText(cover.treasurerLastName, 30),
    treasurer_first_name: fecText(cover.treasurerFirstName, 20),
    date_signed: fecDate(cover.dateSigned),
  };
  for (const [field, cents] of Object.entries(cover.amounts)) values[field] = field === YEAR_FIELD ? String(cents) : fecAmount(cents);
  return values;
}

function scheduleARecord(row: ScheduleARow): string {
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
}

function scheduleBRecord(row: ScheduleBRow): string {
  const values: Record<string, string> = {};
  for (const field of SCHEDULE_B_FIELDS) {
    const value = row[field];
    values[field] = value === null || value === undefined ? '' : String(value);
  }
  values.expenditure_date = fecDate(String(row.expenditure_date));
  values.expenditure_amount = fecAmount(centsOf(row.expenditure_amount));
  values.memo_code = row.memo_code ? 'X' : '';
  return record(SCHEDULE_B_FIELDS, values);
}

/**
 * The .fec file. An amendment's header names the filing it amends (rpt_id) and its number, and the
 * amendment carries the whole report again, as the FEC requires of an amended Form 3 / 3X.
 */
export function reportFecFile(
  cover: CoverRecord,
  scheduleA: readonly ScheduleARow[],
  scheduleB: readonly ScheduleBRow[],
  amends: { fecFilingId: string | null; number: number } | null,
): string {
  const header = record(HDR_FIELDS, {
    record_type: 'HDR',
    ef_type: 'FEC',
    fec_version: FEC_VERSION,
    soft_name: 'Caucus',
    soft_ver: '1.0',
    rpt_id: amends?.fecFilingId ?? '',
    rpt_number: amends ? String(amends.number) : '',
    hdrcomment: '',
  });
  const layout = cover.committee.filingForm === 'F3' ? F3_FIELDS : F3X_FIELDS;
  return header + record(layout, coverValues(cover)) + scheduleA.map(scheduleARecord).join('') + scheduleB.map(scheduleBRecord).join('');
}
