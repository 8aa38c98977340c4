import { render, screen } from '@testing-library/react';
import { NO_GIFTS_SUMMARY } from '../ContactGiving/givingFixtures';
import { GivingFigures } from './GivingFigures';

/** Label -> what its value and detail read, in the order shown. */
const figures = () => Object.fromEntries(Array.from(document.querySelectorAll('dt'), (term) => [term.textContent, term.nextElementSibling?.textContent]));

describe('GivingFigures', () => {
  it('reads each figure from the summary, with its count or date', () => {
    render(
      <GivingFigures
        donations={{
          completed: 12,
          totalAmount: 12345.67,
          averageAmount: 1028.81,
          lastDonationDate: '2026-01-01',
          lastDonationAmount: 25,
          largestDonationAmount: 5000,
          largestDonationDate: '2024-12-31',
          thisYear: { year: 2026, completed: 1, totalAmount: 25 },
        }}
      />,
    );
    expect(figures()).toEqual({
      Lifetime: '$12,345.6712 gifts',
      'This year (2026)': '$25.001 gift',
      // Calendar dates print as the day they are, whatever the viewer's time zone.
      'Last gift': '$25.00Jan 1, 2026',
      'Largest gift': '$5,000.00Dec 31, 2024',
    });
    expect(screen.queryByText('No gifts yet')).not.toBeInTheDocument();
  });

  it('shows $0.00 this year when every gift came in an earlier year', () => {
    render(
      <GivingFigures
        donations={{
          ...NO_GIFTS_SUMMARY.donations,
          completed: 1,
          totalAmount: 80,
          averageAmount: 80,
          lastDonationDate: '2025-05-05',
          lastDonationAmount: 80,
          largestDonationAmount: 80,
          largestDonationDate: '2025-05-05',
        }}
      />,
    );
    expect(figures()['This year (2026)']).toBe('$0.000 gifts');
    expect(figures().Lifetime).toBe('$80.001 gift');
  });

  it('without a completed gift says so and shows no figure at all', () => {
    render(<GivingFigures donations={NO_GIFTS_SUMMARY.donations} />);
    expect(screen.getByText('No gifts yet')).toBeInTheDocument();
    expect(figures()).toEqual({ Lifetime: '—', 'This year (2026)': '—', 'Last gift': '—', 'Largest gift': '—' });
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
  });

  it('from an API older than these figures shows the ones it has and no invented others', () => {
    const older = { completed: 2, totalAmount: 150, averageAmount: 75, lastDonationDate: '2026-04-01' } as unknown as Parameters<
      typeof GivingFigures
    >[0]['donations'];
    render(<GivingFigures donations={older} />);
    expect(figures()).toEqual({ Lifetime: '$150.002 gifts', 'This year': '—', 'Last gift': '—Apr 1, 2026', 'Largest gift': '—' });
  });
});
