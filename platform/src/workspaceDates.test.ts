/** @jest-environment-options {"timezone": "Europe/London"} */
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
  workspaceFloatingDate,
  workspaceInstant,
  workspaceWallClock,
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

describe('a wall clock typed in the workspace and back (the browser zone plays no part)', () => {
  const zones = [
    { timezone: 'America/New_York', winter: '2026-11-18T23:30:00.000Z', summer: '2026-07-04T22:30:00.000Z' },
    { timezone: 'America/Los_Angeles', winter: '2026-11-19T02:30:00.000Z', summer: '2026-07-05T01:30:00.000Z' },
    { timezone: 'Pacific/Honolulu', winter: '2026-11-19T04:30:00.000Z', summer: '2026-07-05T04:30:00.000Z' },
  ];

  test.each(zones)('6:30 PM in $timezone is one UTC instant, and reads back as 6:30 PM', ({ timezone, winter, summer }) => {
    const preferences = { timezone, dateFormat: 'MM/DD/YYYY' as const };
    expect(workspaceInstant('2026-11-18', '18:30', preferences)).toBe(winter);
    expect(workspaceInstant('2026-07-04', '18:30', preferences)).toBe(summer);
    expect(workspaceWallClock(winter, preferences)).toEqual({ date: '2026-11-18', time: '18:30' });
    expect(workspaceWallClock(summer, preferences)).toEqual({ date: '2026-07-04', time: '18:30' });
    expect(workspaceFloatingDate(winter, preferences)?.toISOString()).toBe('2026-11-18T18:30:00.000Z');
  });

  test('a time a spring-forward change skips reads as the hour after; a repeated hour as its first pass', () => {
    const newYork = { timezone: 'America/New_York', dateFormat: 'MM/DD/YYYY' as const };
    // March 8, 2026: 2:00 AM EST jumps to 3:00 AM EDT.
    expect(workspaceInstant('2026-03-08', '02:30', newYork)).toBe('2026-03-08T07:30:00.000Z');
    expect(workspaceWallClock('2026-03-08T07:30:00.000Z', newYork)).toEqual({ date: '2026-03-08', time: '03:30' });
    // November 1, 2026: 1:30 AM happens twice (EDT, then EST); the first is 05:30 UTC.
    expect(workspaceInstant('2026-11-01', '01:30', newYork)).toBe('2026-11-01T05:30:00.000Z');
    expect(workspaceInstant('2026-11-01', '00:30', newYork)).toBe('2026-11-01T04:30:00.000Z');
    expect(workspaceInstant('2026-11-01', '03:00', newYork)).toBe('2026-11-01T08:00:00.000Z');
  });

  test('unreadable input is no instant', () => {
    expect(workspaceInstant('2026-02-30', '10:00')).toBeUndefined();
    expect(workspaceInstant('2026-11-18', '25:00')).toBeUndefined();
    expect(workspaceInstant('', '10:00')).toBeUndefined();
    expect(workspaceWallClock('not a date')).toBeNull();
    expect(workspaceFloatingDate(null)).toBeNull();
  });
});
