import { atom } from 'jotai';
import { caucusStore } from './store';

// The workspace's timezone decides day boundaries and how instants show; its date format decides
// the order dates print in. Every app formats through these helpers, so a remote never falls back
// to the browser's own zone (docs/product/first-run-and-settings.md, The workspace's clock).

/** The date formats settings offer (the contract's SETTINGS_DATE_FORMATS). */
export type WorkspaceDateFormat = 'MM/DD/YYYY' | 'DD/MM/YYYY' | 'YYYY-MM-DD';

export type WorkspacePreferences = { timezone: string; dateFormat: WorkspaceDateFormat };

/** The product's defaults (docs/product/limits-and-defaults.md, Defaults), used until the workspace read answers. */
export const DEFAULT_WORKSPACE_PREFERENCES: WorkspacePreferences = Object.freeze({
  timezone: 'America/New_York',
  dateFormat: 'MM/DD/YYYY',
});

/** The preferences the plain helpers read; the query hook keeps it in step with the server. */
export const workspacePreferencesAtom = atom<WorkspacePreferences>(DEFAULT_WORKSPACE_PREFERENCES);

const DATE_FORMATS: readonly WorkspaceDateFormat[] = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'];

function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || !value) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Keeps what is valid of a server answer; anything unknown falls back to the default. */
export function toWorkspacePreferences(value: { timezone?: unknown; dateFormat?: unknown } | null | undefined): WorkspacePreferences {
  const timezone = isTimeZone(value?.timezone) ? value.timezone : DEFAULT_WORKSPACE_PREFERENCES.timezone;
  const dateFormat = DATE_FORMATS.includes(value?.dateFormat as WorkspaceDateFormat)
    ? (value?.dateFormat as WorkspaceDateFormat)
    : DEFAULT_WORKSPACE_PREFERENCES.dateFormat;
  return { timezone, dateFormat };
}

export function getWorkspacePreferences(): WorkspacePreferences {
  return caucusStore.get(workspacePreferencesAtom);
}

/** Stores the preferences for the helpers; an unchanged value keeps the same object (no re-render). */
export function setWorkspacePreferences(value: { timezone?: unknown; dateFormat?: unknown } | null): void {
  const next = toWorkspacePreferences(value);
  const current = getWorkspacePreferences();
  if (current.timezone === next.timezone && current.dateFormat === next.dateFormat) return;
  caucusStore.set(workspacePreferencesAtom, next);
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// Intl formatters are costly to build; a page prints hundreds of dates with a handful of settings.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formatters.set(key, cached);
  }
  return cached;
}

type DayParts = { year: string; month: string; monthName: string; day: string; dayNumber: string };

function dayParts(date: Date, timeZone: string): DayParts {
  const parts = formatter(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  const monthName = formatter(timeZone, { month: 'short' }).format(date);
  return { year: part('year'), month: part('month'), monthName, day: part('day'), dayNumber: String(Number(part('day'))) };
}

/**
 * A day in the workspace's order, US English: 'Nov 30, 2026' (month first), '30 Nov 2026' (day
 * first) or '2026-11-30' (ISO). The named month keeps the short form unambiguous to read.
 */
function printDay(parts: DayParts, dateFormat: WorkspaceDateFormat): string {
  switch (dateFormat) {
    case 'DD/MM/YYYY':
      return `${parts.dayNumber} ${parts.monthName} ${parts.year}`;
    case 'YYYY-MM-DD':
      return `${parts.year}-${parts.month}-${parts.day}`;
    default:
      return `${parts.monthName} ${parts.dayNumber}, ${parts.year}`;
  }
}

function toInstant(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar date ('2026-11-30') as a UTC instant, checked to be a real day; null otherwise. */
function calendarDay(value: string | null | undefined): Date | null {
  const match = value ? CALENDAR_DATE.exec(value) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

/**
 * A calendar date ('YYYY-MM-DD': an all-day event, a campaign's start day, a donation's date)
 * printed as that same day in every timezone. '' for a missing or invalid day.
 */
export function formatCalendarDate(value: string | null | undefined, preferences: WorkspacePreferences = getWorkspacePreferences()): string {
  const day = calendarDay(value);
  return day ? printDay(dayParts(day, 'UTC'), preferences.dateFormat) : '';
}

/** An instant's day in the workspace timezone, e.g. a record's created date. '' when invalid. */
export function formatInstantDate(value: string | Date | null | undefined, preferences: WorkspacePreferences = getWorkspacePreferences()): string {
  const instant = toInstant(value);
  return instant ? printDay(dayParts(instant, preferences.timezone), preferences.dateFormat) : '';
}

/** An instant's time of day in the workspace timezone, US English: '7:00 PM'. '' when invalid. */
export function formatTime(value: string | Date | null | undefined, preferences: WorkspacePreferences = getWorkspacePreferences()): string {
  const instant = toInstant(value);
  return instant ? formatter(preferences.timezone, { hour: 'numeric', minute: '2-digit' }).format(instant) : '';
}

/**
 * An instant (stored in UTC) in the workspace timezone: 'Nov 30, 2026, 7:00 PM' by default.
 * '' for a missing or invalid value.
 */
export function formatDateTime(value: string | Date | null | undefined, preferences: WorkspacePreferences = getWorkspacePreferences()): string {
  const instant = toInstant(value);
  if (!instant) return '';
  return `${formatInstantDate(instant, preferences)}, ${formatTime(instant, preferences)}`;
}

/**
 * Either kind of stored date: a calendar date prints as its day, a timestamp as its day in the
 * workspace timezone. For lists that show only the day of a row's date.
 */
export function formatDate(value: string | null | undefined, preferences: WorkspacePreferences = getWorkspacePreferences()): string {
  if (value && CALENDAR_DATE.test(value)) return formatCalendarDate(value, preferences);
  return formatInstantDate(value, preferences);
}

/** The calendar date ('YYYY-MM-DD') an instant falls on in the workspace timezone: its day boundary. */
export function workspaceCalendarDate(
  value: string | Date | null | undefined = new Date(),
  preferences: WorkspacePreferences = getWorkspacePreferences(),
): string {
  const instant = toInstant(value);
  if (!instant) return '';
  const parts = dayParts(instant, preferences.timezone);
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A wall clock: what a clock on the wall of the workspace reads, in numbers (month 1-12). */
type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

/** The wall clock an instant shows in `timeZone`. */
function wallClockIn(instant: Date, timeZone: string): WallClock {
  const parts = formatter(timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value ?? 0);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour') % 24, minute: part('minute') };
}

const wallClockMs = (clock: WallClock) => Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);

/** How far `timeZone`'s clocks are ahead of UTC at an instant, in ms (whole minutes). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const floored = instant - (((instant % 60_000) + 60_000) % 60_000);
  return wallClockMs(wallClockIn(new Date(floored), timeZone)) - floored;
}

/**
 * An instant's wall clock in the workspace timezone as a date and a time input read them:
 * { date: '2026-11-30', time: '18:30' }. Null for a missing or invalid value. The browser's own
 * zone plays no part: an event's form shows what the rest of the workspace shows.
 */
export function workspaceWallClock(
  value: string | Date | null | undefined,
  preferences: WorkspacePreferences = getWorkspacePreferences(),
): { date: string; time: string } | null {
  const instant = toInstant(value);
  if (!instant) return null;
  const clock = wallClockIn(instant, preferences.timezone);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return { date: `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`, time: `${pad(clock.hour)}:${pad(clock.minute)}` };
}

/**
 * An instant's workspace wall clock as a "floating" Date: its UTC fields (getUTCHours, ...) read the
 * workspace's clock. The calendar lays out days and hours on these, with UTC arithmetic, so neither
 * the browser's zone nor its daylight-saving days move an event. Null for a missing or invalid value.
 */
export function workspaceFloatingDate(value: string | Date | null | undefined, preferences: WorkspacePreferences = getWorkspacePreferences()): Date | null {
  const instant = toInstant(value);
  return instant ? new Date(wallClockMs(wallClockIn(instant, preferences.timezone))) : null;
}

const CLOCK_TIME = /^(\d{2}):(\d{2})(?::\d{2})?$/;

/**
 * The UTC instant (ISO 8601) of a date and a time of day typed in the workspace's timezone:
 * ('2026-11-30', '18:30') is 23:30 UTC for a New York workspace, whatever zone the browser is in.
 * A time that a spring-forward change skips reads as the hour after, as clocks show it; an hour
 * that a fall-back change repeats reads as its first occurrence. Undefined when unreadable.
 */
export function workspaceInstant(date: string, time: string, preferences: WorkspacePreferences = getWorkspacePreferences()): string | undefined {
  const day = calendarDay(date.trim());
  const clock = CLOCK_TIME.exec(time.trim());
  if (!day || !clock) return undefined;
  const [hour, minute] = [Number(clock[1]), Number(clock[2])];
  if (hour > 23 || minute > 59) return undefined;
  const wall = day.getTime() + (hour * 60 + minute) * 60_000;
  const zone = preferences.timezone;
  // The zone's offset near the wall time; if the offset changes in between, the later one settles it.
  const first = wall - zoneOffsetMs(wall, zone);
  const second = wall - zoneOffsetMs(first, zone);
  if (first === second) return new Date(first).toISOString();
  // A fall-back hour maps to two instants: take the earlier one that reads the typed clock.
  const readsTyped = (instant: number) => wallClockMs(wallClockIn(new Date(instant), zone)) === wall;
  const matching = [first, second].filter(readsTyped).sort((a, b) => a - b);
  // A skipped (spring-forward) time reads on no instant: the offset before the change moves it on.
  return new Date(matching[0] ?? Math.max(first, second)).toISOString();
}
