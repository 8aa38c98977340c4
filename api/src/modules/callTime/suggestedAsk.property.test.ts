import fc from 'fast-check';
import { FIRST_ASK_CENTS, roundAsk, suggestAsk } from './suggestedAsk';

const cents = fc.integer({ min: 1, max: 50_000_000 });

describe('suggested ask', () => {
  it('never asks for more than the donor may still give, and never for nothing', () => {
    fc.assert(
      fc.property(fc.option(cents), fc.option(cents), fc.option(fc.integer({ min: -1000, max: 1_000_000 })), (largest, last, remaining) => {
        const ask = suggestAsk({ largestCents: largest, lastCents: last, remainingCents: remaining });
        if (remaining !== null && remaining <= 0) return ask.cents === null;
        if (ask.cents === null || ask.cents <= 0) return false;
        return remaining === null || ask.cents <= remaining;
      }),
    );
  });

  it('asks above the best gift when the limit leaves room (an upgrade), in a round figure', () => {
    fc.assert(
      fc.property(cents, cents, (largest, last) => {
        const ask = suggestAsk({ largestCents: largest, lastCents: last, remainingCents: null });
        const best = Math.max(largest, last);
        return ask.cents !== null && ask.cents >= best * 1.5 && ask.cents === roundAsk(ask.cents);
      }),
    );
  });

  it('rounds up to a figure a caller can say', () => {
    expect(roundAsk(90_000)).toBe(90_000);
    expect(roundAsk(90_001)).toBe(95_000);
    expect(roundAsk(1_234)).toBe(2_500);
    expect(roundAsk(450_000)).toBe(450_000);
    expect(roundAsk(612_300)).toBe(650_000);
  });

  it('asks someone who never gave for the first-ask amount, within the limit', () => {
    expect(suggestAsk({ largestCents: null, lastCents: null, remainingCents: null }).cents).toBe(FIRST_ASK_CENTS);
    expect(suggestAsk({ largestCents: null, lastCents: null, remainingCents: 10_000 }).cents).toBe(10_000);
    expect(suggestAsk({ largestCents: 350_000, lastCents: null, remainingCents: 0 })).toEqual({
      cents: null,
      reason: 'At the limit for this election: no ask',
    });
  });
});
