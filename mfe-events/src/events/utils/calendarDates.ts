/** Spec point 9: the month view always shows 35 cells (5 weeks), whatever the month's length. */
export const MONTH_GRID_CELLS = 35;
/** Spec point 9: at most this many events are listed in one month cell; the rest become '+N more'. */
export const MAX_EVENTS_PER_CELL = 2;
/** Spec point 9: event titles in the calendar are cut at this many characters. */
export const CALENDAR_TITLE_LENGTH = 20;

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export function addDays(date: Date, days: number): Date {
  // Calendar arithmetic on local fields, so a daylight-saving change never shifts a day.
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

export function isSameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** Local midnight of the Monday of the week holding `date` (weeks run Monday to Sunday). */
export function weekStartMonday(date: Date): Date {
  const day = date.getDay(); // 0 = Sunday
  const back = (day + 6) % 7;
  return addDays(startOfDay(date), -back);
}

/** The seven days of the week holding `date`, Monday first. */
export function weekDays(date: Date): Date[] {
  const monday = weekStartMonday(date);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** The 35 days of the month view: five weeks from the Monday on or before the 1st of the month. */
export function monthGrid35(date: Date): Date[] {
  const first = new Date(date.getFullYear(), date.getMonth(), 1);
  const start = weekStartMonday(first);
  return Array.from({ length: MONTH_GRID_CELLS }, (_, index) => addDays(start, index));
}

export function truncateTitle(title: string, max: number = CALENDAR_TITLE_LENGTH): string {
  return title.length > max ? `${title.slice(0, max)}...` : title;
}

export type CellEvents<T> = { shown: T[]; moreCount: number };

/** Splits a day's events into the ones listed in a month cell and the count behind '+N more'. */
export function cellEvents<T>(events: T[], max: number = MAX_EVENTS_PER_CELL): CellEvents<T> {
  return { shown: events.slice(0, max), moreCount: Math.max(0, events.length - max) };
}

