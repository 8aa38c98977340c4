import type { CaucusEvent } from '@caucus/api/contract';
import { addDays, startOfDay } from './calendarDates';

export type CalendarItem = { id: string; title: string; start: Date; end: Date; allDay: boolean; event: CaucusEvent };

const HOUR_MS = 60 * 60 * 1000;

/** Local midnight of a calendar day 'YYYY-MM-DD': the day itself, wherever the viewer is. */
export function localDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/**
 * Where an event sits on the viewer's calendar. An all-day event covers its calendar days (start day
 * to end day inclusive) in every time zone; a timed one runs from its instant, shown in local time.
 */
function placement(event: CaucusEvent): { start: Date; end: Date } | null {
  if (!event.startDate) return null;
  if (event.allDay) {
    const start = localDay(event.startDate);
    const lastDay = event.endDate && event.endDate >= event.startDate ? localDay(event.endDate) : start;
    return { start, end: addDays(lastDay, 1) };
  }
  const start = new Date(event.startDate);
  if (Number.isNaN(start.getTime())) return null;
  const givenEnd = event.endDate ? new Date(event.endDate) : null;
  // Without a usable end the event still needs a visible block in the week and day views.
  const end = givenEnd && givenEnd.getTime() > start.getTime() ? givenEnd : new Date(start.getTime() + HOUR_MS);
  return { start, end };
}

/** Events with a start go on the calendar; the rest are listed as 'TBD'. */
export function toCalendarItems(events: CaucusEvent[]): { scheduled: CalendarItem[]; unscheduled: CaucusEvent[] } {
  const scheduled: CalendarItem[] = [];
  const unscheduled: CaucusEvent[] = [];
  for (const event of events) {
    const placed = placement(event);
    if (placed) scheduled.push({ id: event.id, title: event.name, ...placed, allDay: event.allDay, event });
    else unscheduled.push(event);
  }
  scheduled.sort((a, b) => a.start.getTime() - b.start.getTime());
  return { scheduled, unscheduled };
}

/** Items that take place on `day` (local), in start order; an item ending exactly at midnight does not spill over. */
export function itemsOnDay(items: CalendarItem[], day: Date): CalendarItem[] {
  const from = startOfDay(day).getTime();
  const to = addDays(startOfDay(day), 1).getTime();
  return items
    .filter((item) => item.start.getTime() < to && item.end.getTime() > from)
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}
