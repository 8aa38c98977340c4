import { formatCount, formatWholeUsd } from '@caucus/platform';

test('dashboard money is whole US dollars', () => {
  expect(formatWholeUsd(0)).toBe('$0');
  expect(formatWholeUsd(1234.56)).toBe('$1,235');
  expect(formatWholeUsd(1_000_000)).toBe('$1,000,000');
  expect(formatWholeUsd(Number.NaN)).toBe('$0');
});

test('counts are grouped in US English', () => {
  expect(formatCount(100000)).toBe('100,000');
  expect(formatCount(7)).toBe('7');
});
