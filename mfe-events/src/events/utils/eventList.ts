import type { CaucusEvent } from '@caucus/contract';
import { getWorkspacePreferences, workspaceFloatingDate, type WorkspacePreferences } from '@caucus/platform';
import { toCalendarItems } from './calendarItems';
import type { EventStatus } from './eventForm';

export type EventStatusFilter = 'all' | EventStatus;

export type EventListFilter = { search: string; status: EventStatusFilter };

/** The list's three parts, in the order they are shown. */
export type EventGroups = {
  /** Not over yet (including those under way), soonest first. */
  upcoming: CaucusEvent[];
  /** No start date yet ('TBD'). */
  unscheduled: CaucusEvent[];
  /** Over, the most recent first. */
  past: CaucusEvent[];
};

/** Every word of the search must appear in the name, location, description or campaign name. */
export function filterEvents(events: readonly CaucusEvent[], { search, status }: EventListFilter): CaucusEvent[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return events.filter((event) => {
    if (status !== 'all' && event.status !== status) return false;
    if (words.length === 0) return true;
    const haystack = [event.name, event.location, event.description, event.campaign?.name].filter(Boolean).join(' ').toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/**
 * Upcoming first, then the ones still to be scheduled, then the past. An event stays upcoming until it
 * ends: an all-day event through the whole of its last day in the workspace's time zone, a timed one
 * until its end time (an hour after its start when it has no end). Items are on the workspace's
 * clock (calendarItems.ts), so now is too.
 */
export function groupEventsByTime(events: readonly CaucusEvent[], now: Date, preferences: WorkspacePreferences = getWorkspacePreferences()): EventGroups {
  const { scheduled, unscheduled } = toCalendarItems([...events], preferences);
  const at = (workspaceFloatingDate(now, preferences) as Date).getTime();
  const upcoming = scheduled.filter((item) => item.end.getTime() > at);
  const past = scheduled.filter((item) => item.end.getTime() <= at).reverse();
  const byName = (a: CaucusEvent, b: CaucusEvent) => a.name.localeCompare(b.name, 'en-US');
  return {
    upcoming: upcoming.map((item) => item.event),
    unscheduled: [...unscheduled].sort(byName),
    past: past.map((item) => item.event),
  };
}
