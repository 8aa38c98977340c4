const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Money arrives as a number, or as a decimal string from some engines. */
export function formatMoney(value: number | string | null | undefined): string {
  const amount = typeof value === 'string' ? Number.parseFloat(value) : value;
  return usd.format(typeof amount === 'number' && Number.isFinite(amount) ? amount : 0);
}

/** A calendar date shown as the day it is, whatever the viewer's time zone. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}
