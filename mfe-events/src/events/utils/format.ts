import { EVENT_STATUS_OPTIONS, EVENT_TYPE_OPTIONS } from './eventForm';

/** Spec point 2: event times read in US English with date and time. */
export const eventDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function formatInstant(value: string | null | undefined, missing: string): string {
  if (!value) return missing;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? missing : eventDateTime.format(date);
}

/** 'TBD' when an event has no start yet (spec point 2). */
export function formatEventStart(value: string | null | undefined): string {
  return formatInstant(value, 'TBD');
}

export function formatEventEnd(value: string | null | undefined): string {
  return formatInstant(value, 'Not set');
}

export function humanise(value: string | null | undefined): string {
  if (!value) return '';
  const text = value.replace(/[_-]+/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function eventTypeLabel(value: string): string {
  return EVENT_TYPE_OPTIONS.find((option) => option.value === value)?.label ?? humanise(value);
}

export function eventStatusLabel(value: string): string {
  return EVENT_STATUS_OPTIONS.find((option) => option.value === value)?.label ?? humanise(value);
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
