import { validateImportRow } from './dataImport';
import { futureDateWarning, largeAmountWarning, LARGEST_FEC_LIMIT, youngBirthDateWarning } from './plausibility';

describe('plausibility warnings', () => {
  it('the largest FEC limit comes from the compliance limit table', () => {
    expect(LARGEST_FEC_LIMIT).toBe(5000);
    expect(largeAmountWarning(5000)).toBeNull();
    expect(largeAmountWarning(5000.01)).toBe('Amount is over $5,000, the largest FEC contribution limit');
  });

  it('future dates and birth dates under 16 years ago', () => {
    expect(futureDateWarning('2026-11-27', '2026-11-26', 'Donation date')).toBe('Donation date is in the future (2026-11-27)');
    expect(futureDateWarning('2026-11-26', '2026-11-26', 'Donation date')).toBeNull();
    expect(youngBirthDateWarning('2030-01-01', '2026-11-26')).toBe('Birth date is in the future (2030-01-01)');
    expect(youngBirthDateWarning('2010-11-27', '2026-11-26')).toBe('Birth date makes this person younger than 16');
    expect(youngBirthDateWarning('2010-11-26', '2026-11-26')).toBeNull();
    expect(youngBirthDateWarning(null, '2026-11-26')).toBeNull();
  });

  it('an import row warns (the row is still valid) on a future gift or a huge amount', () => {
    const row = validateImportRow({ email: 'ada@example.org', amount: '99999999999', donationDate: '2030-01-01', pledgedAmount: '6000' }, '2026-11-26');
    expect(row.errors).toEqual([]);
    expect(row.warnings).toEqual([
      { field: 'donationDate', message: 'Donation date is in the future (2030-01-01)' },
      { field: 'amount', message: 'Amount is over $5,000, the largest FEC contribution limit' },
      { field: 'pledgedAmount', message: 'Pledged amount is over $5,000, the largest FEC contribution limit' },
    ]);
    // A field in error has no warning as well.
    expect(validateImportRow({ email: 'ada@example.org', amount: '99999999999999', donationDate: '2030-01-01' }, '2026-11-26').warnings).toEqual([
      { field: 'donationDate', message: 'Donation date is in the future (2030-01-01)' },
    ]);
  });
});
