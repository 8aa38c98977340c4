import { DEFAULT_WORKSPACE_PREFERENCES, setWorkspacePreferences } from '@caucus/platform';
import { formatAmount, formatDay as formatDate, formatPercent, formatUsd, formatWholeUsd, progressPercent } from '@caucus/platform';
import { formatEventWhen, formatPeriod } from './format';

describe('campaign progress', () => {
  test('percent of goal', () => {
    expect(progressPercent(12345.67, 50000)).toBeCloseTo(24.69, 2);
    expect(formatPercent(progressPercent(12345.67, 50000))).toBe('24.7%');
  });

  test('capped at 100%', () => {
    expect(progressPercent(2500, 1000)).toBe(100);
    expect(formatPercent(progressPercent(2500, 1000))).toBe('100.0%');
  });

  test('no goal, no progress; numbers that arrive as text still count', () => {
    expect(progressPercent(500, 0)).toBe(0);
    expect(progressPercent('250', '1000')).toBe(25);
    expect(progressPercent(null, null)).toBe(0);
  });

  test('one decimal', () => {
    expect(formatPercent(progressPercent(1, 3))).toBe('33.3%');
    expect(formatPercent(0)).toBe('0.0%');
  });

  test('whole US dollars', () => {
    expect(formatWholeUsd(12345.67)).toBe('$12,346');
    expect(formatWholeUsd('1000')).toBe('$1,000');
    expect(formatWholeUsd(null)).toBe('$0');
  });

  test('suggested amounts keep their cents', () => {
    expect(formatAmount(1000)).toBe('$1,000');
    expect(formatAmount(12.5)).toBe('$12.50');
  });
});

describe('the campaign page', () => {
  test('money to the cent', () => {
    expect(formatUsd(1234568.19)).toBe('$1,234,568.19');
    expect(formatUsd(0.3)).toBe('$0.30');
  });

  test('periods read by their first day, whatever the time zone', () => {
    expect(formatPeriod('2026-01-01', 'month')).toBe('Jan 2026');
    expect(formatPeriod('2026-03-02', 'week')).toBe('Week of Mar 2, 2026');
  });

  test('an all-day event shows its own day; no start is TBD', () => {
    expect(formatEventWhen('2026-11-30', true)).toBe('Nov 30, 2026');
    expect(formatEventWhen(null, false)).toBe('TBD');
    expect(formatEventWhen('2026-11-30T12:00:00.000Z', false)).toMatch(/^Nov 30, 2026, \d{1,2}:\d{2}\s[AP]M$/);
  });
});

describe("the workspace's timezone and date format (docs/product/first-run-and-settings.md)", () => {
  afterEach(() => setWorkspacePreferences(DEFAULT_WORKSPACE_PREFERENCES));

  test.each([
    ['America/New_York', 'MM/DD/YYYY', 'Nov 30, 2026', 'Nov 30, 2026, 7:00 PM'],
    ['America/Los_Angeles', 'DD/MM/YYYY', '30 Nov 2026', '30 Nov 2026, 4:00 PM'],
    ['Pacific/Honolulu', 'YYYY-MM-DD', '2026-11-30', '2026-11-30, 2:00 PM'],
  ] as const)('in %s with %s a day stays its day and an instant shows in the zone', (timezone, dateFormat, day, evening) => {
    setWorkspacePreferences({ timezone, dateFormat });
    expect(formatDate('2026-11-30')).toBe(day);
    // A start day saved by an older version as midnight UTC is still that day.
    expect(formatDate('2026-11-30T00:00:00.000Z')).toBe(day);
    expect(formatEventWhen('2026-11-30', true)).toBe(day);
    expect(formatEventWhen('2026-12-01T00:00:00.000Z', false).replace(/\s/g, ' ')).toBe(evening);
    expect(formatPeriod('2026-11-30', 'week')).toBe(`Week of ${day}`);
  });
});
