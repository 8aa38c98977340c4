import type { ContributorType, DisbursementKind, FilingForm } from '@caucus/contract';
import { F3_FIELDS, F3X_FIELDS } from '../compliance/fecLayouts';

// The summary page of Form 3 and Form 3X from a committee's entries, free of the database so a
// property test can hold it against a reference computation. Money is in whole cents.
// The line arithmetic follows the FEC's Form 3 and Form 3X instructions (the RULE_REFERENCE of each
// line in ./compliance/fec-schemas/F3.json and F3X.json: 6a = 11e, 16 = 11e + 12 + 13c + 14 + 15, ...).

export type SummaryReceipt = {
  id: string;
  date: string;
  cents: number;
  contributorType: ContributorType;
  /** On Schedule A: the contributor's aggregate for the cycle (F3) or year (F3X) passes $200 by the report's end. */
  itemized: boolean;
};

export type SummaryOutflow = {
  id: string;
  date: string;
  /** Negative for a void. */
  cents: number;
  kind: DisbursementKind;
  /** Who a refund went back to (lines 20a-c / 28a-c); ignored for other kinds. */
  refundTo: ContributorType | null;
};

/** The sums a report's lines are made of, for one column (the period, or the cycle / year to date). */
export type Figures = {
  individualsItemized: number;
  individualsUnitemized: number;
  party: number;
  otherCommittees: number;
  operating: number;
  refundsIndividuals: number;
  refundsParty: number;
  refundsOtherCommittees: number;
  otherDisbursements: number;
};

/** Which figure an entry adds to, or null when it adds to none. */
export function receiptFigure(receipt: SummaryReceipt): keyof Figures {
  if (receipt.contributorType === 'party') return 'party';
  if (receipt.contributorType === 'pac' || receipt.contributorType === 'multicandidate_pac') return 'otherCommittees';
  return receipt.itemized ? 'individualsItemized' : 'individualsUnitemized';
}

export function outflowFigure(outflow: SummaryOutflow): keyof Figures {
  if (outflow.kind === 'operating') return 'operating';
  if (outflow.kind === 'other') return 'otherDisbursements';
  if (outflow.refundTo === 'party') return 'refundsParty';
  if (outflow.refundTo === 'pac' || outflow.refundTo === 'multicandidate_pac') return 'refundsOtherCommittees';
  return 'refundsIndividuals';
}

const inRange = (date: string, from: string, through: string) => date >= from && date <= through;

export function figuresOf(receipts: readonly SummaryReceipt[], outflows: readonly SummaryOutflow[], from: string, through: string): Figures {
  const figures: Figures = {
    individualsItemized: 0,
    individualsUnitemized: 0,
    party: 0,
    otherCommittees: 0,
    operating: 0,
    refundsIndividuals: 0,
    refundsParty: 0,
    refundsOtherCommittees: 0,
    otherDisbursements: 0,
  };
  for (const receipt of receipts) if (inRange(receipt.date, from, through)) figures[receiptFigure(receipt)] += receipt.cents;
  for (const outflow of outflows) if (inRange(outflow.date, from, through)) figures[outflowFigure(outflow)] += outflow.cents;
  return figures;
}

export type CashFigures = {
  /** Cash on hand the day before the period starts (line 23 / 6b). */
  beginning: number;
  /** F3X only: cash on hand on January 1 of the report's year (line 6a, column B). */
  yearBeginning: number;
  year: number;
};

/** Every numbered line of F3 with its cents, column A (_period) and, where the form has one, column B (_ytd). */
function f3Lines(period: Figures, toDate: Figures, cash: CashFigures): Record<string, number> {
  const column = (f: Figures, suffix: 'period' | 'ytd') => {
    const l11aiii = f.individualsItemized + f.individualsUnitemized;
    const l11e = l11aiii + f.party + f.otherCommittees;
    const l16 = l11e;
    const l20d = f.refundsIndividuals + f.refundsParty + f.refundsOtherCommittees;
    const l22 = f.operating + l20d + f.otherDisbursements;
    const values: Record<string, number> = {
      L6a_total_contributions: l11e,
      L6b_total_contribution_refunds: l20d,
      L6c_net_contributions: l11e - l20d,
      L7a_total_operating_expenditures: f.operating,
      L7b_total_offsets_to_operating_expenditures: 0,
      L7c_net_operating_expenditures: f.operating,
      L11ai_individuals_itemized: f.individualsItemized,
      L11aii_individuals_unitemized: f.individualsUnitemized,
      L11aiii_total_individual: l11aiii,
      L11b_political_party_committees: f.party,
      L11c_other_political_committees: f.otherCommittees,
      L11e_total_contributions: l11e,
      L16_total_receipts: l16,
      L17_operating_expenditures: f.operating,
      L20a_refunds_to_individuals: f.refundsIndividuals,
      L20b_refunds_to_political_party_committees: f.refundsParty,
      L20c_refunds_to_other_political_committees: f.refundsOtherCommittees,
      L20d_total_contribution_refunds: l20d,
      L21_other_disbursements: f.otherDisbursements,
      L22_total_disbursements: l22,
    };
    if (suffix === 'period') {
      values.L23_cash_on_hand_beginning_reporting = cash.beginning;
      values.L24_total_receipts = l16;
      values.L25_subtotals = cash.beginning + l16;
      values.L26_total_disbursements = l22;
      values.L27_cash_on_hand_at_close = cash.beginning + l16 - l22;
      values.L8_cash_on_hand_at_close = cash.beginning + l16 - l22;
    }
    return Object.fromEntries(Object.entries(values).map(([name, cents]) => [`${name}_${suffix}`, cents]));
  };
  return { ...column(period, 'period'), ...column(toDate, 'ytd') };
}

function f3xLines(period: Figures, toDate: Figures, cash: CashFigures): Record<string, number> {
  const column = (f: Figures, suffix: 'period' | 'ytd', beginning: number) => {
    const l11aiii = f.individualsItemized + f.individualsUnitemized;
    const l11d = l11aiii + f.party + f.otherCommittees;
    const l19 = l11d;
    const l28d = f.refundsIndividuals + f.refundsParty + f.refundsOtherCommittees;
    const l31 = f.operating + l28d + f.otherDisbursements;
    const values: Record<string, number> = {
      L6c_total_receipts: l19,
      L6d_subtotal: beginning + l19,
      L7_total_disbursements: l31,
      L11ai_itemized: f.individualsItemized,
      L11aii_unitemized: f.individualsUnitemized,
      L11aiii_total: l11aiii,
      L11b_political_party_committees: f.party,
      L11c_other_political_committees_pacs: f.otherCommittees,
      L11d_total_contributions: l11d,
      L19_total_receipts: l19,
      L20_total_federal_receipts: l19,
      L21b_other_federal_operating_expenditures: f.operating,
      L21c_total_operating_expenditures: f.operating,
      L28a_individuals_persons: f.refundsIndividuals,
      L28b_political_party_committees: f.refundsParty,
      L28c_other_political_committees: f.refundsOtherCommittees,
      L28d_total_contributions_refunds: l28d,
      L29_other_disbursements: f.otherDisbursements,
      L31_total_disbursements: l31,
      L32_total_federal_disbursements: l31,
      L33_total_contributions: l11d,
      L34_total_contribution_refunds: l28d,
      L35_net_contributions: l11d - l28d,
      L36_total_federal_operating_expenditures: f.operating,
      L37_offsets_to_operating_expenditures: 0,
      L38_net_operating_expenditures: f.operating,
    };
    const named = Object.fromEntries(Object.entries(values).map(([name, cents]) => [`${name}_${suffix}`, cents]));
    if (suffix === 'period') {
      named.L6b_cash_on_hand_beginning_period = beginning;
      named.L8_cash_on_hand_at_close_period = beginning + l19 - l31;
    } else {
      named.L6a_cash_on_hand_jan_1_ytd = beginning;
      named.L8_cash_on_hand_close_ytd = beginning + l19 - l31;
    }
    return named;
  };
  return { ...column(period, 'period', cash.beginning), ...column(toDate, 'ytd', cash.yearBeginning) };
}

/** The amount of every L* field of the form (0 where nothing), in cents; L6a_year_for_above_ytd is the year itself. */
export function summaryAmounts(form: FilingForm, period: Figures, toDate: Figures, cash: CashFigures): Record<string, number> {
  const fields = form === 'F3' ? F3_FIELDS : F3X_FIELDS;
  const computed = form === 'F3' ? f3Lines(period, toDate, cash) : f3xLines(period, toDate, cash);
  const amounts: Record<string, number> = {};
  for (const field of fields) {
    if (!field.startsWith('L')) continue;
    amounts[field] = computed[field] ?? 0;
  }
  if (form === 'F3X') amounts.L6a_year_for_above_ytd = cash.year;
  return amounts;
}

/** The F3X field that holds a year, not money. */
export const YEAR_FIELD = 'L6a_year_for_above_ytd';

/** Cash on hand at close: line 27 on F3, line 8 on F3X. */
export const closingField = (form: FilingForm) => (form === 'F3' ? 'L27_cash_on_hand_at_close_period' : 'L8_cash_on_hand_at_close_period');
/** Cash on hand at the beginning: line 23 on F3, line 6(b) on F3X. */
export const beginningField = (form: FilingForm) => (form === 'F3' ? 'L23_cash_on_hand_beginning_reporting_period' : 'L6b_cash_on_hand_beginning_period');

/** Which figure each summary field is made of, for the "entries behind this line" links. */
export function figureOfField(field: string): (keyof Figures)[] | null {
  const name = field.replace(/_(period|ytd)$/, '');
  const map: Record<string, (keyof Figures)[]> = {
    L11ai_individuals_itemized: ['individualsItemized'],
    L11ai_itemized: ['individualsItemized'],
    L11aii_individuals_unitemized: ['individualsUnitemized'],
    L11aii_unitemized: ['individualsUnitemized'],
    L11aiii_total_individual: ['individualsItemized', 'individualsUnitemized'],
    L11aiii_total: ['individualsItemized', 'individualsUnitemized'],
    L11b_political_party_committees: ['party'],
    L11c_other_political_committees: ['otherCommittees'],
    L11c_other_political_committees_pacs: ['otherCommittees'],
    L17_operating_expenditures: ['operating'],
    L21b_other_federal_operating_expenditures: ['operating'],
    L20a_refunds_to_individuals: ['refundsIndividuals'],
    L28a_individuals_persons: ['refundsIndividuals'],
    L20b_refunds_to_political_party_committees: ['refundsParty'],
    L28b_political_party_committees: ['refundsParty'],
    L20c_refunds_to_other_political_committees: ['refundsOtherCommittees'],
    L28c_other_political_committees: ['refundsOtherCommittees'],
    L21_other_disbursements: ['otherDisbursements'],
    L29_other_disbursements: ['otherDisbursements'],
  };
  return map[name] ?? null;
}
