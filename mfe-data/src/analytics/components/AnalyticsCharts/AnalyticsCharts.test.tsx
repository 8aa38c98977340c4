import { donorSlices, everyMonth, EVERY_LABEL, shortLabel } from './AnalyticsCharts';

describe('the donors donut', () => {
  test('a 100% ring is one slice: no empty sector to draw a gap', () => {
    expect(donorSlices({ new: 12, returning: 0 }).map((slice) => [slice.name, slice.value])).toEqual([['New donors', 12]]);
    expect(donorSlices({ new: 0, returning: 7 }).map((slice) => slice.name)).toEqual(['Returning donors']);
    expect(donorSlices({ new: 3, returning: 4 })).toHaveLength(2);
    expect(donorSlices({ new: 0, returning: 0 })).toEqual([]);
  });

  test('each kind of donor keeps its colour whichever slices are drawn', () => {
    const both = donorSlices({ new: 1, returning: 1 });
    expect(donorSlices({ new: 0, returning: 1 })[0].fill).toBe(both[1].fill);
  });
});

describe('axis labels', () => {
  test('no category label is skipped; long ones are shortened, not dropped', () => {
    // recharts' interval 0 draws every tick (its default, preserveEnd, skips crowded ones).
    expect(EVERY_LABEL).toBe(0);
    expect(shortLabel('Spring Drive')).toBe('Spring Drive');
    expect(shortLabel('Riverside Renewal Membership Drive 2026')).toBe('Riverside Renew…');
    expect(shortLabel('Riverside Renewal Membership Drive 2026').length).toBe(16);
  });
});

describe('raised by month', () => {
  test('a month without gifts is on the axis at $0, across a new year too', () => {
    const months = everyMonth([
      { month: '2025-11', raised: 10, gifts: 1 },
      { month: '2026-02', raised: 5, gifts: 2 },
    ]);
    expect(months).toEqual([
      { month: '2025-11', raised: 10, gifts: 1 },
      { month: '2025-12', raised: 0, gifts: 0 },
      { month: '2026-01', raised: 0, gifts: 0 },
      { month: '2026-02', raised: 5, gifts: 2 },
    ]);
    expect(everyMonth([])).toEqual([]);
  });
});
