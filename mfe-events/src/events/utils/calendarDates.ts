// The calendar's sizes: docs/product/limits-and-defaults.md, Limits and sizes.

/** The month view shows 35 cells (5 weeks) when they hold the month... */
export const MONTH_GRID_CELLS = 35;
/** ...and six weeks when the month runs past them (a 31-day month starting on a Saturday or Sunday, a 30-day one starting on a Sunday). */
export const MONTH_GRID_CELLS_SIX_WEEKS = 42;
/** At most this many events are listed in one month cell; the rest become '+N more'. */
export const MAX_EVENTS_PER_CELL = 2;
/** Event titles in the calendar are cut at this many characters. */
export const CALENDAR_TITLE_LENGTH = 20;

/*
 * The calendar works on floating dates: a Date whose UTC fields (getUTCDate, getUTCHours) are the
 * workspace's wall clock, made by workspaceFloatingDate from an event's instant, or Date.UTC for a
 * day. Arithmetic on UTC fields knows no daylight-saving day, and the browser's own zone never
 * enters: an event sits at the time the list and the detail print, wherever the browser is.
 */

/** The calendar day 'YYYY-MM-DD' as a floating date (its midnight). */
export function floatingDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date));
}

export function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export function addDays(date: Date, days: number): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + days));
}

export function isSameDay(a: Date, b: Date): boolean {
  return a.getUTCFullYear() === b.getUTCFullYear() && a.getUTCMonth() === b.getUTCMonth() && a.getUTCDate() === b.getUTCDate();
}

/** Midnight of the Monday of the week holding `date` (weeks run Monday to Sunday). */
export function weekStartMonday(date: Date): Date {
  const day = date.getUTCDay(); // 0 = Sunday
  const back = (day + 6) % 7;
  return addDays(startOfDay(date), -back);
}

/** The seven days of the week holding `date`, Monday first. */
export function weekDays(date: Date): Date[] {
  const monday = weekStartMonday(date);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/**
 * The days of the month view: whole weeks from the Monday on or before the 1st, five of them (35
 * cells) when they reach the month's last day, otherwise six (42), so every day of the month is on
 * its own page.
 */
export function monthGrid(date: Date): Date[] {
  const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0));
  const start = weekStartMonday(first);
  const fiveWeeksEnd = addDays(start, MONTH_GRID_CELLS - 1);
  const length = fiveWeeksEnd.getTime() >= last.getTime() ? MONTH_GRID_CELLS : MONTH_GRID_CELLS_SIX_WEEKS;
  return Array.from({ length }, (_, index) => addDays(start, index));
}

export function truncateTitle(title: string, max: number = CALENDAR_TITLE_LENGTH): string {
  return title.length > max ? `${title.slice(0, max)}...` : title;
}

export type CellEvents<T> = { shown: T[]; moreCount: number };

/** Splits a day's events into the ones listed in a month cell and the count behind '+N more'. */
export function cellEvents<T>(events: T[], max: number = MAX_EVENTS_PER_CELL): CellEvents<T> {
  return { shown: events.slice(0, max), moreCount: Math.max(0, events.length - max) };
}
