import type { BadgeTone } from '@caucus/design-system';
import { workspaceCalendarDate } from '@caucus/platform';
import type { DonationFormValues, PledgeFormValues } from '@caucus/contract';
import { PAYMENT_METHOD_LABELS } from '@caucus/contract';
import type { Donation, DonationBody, Pledge, PledgeBody } from '../api/financialsApi';

export type { DonationFormValues, PledgeFormValues };

/** 'YYYY-MM-DD' out of whatever date text the API returns. */
export function dateInput(value: string | null | undefined): string {
  if (!value) return '';
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '';
}

/** A calendar date sent as an ISO string at UTC midnight, so the day does not shift with the time zone. */
export function toIsoDate(value: string): string {
  return new Date(`${value}T00:00:00.000Z`).toISOString();
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

// Defaults (docs/product/limits-and-defaults.md): payment method cash, status completed, frequency one_time, dates today.
export function pledgeDefaults(pledge?: Pledge | null): PledgeFormValues {
  if (!pledge) {
    return {
      pledgeAmount: '',
      frequency: 'one_time',
      pledgeDate: workspaceCalendarDate(),
      dueDate: '',
      campaignId: '',
      paymentMethod: 'cash',
      status: 'pending',
      notes: '',
      isAnonymous: false,
    };
  }
  return {
    pledgeAmount: text(pledge.pledgeAmount),
    frequency: pledge.frequency || 'one_time',
    pledgeDate: dateInput(pledge.pledgeDate),
    dueDate: dateInput(pledge.dueDate),
    campaignId: pledge.campaignId ?? pledge.campaign?.id ?? '',
    paymentMethod: pledge.paymentMethod || 'cash',
    status: pledge.status || 'pending',
    notes: pledge.notes ?? '',
    isAnonymous: Boolean(pledge.isAnonymous),
  };
}

export function donationDefaults(donation?: Donation | null): DonationFormValues {
  if (!donation) {
    return {
      donationAmount: '',
      paymentMethod: 'cash',
      status: 'completed',
      donationDate: workspaceCalendarDate(),
      processedDate: '',
      campaignId: '',
      pledgeId: '',
      checkNumber: '',
      transactionId: '',
      referenceNumber: '',
      notes: '',
      isAnonymous: false,
      isRecurring: false,
      taxDeductibleAmount: '',
      netAmount: '',
      inKindDescription: '',
      fairMarketValue: '',
      // Set to the committee's default election once the campaign and its elections are known.
      electionCode: '',
    };
  }
  return {
    donationAmount: text(donation.donationAmount),
    paymentMethod: donation.paymentMethod || 'cash',
    status: donation.status || 'completed',
    donationDate: dateInput(donation.donationDate),
    processedDate: dateInput(donation.processedDate),
    campaignId: donation.campaignId ?? donation.campaign?.id ?? '',
    pledgeId: donation.pledgeId ?? donation.pledge?.id ?? '',
    checkNumber: donation.checkNumber ?? '',
    transactionId: donation.transactionId ?? '',
    referenceNumber: donation.referenceNumber ?? '',
    notes: donation.notes ?? '',
    isAnonymous: Boolean(donation.isAnonymous),
    isRecurring: Boolean(donation.isRecurring),
    taxDeductibleAmount: text(donation.taxDeductibleAmount),
    netAmount: text(donation.netAmount),
    inKindDescription: donation.inKindDescription ?? '',
    fairMarketValue: text(donation.fairMarketValue),
    // Sent back as it is: a PUT without it would move the gift to the default election.
    electionCode: donation.electionCode ?? '',
  };
}

/**
 * docs/product/validation.md: empty fields are dropped and dates are sent as ISO strings; amounts go as numbers.
 * Booleans are always sent, since false is a value the user chose.
 */
function shape(
  values: Record<string, string | boolean>,
  dateFields: readonly string[],
  moneyFields: readonly string[],
): Record<string, string | number | boolean> {
  const body: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'boolean') {
      body[key] = value;
      continue;
    }
    const trimmed = value.trim();
    if (trimmed === '') continue;
    if (dateFields.includes(key)) body[key] = toIsoDate(trimmed);
    else if (moneyFields.includes(key)) body[key] = Number(trimmed);
    else body[key] = trimmed;
  }
  return body;
}

export function pledgeBody(values: PledgeFormValues): PledgeBody {
  return shape(values, ['pledgeDate', 'dueDate'], ['pledgeAmount']);
}

export function donationBody(values: DonationFormValues): DonationBody {
  // A check number left over from switching the method away from check is not part of the donation.
  const relevant = values.paymentMethod === 'check' ? values : { ...values, checkNumber: '' };
  return shape(relevant, ['donationDate', 'processedDate'], ['donationAmount', 'taxDeductibleAmount', 'netAmount', 'fairMarketValue']);
}

/** docs/product/behaviour.md: completed/fulfilled green, pending orange, confirmed blue, failed/cancelled red, else grey. */
export function pledgeStatusTone(status: string | null | undefined): BadgeTone {
  switch ((status ?? '').toLowerCase()) {
    case 'completed':
    case 'fulfilled':
      return 'success';
    case 'pending':
      return 'warning';
    case 'confirmed':
      return 'info';
    case 'failed':
    case 'cancelled':
      return 'danger';
    default:
      return 'neutral';
  }
}

/** Only a pledge that is not fulfilled can take a donation; the one already linked stays listed. */
export function linkablePledges(pledges: Pledge[], currentPledgeId?: string | null): Pledge[] {
  return pledges.filter((pledge) => pledge.status !== 'fulfilled' || pledge.id === currentPledgeId);
}

/** Names a plain capitalisation would get wrong. */
// 'cancelled' is the stored pledge status (docs/product/data.md, Pledge and donation); the label is US English.
const SPECIAL_LABELS: Record<string, string> = { cancelled: 'Canceled' };

export function optionLabel(value: string): string {
  // Payment methods read as everywhere else in the product (the contract's labels: ACH, PayPal, In-kind).
  const method = PAYMENT_METHOD_LABELS[value as keyof typeof PAYMENT_METHOD_LABELS];
  if (method) return method;
  if (SPECIAL_LABELS[value]) return SPECIAL_LABELS[value];
  const label = value.replace(/_/g, ' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** Select options for a fixed list of values, labelled by optionLabel. */
export function choiceOptions(values: readonly string[]): { value: string; label: string }[] {
  return values.map((value) => ({ value, label: optionLabel(value) }));
}

/** Server message when the API gave one, else the generic text (docs/product/messages.md, Workspace). */
export function saveErrorMessage(error: unknown, fallback: string): string {
  const message = error instanceof Error ? error.message : '';
  return message && message !== 'An error occurred' ? `Error: ${message}` : fallback;
}
