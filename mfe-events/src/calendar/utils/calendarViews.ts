import { addDays, weekDays } from '../../events/utils/calendarDates';
import type { CalendarItem } from '../../events/utils/calendarItems';
import type { WorkspaceDateFormat } from '@caucus/platform';
import { formatNamed } from './dateFormats';

export type CalendarView = 'month' | 'week' | 'day';

/**
 * The date Back (-1) or Next (+1) leads to: the 1st of the month before or after, the same weekday
 * a week away, the day before or after.
 */
export function stepDate(view: CalendarView, date: Date, direction: -1 | 1): Date {
  if (view === 'month') return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + direction, 1));
  return addDays(date, direction * (view === 'week' ? 7 : 1));
}

/** The toolbar's title: 'November 2026', 'Nov 16 – Nov 22, 2026' (Monday to Sunday) or 'Sunday, November 22, 2026'. */
export function periodTitle(view: CalendarView, date: Date, dateFormat?: WorkspaceDateFormat): string {
  if (view === 'month') return formatNamed(date, 'monthHeader', dateFormat);
  if (view === 'day') return formatNamed(date, 'dayHeader', dateFormat);
  const days = weekDays(date);
  return `${formatNamed(days[0], 'shortDate', dateFormat)} – ${formatNamed(days[6], 'shortDateYear', dateFormat)}`;
}

/** What the calendar gives each of its views. */
export type CalendarViewProps = {
  /** A date in the period shown (a floating date: calendarDates.ts). */
  date: Date;
  /** Every scheduled event; a view shows those in its days. */
  items: CalendarItem[];
  /** Now on the workspace's clock, as a floating date. */
  now: Date;
  /** The workspace's date format, for the day names. */
  dateFormat: WorkspaceDateFormat;
  onSelect: (item: CalendarItem) => void;
  /** Opens the day view on that day (a day's number or header, '+N more'). */
  onOpenDay: (day: Date) => void;
};
