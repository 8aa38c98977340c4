import { formatAmount, formatPercent, formatWholeUsd, progressPercent } from './format';

describe('campaign progress (spec point 9)', () => {
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
