import { formatAmount, formatCount, formatDay, formatMonth, formatPercent, formatUsd, formatWholeUsd, progressPercent, toAmount } from './format';
import { DEFAULT_WORKSPACE_PREFERENCES, setWorkspacePreferences } from './workspaceDates';

describe('money', () => {
  test('dollars and cents', () => {
    expect(formatUsd(1234568.19)).toBe('$1,234,568.19');
    expect(formatUsd(0.3)).toBe('$0.30');
    expect(formatUsd(12)).toBe('$12.00');
    expect(formatUsd(-45.5)).toBe('-$45.50');
  });

  test('amounts sent as text count; a missing one is $0 unless the caller names its own text', () => {
    expect(formatUsd('250.10')).toBe('$250.10');
    expect(formatUsd(null)).toBe('$0.00');
    expect(formatUsd(undefined, { missing: '' })).toBe('');
    expect(formatUsd(Number.NaN, { missing: '—' })).toBe('—');
    expect(formatUsd(0, { missing: '—' })).toBe('$0.00');
    expect(toAmount('abc')).toBe(0);
    expect(toAmount(Number.POSITIVE_INFINITY)).toBe(0);
  });

  test('whole dollars round to the nearest dollar', () => {
    expect(formatWholeUsd(12345.67)).toBe('$12,346');
    expect(formatWholeUsd(0.5)).toBe('$1');
    expect(formatWholeUsd('1000')).toBe('$1,000');
    expect(formatWholeUsd(Number.NaN)).toBe('$0');
  });

  test('an amount keeps its cents only when it has some', () => {
    expect(formatAmount(1000)).toBe('$1,000');
    expect(formatAmount(12.5)).toBe('$12.50');
    expect(formatAmount(null, { missing: '—' })).toBe('—');
    expect(formatAmount(200, { currency: 'usd' })).toBe('$200');
    expect(formatAmount(19.9, { currency: 'eur' })).toBe('€19.90');
  });

  test('counts are grouped whole numbers', () => {
    expect(formatCount(100000)).toBe('100,000');
    expect(formatCount(null)).toBe('0');
  });
});

describe('progress toward a goal', () => {
  test('percent of goal', () => {
    expect(progressPercent(12345.67, 50000)).toBeCloseTo(24.69, 2);
    expect(progressPercent('250', '1000')).toBe(25);
  });

  test('no goal (0, negative, missing) is no progress', () => {
    expect(progressPercent(500, 0)).toBe(0);
    expect(progressPercent(500, -10)).toBe(0);
    expect(progressPercent(500, null)).toBe(0);
    expect(progressPercent(0, 0)).toBe(0);
  });

  test('past the goal reads 100%, and refunds beyond the gifts 0%', () => {
    expect(progressPercent(2500, 1000)).toBe(100);
    expect(formatPercent(progressPercent(2500, 1000))).toBe('100.0%');
    expect(progressPercent(-50, 1000)).toBe(0);
  });

  test('one decimal, rounded', () => {
    expect(formatPercent(progressPercent(1, 3))).toBe('33.3%');
    expect(formatPercent(progressPercent(2, 3))).toBe('66.7%');
    expect(formatPercent(progressPercent(1234, 5000))).toBe('24.7%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(Number.NaN)).toBe('0.0%');
  });
});

describe('days and months', () => {
  afterEach(() => setWorkspacePreferences(DEFAULT_WORKSPACE_PREFERENCES));

  test('a day field is its own day; one stored as midnight UTC by an older version too', () => {
    setWorkspacePreferences({ timezone: 'America/Los_Angeles', dateFormat: 'MM/DD/YYYY' });
    expect(formatDay('2026-11-30')).toBe('Nov 30, 2026');
    expect(formatDay('2026-11-30T00:00:00.000Z')).toBe('Nov 30, 2026');
    expect(formatDay(null)).toBe('');
    expect(formatDay('not a date')).toBe('');
  });

  test("a day follows the workspace's date format", () => {
    setWorkspacePreferences({ timezone: 'America/New_York', dateFormat: 'DD/MM/YYYY' });
    expect(formatDay('2026-03-01')).toBe('1 Mar 2026');
  });

  test('a month reads by its name, whatever the timezone', () => {
    expect(formatMonth('2026-03')).toBe('Mar 2026');
    expect(formatMonth('2026-01-01')).toBe('Jan 2026');
    expect(formatMonth('2026-13')).toBe('2026-13');
    expect(formatMonth('unknown')).toBe('unknown');
  });
});
