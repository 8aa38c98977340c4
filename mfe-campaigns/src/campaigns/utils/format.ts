import { formatCalendarDate, formatDateTime, formatDay, formatMonth } from '@caucus/platform';

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

const LABELS: Record<string, string> = { gotv: 'Get Out The Vote' };

export function capitalise(value: string): string {
  if (LABELS[value]) return LABELS[value];
  return value ? value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ') : value;
}

export function statusTone(status: string): 'success' | 'warning' | 'info' | 'neutral' | 'danger' {
  switch (status) {
    case 'active':
      return 'success';
    case 'paused':
      return 'warning';
    case 'completed':
      return 'info';
    default:
      return 'neutral';
  }
}

const TYPE_ICONS: Record<string, string> = {
  fundraising: '$',
  advocacy: '❝',
  awareness: '✦',
  gotv: '✓',
  petition: '✎',
  event: '★',
  volunteer: '♥',
  educational: '◎',
  membership: '◆',
};

export function typeIcon(type: string): string {
  return TYPE_ICONS[type] ?? '•';
}

/** A totals period by its first day (a calendar day): 'Jan 2026', or 'Week of Jan 5, 2026'. */
export function formatPeriod(periodStart: string, interval: 'month' | 'week'): string {
  if (Number.isNaN(new Date(`${periodStart}T00:00:00.000Z`).getTime())) return periodStart;
  return interval === 'month' ? formatMonth(periodStart) : `Week of ${formatCalendarDate(periodStart)}`;
}

/**
 * When an event happens: its calendar day for an all-day event (the same in every time zone), its
 * date and time in the workspace's time zone otherwise, 'TBD' without a start (docs/product/screens.md,
 * Dashboard home).
 */
export function formatEventWhen(startDate: string | null, allDay: boolean): string {
  if (!startDate) return 'TBD';
  if (allDay || CALENDAR_DAY.test(startDate)) return formatDay(startDate) || 'TBD';
  return formatDateTime(startDate) || 'TBD';
}
