import { formatCalendarDate } from '@caucus/design-system/session';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Money arrives as a number, or as a decimal string from some engines. */
export function formatMoney(value: number | string | null | undefined): string {
  const amount = typeof value === 'string' ? Number.parseFloat(value) : value;
  return usd.format(typeof amount === 'number' && Number.isFinite(amount) ? amount : 0);
}

/**
 * A calendar date shown as the day it is, whatever the timezone, in the workspace's date format.
 * A value stored as a timestamp is read by its UTC date, the day it was saved as.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatCalendarDate(value);
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : formatCalendarDate(date.toISOString().slice(0, 10));
}
