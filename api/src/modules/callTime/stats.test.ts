import { MAX_SERIES_WEEKS, MIN_MEASURED_HOURS, fulfilmentSeries, statsOf, weekOf, type StatsCall } from './stats';
import { endOfTodayIn, todayIn } from '../../lib/calendarDays';

const call = (outcome: StatsCall['outcome'], minute: number, extra: Partial<StatsCall> = {}): StatsCall => ({
  outcome,
  amount: null,
  at: Date.UTC(2026, 10, 24, 18, minute),
  day: '2026-11-24',
  pledgeId: null,
  pledgeAmount: null,
  amountFulfilled: null,
  ...extra,
});

describe('call stats', () => {
  it('counts contacts, money pledged and fulfilled, and calls per hour over the span of the calls', () => {
    const stats = statsOf([
      call('no_answer', 0),
      call('pledged', 10, { amount: 500, pledgeAmount: 500, amountFulfilled: 200.1 }),
      call('gave_now', 20, { amount: 100.1 }),
      call('declined', 30),
      call('wrong_number', 60),
    ]);
    expect(stats).toMatchObject({
      calls: 5,
      reached: 3,
      contactRate: 0.6,
      callsPerHour: 5,
      pledgeCount: 1,
      pledgedAmount: 500,
      fulfilledAmount: 200.1,
      fulfilmentRate: 0.4,
      giftCount: 1,
      giftAmount: 100.1,
      firstCallAt: '2026-11-24T18:00:00.000Z',
      lastCallAt: '2026-11-24T19:00:00.000Z',
    });
  });

  it('measures a burst of calls over at least a quarter hour, and has no rates before the first call', () => {
    expect(statsOf([call('no_answer', 0), call('no_answer', 1)]).callsPerHour).toBe(2 / MIN_MEASURED_HOURS);
    expect(statsOf([])).toMatchObject({ calls: 0, contactRate: null, callsPerHour: null, fulfilmentRate: null, overTime: [] });
  });
});

describe('fulfilment over time', () => {
  const pledge = (id: string, day: string, amount: number): StatsCall => call('pledged', 0, { day, pledgeId: id, pledgeAmount: amount, amountFulfilled: 0 });

  it('starts weeks on Monday', () => {
    expect(weekOf('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(weekOf('2026-11-29')).toBe('2026-11-23'); // the Sunday after
    expect(weekOf('2026-11-30')).toBe('2026-11-30');
    expect(weekOf('2027-01-01')).toBe('2026-12-28'); // across the new year
  });

  it('runs week by week from the first pledge to the last gift, with the rate to date', () => {
    const calls = [
      call('no_answer', 0, { day: '2026-11-02' }),
      pledge('p1', '2026-11-03', 1000), // week of Nov 2
      pledge('p2', '2026-11-05', 500.5),
      pledge('p3', '2026-11-17', 500), // week of Nov 16
    ];
    const gifts = [
      { pledgeId: 'p1', date: '2026-11-10', amount: 400 }, // week of Nov 9
      { pledgeId: 'p2', date: '2026-10-30', amount: 500.5 }, // dated before its pledge: counts in the pledge's week
      { pledgeId: 'p1', date: '2026-11-30', amount: 600 }, // week of Nov 30
      { pledgeId: 'other', date: '2026-11-10', amount: 99 }, // a pledge of other calls: not counted
    ];
    expect(fulfilmentSeries(calls, gifts)).toEqual([
      { weekStart: '2026-11-02', pledgedAmount: 1500.5, fulfilledAmount: 500.5, pledgedToDate: 1500.5, fulfilledToDate: 500.5, fulfilmentRate: 0.334 },
      { weekStart: '2026-11-09', pledgedAmount: 0, fulfilledAmount: 400, pledgedToDate: 1500.5, fulfilledToDate: 900.5, fulfilmentRate: 0.6 },
      { weekStart: '2026-11-16', pledgedAmount: 500, fulfilledAmount: 0, pledgedToDate: 2000.5, fulfilledToDate: 900.5, fulfilmentRate: 0.45 },
      { weekStart: '2026-11-23', pledgedAmount: 0, fulfilledAmount: 0, pledgedToDate: 2000.5, fulfilledToDate: 900.5, fulfilmentRate: 0.45 },
      { weekStart: '2026-11-30', pledgedAmount: 0, fulfilledAmount: 600, pledgedToDate: 2000.5, fulfilledToDate: 1500.5, fulfilmentRate: 0.75 },
    ]);
    // The last week's rate to date is the stats' fulfilment rate when the pledges' figures agree.
    expect(statsOf(calls, gifts).overTime).toHaveLength(5);
  });

  it('is empty without pledges, and keeps the latest weeks of a long series', () => {
    expect(fulfilmentSeries([call('declined', 0)], [{ pledgeId: 'x', date: '2026-11-24', amount: 5 }])).toEqual([]);
    const series = fulfilmentSeries([pledge('old', '2024-01-02', 100)], [{ pledgeId: 'old', date: '2026-11-24', amount: 100 }]);
    expect(series).toHaveLength(MAX_SERIES_WEEKS);
    expect(series[series.length - 1]).toMatchObject({ weekStart: '2026-11-23', fulfilledAmount: 100, pledgedToDate: 100, fulfilmentRate: 1 });
  });
});

describe('the workspace day', () => {
  it('turns at local midnight, not at UTC midnight', () => {
    const lateEvening = new Date('2026-11-25T03:30:00.000Z'); // 22:30 on Nov 24 in New York
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-11-24');
    expect(endOfTodayIn('America/New_York', lateEvening).toISOString()).toBe('2026-11-25T05:00:00.000Z');
    expect(endOfTodayIn('Asia/Tokyo', lateEvening).toISOString()).toBe('2026-11-25T15:00:00.000Z');
    expect(endOfTodayIn(null, lateEvening).toISOString()).toBe('2026-11-26T00:00:00.000Z');
  });

  it('handles the day the clocks change', () => {
    // 2026-03-08: New York springs forward; the next midnight is at UTC-4.
    expect(endOfTodayIn('America/New_York', new Date('2026-03-08T12:00:00.000Z')).toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });
});
