// Values that are allowed but rarely right (issue: a gift dated next year, a $99,999,999,999 gift, a
// donor born in 2030 were all accepted without a word). These are warnings, not errors: the user sees
// them and confirms, in the import's review and in the contact and donation forms. Pure functions,
// the same in every form and in the review grid.

import { DEFAULT_CONTRIBUTION_LIMITS } from './compliance';

/** The largest of the FEC's contribution limits (a party's or multicandidate PAC's $5,000): a single gift above it is worth a second look. */
export const LARGEST_FEC_LIMIT = Math.max(...DEFAULT_CONTRIBUTION_LIMITS.map((limit) => limit.amount));
/** A contact born less than this many years ago is probably a typo (2030 for 2003). */
export const YOUNGEST_CONTACT_YEARS = 16;

const dollars = (amount: number) => amount.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** A date ('YYYY-MM-DD') after today ('YYYY-MM-DD', the user's calendar day). */
export function futureDateWarning(date: string | null | undefined, today: string, label: string): string | null {
  return date && date.slice(0, 10) > today ? `${label} is in the future (${date.slice(0, 10)})` : null;
}

export function largeAmountWarning(amount: number | null | undefined, label = 'Amount'): string | null {
  return amount !== null && amount !== undefined && Number.isFinite(amount) && amount > LARGEST_FEC_LIMIT
    ? `${label} is over ${dollars(LARGEST_FEC_LIMIT)}, the largest FEC contribution limit`
    : null;
}

/** A birth date less than YOUNGEST_CONTACT_YEARS before today (or after it). */
export function youngBirthDateWarning(birthDate: string | null | undefined, today: string): string | null {
  if (!birthDate) return null;
  const day = birthDate.slice(0, 10);
  if (day > today) return `Birth date is in the future (${day})`;
  const cutoff = `${String(Number(today.slice(0, 4)) - YOUNGEST_CONTACT_YEARS).padStart(4, '0')}${today.slice(4, 10)}`;
  return day > cutoff ? `Birth date makes this person younger than ${YOUNGEST_CONTACT_YEARS}` : null;
}
