import { designationPreview, electionLabel, overLimitWarning, previewLimit } from './electionLimits';

const primary = { electionCode: 'P2026', electionDate: '2026-06-09', aggregate: 3000, limit: 3500, remaining: 500 };

describe('electionLabel', () => {
  it('names the code, the kind of election and its day', () => {
    expect(electionLabel(primary)).toBe('P2026 · Primary · Jun 9, 2026');
    expect(electionLabel({ electionCode: 'G2026', electionDate: '2026-11-03' })).toBe('G2026 · General · Nov 3, 2026');
  });
});

describe('previewLimit', () => {
  const gift = (amount: string, extra: Partial<Parameters<typeof previewLimit>[1]> = {}) =>
    previewLimit(primary, { amount, status: 'completed', alreadyCounted: 0, ...extra });

  it('is not over the limit at exactly the limit, and one cent past it is', () => {
    expect(gift('500')).toEqual({ aggregateBefore: 3000, aggregateAfter: 3500, limit: 3500, excess: 0 });
    expect(gift('500.01')).toEqual({ aggregateBefore: 3000, aggregateAfter: 3500.01, limit: 3500, excess: 0.01 });
  });

  it('adds in cents, so decimal amounts do not drift', () => {
    expect(previewLimit({ ...primary, aggregate: 0.1 }, { amount: '0.2', status: 'completed', alreadyCounted: 0 }).aggregateAfter).toBe(0.3);
  });

  it('counts the whole gift as excess when the contributor was already past the limit', () => {
    expect(previewLimit({ ...primary, aggregate: 3600 }, { amount: '50', status: 'completed', alreadyCounted: 0 }).excess).toBe(50);
  });

  it('leaves out the edited gift itself from what was there before', () => {
    expect(gift('3600', { alreadyCounted: 3000 })).toEqual({ aggregateBefore: 0, aggregateAfter: 3600, limit: 3500, excess: 100 });
  });

  it('counts only completed gifts and amounts that read as money', () => {
    expect(gift('1000', { status: 'pending' })).toMatchObject({ aggregateAfter: 3000, excess: 0 });
    expect(gift('')).toMatchObject({ aggregateAfter: 3000, excess: 0 });
    expect(gift('-5')).toMatchObject({ aggregateAfter: 3000, excess: 0 });
    expect(gift('abc')).toMatchObject({ aggregateAfter: 3000, excess: 0 });
  });
});

describe('overLimitWarning', () => {
  const gift = { electionCode: 'P2026', status: 'completed', committeeId: 'com-1', donation: null, originalCommitteeId: null };

  it('asks about a gift past the limit only', () => {
    const over = designationPreview([primary], { ...gift, amount: '600' });
    expect(over && overLimitWarning(over.election, over.preview)).toBe(
      "Donation amount takes the contributor's aggregate for P2026 to $3,600.00, past the $3,500.00 limit by $100.00",
    );
    const at = designationPreview([primary], { ...gift, amount: '500' });
    expect(at && overLimitWarning(at.election, at.preview)).toBeNull();
    expect(designationPreview([primary], { ...gift, electionCode: 'G2026', amount: '600' })).toBeNull();
  });

  it('counts an edited gift once, only in the election and committee it was in', () => {
    const donation = { status: 'completed', electionCode: 'P2026', donationAmount: 3000 };
    expect(designationPreview([primary], { ...gift, amount: '3000', donation, originalCommitteeId: 'com-1' })?.preview.excess).toBe(0);
    expect(designationPreview([primary], { ...gift, amount: '3000', donation, originalCommitteeId: 'com-2' })?.preview.excess).toBe(2500);
  });
});
