import { formatCalendarDate, formatDateTime, getWorkspacePreferences } from '@caucus/platform';
import { EVENT_STATUS_OPTIONS, EVENT_TYPE_OPTIONS } from './eventOptions';

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * 'Nov 30, 2026' for a calendar day (all-day event), the same day in every timezone; 'Nov 30, 2026,
 * 7:00 PM' for an instant, in `timeZone` (the workspace's by default). US English, in the workspace's
 * date format (docs/product/first-run-and-settings.md, The workspace's clock).
 */
export function formatEventDate(value: string | null | undefined, missing: string, timeZone?: string): string {
  if (!value) return missing;
  const preferences = getWorkspacePreferences();
  const text = CALENDAR_DAY.test(value)
    ? formatCalendarDate(value, preferences)
    : formatDateTime(value, timeZone ? { ...preferences, timezone: timeZone } : preferences);
  return text || missing;
}

/** 'TBD' when an event has no start yet (docs/product/screens.md, Dashboard home). */
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
