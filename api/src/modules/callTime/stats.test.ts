import { MIN_MEASURED_HOURS, statsOf, type StatsCall } from './stats';
import { endOfTodayIn, todayIn } from './workspaceDay';

const call = (outcome: StatsCall['outcome'], minute: number, extra: Partial<StatsCall> = {}): StatsCall => ({
  outcome,
  amount: null,
  at: Date.UTC(2026, 10, 24, 18, minute),
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
    expect(statsOf([])).toMatchObject({ calls: 0, contactRate: null, callsPerHour: null, fulfilmentRate: null });
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
