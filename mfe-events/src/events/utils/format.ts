/** Spec point 2: event times read in US English with date and time. */
export const eventDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatEventStart(value: string | null | undefined): string {
  if (!value) return 'TBD';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'TBD' : eventDateTime.format(date);
}

export function humanise(value: string | null | undefined): string {
  if (!value) return '';
  const text = value.replace(/[_-]+/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function statusTone(status: string): 'success' | 'warning' | 'info' | 'neutral' | 'danger' | 'brand' {
  switch (status) {
    case 'published':
      return 'brand';
    case 'active':
      return 'success';
    case 'completed':
      return 'info';
    case 'cancelled':
      return 'danger';
    default:
      return 'neutral';
  }
}
