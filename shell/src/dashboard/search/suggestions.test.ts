/** @jest-environment-options {"timezone": "Asia/Tokyo"} */
// Search results print an event's start as the list, the detail and the calendar do: on the
// workspace's clock and in its date format, whatever zone the browser (here Tokyo) is in.
import type { GlobalSearchResponse } from '@caucus/contract';
import { DEFAULT_WORKSPACE_PREFERENCES, setWorkspacePreferences } from '@caucus/platform';
import { toSuggestionGroups } from './suggestions';

const result = (events: GlobalSearchResponse['events']): GlobalSearchResponse =>
  ({ contacts: [], campaigns: [], events, lists: [] }) as unknown as GlobalSearchResponse;

const detailOf = (events: GlobalSearchResponse['events']) =>
  toSuggestionGroups(result(events))
    .find((group) => group.kind === 'events')
    ?.items[0].detail.replace(/\s/g, ' ');

afterEach(() => setWorkspacePreferences(DEFAULT_WORKSPACE_PREFERENCES));

// 6:30 PM in New York on November 18, 2026.
const dinner = { id: 'e-1', name: 'Harvest Dinner', startDate: '2026-11-18T23:30:00.000Z', allDay: false, location: 'Union Hall' };

test.each([
  ['America/New_York', 'MM/DD/YYYY', 'Nov 18, 2026, 6:30 PM · Union Hall'],
  ['America/Los_Angeles', 'MM/DD/YYYY', 'Nov 18, 2026, 3:30 PM · Union Hall'],
  ['Pacific/Honolulu', 'DD/MM/YYYY', '18 Nov 2026, 1:30 PM · Union Hall'],
] as const)('in %s (%s) an event reads on the workspace clock', (timezone, dateFormat, expected) => {
  setWorkspacePreferences({ timezone, dateFormat });
  expect(detailOf([dinner] as GlobalSearchResponse['events'])).toBe(expected);
});

test('an all-day event is its own day; an unscheduled one is TBD', () => {
  setWorkspacePreferences({ timezone: 'Pacific/Honolulu', dateFormat: 'YYYY-MM-DD' });
  expect(detailOf([{ ...dinner, startDate: '2026-11-30', allDay: true, location: null }] as GlobalSearchResponse['events'])).toBe('2026-11-30');
  expect(detailOf([{ ...dinner, startDate: null, location: null }] as GlobalSearchResponse['events'])).toBe('TBD');
});

test("the contacts end with how many match when more than shown: exact, or 'More than 1,000 contacts'", () => {
  const jane = { id: 'ct-1', name: 'Jane Rivera', email: null, organization: null };
  const contactsOf = (contactsTotal: number, moreContactsThanTotal: boolean) =>
    toSuggestionGroups(
      { contacts: [jane], contactsTotal, moreContactsThanTotal, campaigns: [], events: [], lists: [] },
      DEFAULT_WORKSPACE_PREFERENCES,
      'jane r',
    )[0].items;
  expect(contactsOf(1, false).map((item) => item.label)).toEqual(['Jane Rivera']);
  expect(contactsOf(240, false).at(-1)).toEqual({ id: 'all-contacts', label: '240 contacts', detail: 'See all', href: '/dashboard/contacts?search=jane%20r' });
  expect(contactsOf(1000, true).at(-1)).toMatchObject({ label: 'More than 1,000 contacts', href: '/dashboard/contacts?search=jane%20r' });
});
