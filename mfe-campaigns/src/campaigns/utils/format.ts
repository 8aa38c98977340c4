import { formatCalendarDate, formatDateTime } from '@caucus/design-system/session';

const wholeUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });

export function toAmount(value: number | string | null | undefined): number {
  const amount = typeof value === 'string' ? Number.parseFloat(value) : value;
  return typeof amount === 'number' && Number.isFinite(amount) ? amount : 0;
}

/** Spec point 9: campaign figures are US dollars without decimals. */
export function formatWholeUsd(value: number | string | null | undefined): string {
  return wholeUsd.format(toAmount(value));
}

const centsUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A suggested amount as the donor will see it: whole dollars stay whole, cents are kept. */
export function formatAmount(value: number): string {
  return Number.isInteger(value) ? wholeUsd.format(value) : centsUsd.format(value);
}

/** Percent of goal, capped at 100 (spec point 9); no goal means no progress to show. */
export function progressPercent(raised: number | string | null | undefined, goal: number | string | null | undefined): number {
  const target = toAmount(goal);
  if (target <= 0) return 0;
  return Math.min(100, (toAmount(raised) / target) * 100);
}

export function formatPercent(percent: number): string {
  return `${percent.toFixed(1)}%`;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day field (a campaign's start or end, a donation's date) in the workspace's date format, the
 * same day in every timezone. An older value stored as a timestamp is read by its UTC date, the
 * day it was saved as.
 */
export function formatDate(value: string | null): string | null {
  if (!value) return null;
  if (CALENDAR_DAY.test(value)) return formatCalendarDate(value) || null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : formatCalendarDate(date.toISOString().slice(0, 10)) || null;
}

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

/** Exact dollars and cents, for a donation or a donor's total. */
export function formatUsd(value: number | string | null | undefined): string {
  return centsUsd.format(toAmount(value));
}

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A totals period by its first day (a calendar day): 'Jan 2026', or 'Week of Jan 5, 2026'. */
export function formatPeriod(periodStart: string, interval: 'month' | 'week'): string {
  const day = new Date(`${periodStart}T00:00:00.000Z`);
  if (Number.isNaN(day.getTime())) return periodStart;
  return interval === 'month' ? monthFormat.format(day) : `Week of ${formatCalendarDate(periodStart)}`;
}

/**
 * When an event happens: its calendar day for an all-day event (the same in every time zone), its
 * date and time in the workspace's time zone otherwise, 'TBD' without a start (spec point 2).
 */
export function formatEventWhen(startDate: string | null, allDay: boolean): string {
  if (!startDate) return 'TBD';
  if (allDay || CALENDAR_DAY.test(startDate)) return formatDate(startDate) ?? 'TBD';
  return formatDateTime(startDate) || 'TBD';
}
