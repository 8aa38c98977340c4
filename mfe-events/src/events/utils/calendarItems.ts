import type { CaucusEvent } from '@caucus/contract';
import { getWorkspacePreferences, workspaceFloatingDate, type WorkspacePreferences } from '@caucus/platform';
import { addDays, floatingDay, startOfDay } from './calendarDates';

export type CalendarItem = { id: string; title: string; start: Date; end: Date; allDay: boolean; event: CaucusEvent };

const HOUR_MS = 60 * 60 * 1000;

/**
 * Where an event sits on the calendar, in floating dates (calendarDates.ts). An all-day event covers
 * its calendar days (start day to end day inclusive) in every time zone; a timed one runs from its
 * instant on the workspace's clock, as the list and the detail print it.
 */
function placement(event: CaucusEvent, preferences: WorkspacePreferences): { start: Date; end: Date } | null {
  if (!event.startDate) return null;
  if (event.allDay) {
    const start = floatingDay(event.startDate);
    const lastDay = event.endDate && event.endDate >= event.startDate ? floatingDay(event.endDate) : start;
    return { start, end: addDays(lastDay, 1) };
  }
  const start = workspaceFloatingDate(event.startDate, preferences);
  if (!start) return null;
  const givenEnd = workspaceFloatingDate(event.endDate, preferences);
  // Without a usable end the event still needs a visible block in the week and day views.
  const end = givenEnd && givenEnd.getTime() > start.getTime() ? givenEnd : new Date(start.getTime() + HOUR_MS);
  return { start, end };
}

/** Events with a start go on the calendar; the rest are listed as 'TBD'. */
export function toCalendarItems(
  events: CaucusEvent[],
  preferences: WorkspacePreferences = getWorkspacePreferences(),
): { scheduled: CalendarItem[]; unscheduled: CaucusEvent[] } {
  const scheduled: CalendarItem[] = [];
  const unscheduled: CaucusEvent[] = [];
  for (const event of events) {
    const placed = placement(event, preferences);
    if (placed) scheduled.push({ id: event.id, title: event.name, ...placed, allDay: event.allDay, event });
    else unscheduled.push(event);
  }
  scheduled.sort((a, b) => a.start.getTime() - b.start.getTime());
  return { scheduled, unscheduled };
}

/** Items that take place on `day` (a floating date), in start order; an item ending exactly at midnight does not spill over. */
export function itemsOnDay(items: CalendarItem[], day: Date): CalendarItem[] {
  const from = startOfDay(day).getTime();
  const to = addDays(startOfDay(day), 1).getTime();
  return items.filter((item) => item.start.getTime() < to && item.end.getTime() > from).sort((a, b) => a.start.getTime() - b.start.getTime());
}
