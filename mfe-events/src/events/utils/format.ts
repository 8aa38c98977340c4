import { EVENT_STATUS_OPTIONS, EVENT_TYPE_OPTIONS } from './eventForm';

/** Spec point 2: event times read in US English with date and time, in the viewer's time zone. */
export const eventDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** An all-day event's calendar day: printed as that day, whatever the viewer's time zone. */
const eventDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * 'Nov 30, 2026' for a calendar day (all-day event); 'Nov 30, 2026, 7:00 PM' for an instant, in
 * `timeZone` (the viewer's own by default).
 */
export function formatEventDate(value: string | null | undefined, missing: string, timeZone?: string): string {
  if (!value) return missing;
  const day = CALENDAR_DAY.test(value);
  const date = new Date(day ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(date.getTime())) return missing;
  if (day) return eventDay.format(date);
  return (timeZone ? new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }) : eventDateTime).format(date);
}

/** 'TBD' when an event has no start yet (spec point 2). */
export function formatEventStart(value: string | null | undefined, timeZone?: string): string {
  return formatEventDate(value, 'TBD', timeZone);
}

export function formatEventEnd(value: string | null | undefined, timeZone?: string): string {
  return formatEventDate(value, 'Not set', timeZone);
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
