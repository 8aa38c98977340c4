import {
  DEFAULT_WORKSPACE_PREFERENCES,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatInstantDate,
  getWorkspacePreferences,
  setWorkspacePreferences,
  toWorkspacePreferences,
  workspaceCalendarDate,
  type WorkspaceDateFormat,
} from './workspaceDates';

// 7 PM on November 30 in New York; already December 1 in UTC.
const EVENING = '2026-12-01T00:00:00.000Z';
const plain = (text: string) => text.replace(/\s/g, ' ');

afterEach(() => setWorkspacePreferences(DEFAULT_WORKSPACE_PREFERENCES));

const ZONES = [
  { timezone: 'America/New_York', time: '7:00 PM' },
  { timezone: 'America/Los_Angeles', time: '4:00 PM' },
  { timezone: 'Pacific/Honolulu', time: '2:00 PM' },
];

const FORMATS: { dateFormat: WorkspaceDateFormat; nov30: string; jan1: string }[] = [
  { dateFormat: 'MM/DD/YYYY', nov30: 'Nov 30, 2026', jan1: 'Jan 1, 2027' },
  { dateFormat: 'DD/MM/YYYY', nov30: '30 Nov 2026', jan1: '1 Jan 2027' },
  { dateFormat: 'YYYY-MM-DD', nov30: '2026-11-30', jan1: '2027-01-01' },
];

describe.each(ZONES)('in $timezone', ({ timezone, time }) => {
  describe.each(FORMATS)('with $dateFormat', ({ dateFormat, nov30, jan1 }) => {
    const preferences = { timezone, dateFormat };

    test('an instant prints on its day and time in the workspace timezone', () => {
      expect(plain(formatDateTime(EVENING, preferences))).toBe(`${nov30}, ${time}`);
      expect(formatInstantDate(EVENING, preferences)).toBe(nov30);
    });

    test('a calendar date is never shifted by the timezone', () => {
      expect(formatCalendarDate('2026-11-30', preferences)).toBe(nov30);
      expect(formatCalendarDate('2027-01-01', preferences)).toBe(jan1);
      expect(formatDate('2026-11-30', preferences)).toBe(nov30);
    });

    test('the day boundary is the workspace midnight, not UTC midnight', () => {
      expect(workspaceCalendarDate(EVENING, preferences)).toBe('2026-11-30');
    });

    test('the helpers read the stored preferences when none are passed', () => {
      setWorkspacePreferences(preferences);
      expect(plain(formatDateTime(EVENING))).toBe(`${nov30}, ${time}`);
      expect(formatCalendarDate('2026-11-30')).toBe(nov30);
      expect(formatDate(EVENING)).toBe(nov30);
    });
  });
});

test('the defaults are New York and month first, until the workspace answers', () => {
  expect(getWorkspacePreferences()).toEqual({ timezone: 'America/New_York', dateFormat: 'MM/DD/YYYY' });
  expect(plain(formatDateTime(EVENING))).toBe('Nov 30, 2026, 7:00 PM');
});

test('a daylight-saving instant follows the zone rules of that day', () => {
  const july = '2026-07-04T16:00:00.000Z';
  expect(plain(formatDateTime(july, { timezone: 'America/New_York', dateFormat: 'MM/DD/YYYY' }))).toBe('Jul 4, 2026, 12:00 PM');
  expect(plain(formatDateTime(july, { timezone: 'America/Los_Angeles', dateFormat: 'MM/DD/YYYY' }))).toBe('Jul 4, 2026, 9:00 AM');
  // Hawaii keeps no daylight saving time.
  expect(plain(formatDateTime(july, { timezone: 'Pacific/Honolulu', dateFormat: 'MM/DD/YYYY' }))).toBe('Jul 4, 2026, 6:00 AM');
});

test('missing or invalid values print nothing rather than an invented date', () => {
  expect(formatDateTime(null)).toBe('');
  expect(formatDateTime('not a date')).toBe('');
  expect(formatCalendarDate('2026-02-30')).toBe('');
  expect(formatCalendarDate('2026-11-30T00:00:00Z')).toBe('');
  expect(formatDate(undefined)).toBe('');
  expect(workspaceCalendarDate('soon')).toBe('');
});

test('unknown settings from the server fall back to the defaults', () => {
  expect(toWorkspacePreferences({ timezone: 'Mars/Olympus_Mons', dateFormat: 'D.M.YY' })).toEqual(DEFAULT_WORKSPACE_PREFERENCES);
  expect(toWorkspacePreferences({ timezone: 'Pacific/Honolulu', dateFormat: 'YYYY-MM-DD' })).toEqual({
    timezone: 'Pacific/Honolulu',
    dateFormat: 'YYYY-MM-DD',
  });
});
