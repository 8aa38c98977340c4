import type { CaucusEvent } from '@caucus/api/contract';
import { addDays, startOfDay } from './calendarDates';

export type CalendarItem = { id: string; title: string; start: Date; end: Date; event: CaucusEvent };

const HOUR_MS = 60 * 60 * 1000;

/** Events with a start go on the calendar; the rest are listed as 'TBD'. */
export function toCalendarItems(events: CaucusEvent[]): { scheduled: CalendarItem[]; unscheduled: CaucusEvent[] } {
  const scheduled: CalendarItem[] = [];
  const unscheduled: CaucusEvent[] = [];
  for (const event of events) {
    const start = event.startDate ? new Date(event.startDate) : null;
    if (!start || Number.isNaN(start.getTime())) {
      unscheduled.push(event);
      continue;
    }
    const givenEnd = event.endDate ? new Date(event.endDate) : null;
    // Without a usable end the event still needs a visible block in the week and day views.
    const end = givenEnd && givenEnd.getTime() > start.getTime() ? givenEnd : new Date(start.getTime() + HOUR_MS);
    scheduled.push({ id: event.id, title: event.name, start, end, event });
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
