import type { GlobalSearchResponse } from '@caucus/contract';
import { formatCalendarDate, formatDateTime, getWorkspacePreferences, type WorkspacePreferences } from '@caucus/platform';

export type Suggestion = { id: string; label: string; detail: string; href: string };
export type SuggestionGroup = { kind: keyof GlobalSearchResponse; title: string; items: Suggestion[] };

/** An event's start as every screen prints it: a day as that day, an instant in the workspace's zone and format. */
function eventWhen(startDate: string | null, allDay: boolean, preferences: WorkspacePreferences): string {
  if (!startDate) return 'TBD';
  return (allDay ? formatCalendarDate(startDate, preferences) : formatDateTime(startDate, preferences)) || 'TBD';
}

const capitalized = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/**
 * The last contact suggestion when more contacts match than are shown: how many (the API counts up to
 * 1,000, past it 'More than 1,000 contacts'), opening the contacts list with the search.
 */
function allContacts(result: GlobalSearchResponse, term: string): Suggestion[] {
  const total = result.contactsTotal ?? 0;
  const more = result.moreContactsThanTotal ?? false;
  if (!term || (!more && total <= result.contacts.length)) return [];
  const count = total.toLocaleString('en-US');
  return [
    {
      id: 'all-contacts',
      label: more ? `More than ${count} contacts` : `${count} contacts`,
      detail: 'See all',
      href: `/dashboard/contacts?search=${encodeURIComponent(term)}`,
    },
  ];
}

/**
 * The answer of GET /api/search for `term` as the top bar shows it: one group per kind that found
 * something, the contacts ending with how many match in all when that is more than shown.
 */
export function toSuggestionGroups(result: GlobalSearchResponse, preferences: WorkspacePreferences = getWorkspacePreferences(), term = ''): SuggestionGroup[] {
  const groups: SuggestionGroup[] = [
    {
      kind: 'contacts',
      title: 'Contacts',
      items: [
        ...result.contacts.map((c) => ({
          id: c.id,
          label: c.name,
          detail: c.email ?? c.organization ?? '',
          href: `/dashboard/contacts/${c.id}`,
        })),
        ...allContacts(result, term),
      ],
    },
    {
      kind: 'campaigns',
      title: 'Campaigns',
      items: result.campaigns.map((c) => ({ id: c.id, label: c.name, detail: capitalized(c.status), href: `/dashboard/campaigns/${c.id}/edit` })),
    },
    {
      kind: 'events',
      title: 'Events',
      items: result.events.map((e) => ({
        id: e.id,
        label: e.name,
        detail: [eventWhen(e.startDate, e.allDay, preferences), e.location].filter(Boolean).join(' · '),
        href: `/dashboard/events/${e.id}`,
      })),
    },
    {
      kind: 'lists',
      title: 'Lists',
      items: result.lists.map((l) => ({
        id: l.id,
        label: l.name,
        detail: `${l.memberCount.toLocaleString('en-US')} ${l.memberCount === 1 ? 'member' : 'members'}`,
        href: `/dashboard/lists/${l.id}`,
      })),
    },
  ];
  return groups.filter((group) => group.items.length > 0);
}
