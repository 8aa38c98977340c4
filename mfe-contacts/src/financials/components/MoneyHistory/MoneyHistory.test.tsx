import { render, screen, within } from '@testing-library/react';
import type { MoneyHistoryEntry } from '../../api/financialsApi';
import { MoneyHistory } from './MoneyHistory';

const entry = (overrides: Partial<MoneyHistoryEntry>): MoneyHistoryEntry => ({
  id: 'e1',
  entityType: 'donation',
  entityId: 'd1',
  action: 'create',
  userId: 'u1',
  userName: 'Pat Treasurer',
  sessionId: 's1',
  before: null,
  after: null,
  createdAt: '2026-03-14T15:30:00.000Z',
  ...overrides,
});

const names = new Map([
  ['cmp-1', 'Spring Drive'],
  ['cmp-2', 'Gala'],
]);

describe('MoneyHistory', () => {
  test('lists each change with who made it, when, and each field before and after', () => {
    const entries = [
      entry({
        id: 'e3',
        action: 'refund',
        userId: null,
        userName: null,
        before: { donationAmount: 3600, contactId: 'c1' },
        after: { donationAmount: 3500, contactId: 'c1' },
      }),
      entry({
        id: 'e2',
        action: 'update',
        before: { donationAmount: 3000, campaignId: 'cmp-1', contactId: 'c1' },
        after: { donationAmount: 3600, campaignId: 'cmp-2', contactId: 'c1' },
      }),
      entry({ id: 'e1', action: 'create', after: { donationAmount: 3000, donationDate: '2026-03-14', campaignId: 'cmp-1', contactId: 'c1' } }),
    ];
    render(<MoneyHistory contactId="c1" campaignNames={names} query={{ isPending: false, isError: false, data: entries }} />);
    const items = within(screen.getByRole('region', { name: 'History of changes' }))
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.tagName === 'OL');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Donation excess refunded');
    expect(items[0]).toHaveTextContent('The system');
    expect(items[0]).toHaveTextContent('Amount: $3,600.00 → $3,500.00');
    expect(items[1]).toHaveTextContent('Donation changed');
    expect(items[1]).toHaveTextContent('Pat Treasurer');
    expect(items[1]).toHaveTextContent('Amount: $3,000.00 → $3,600.00');
    expect(items[1]).toHaveTextContent('Campaign: Spring Drive → Gala');
    expect(items[2]).toHaveTextContent('Donation recorded');
    expect(items[2]).toHaveTextContent('$3,000.00 on');
    expect(items[2]).toHaveTextContent('to Spring Drive');
    expect(within(items[1]).getByText((_, el) => el?.tagName === 'TIME')).toHaveAttribute('dateTime', '2026-03-14T15:30:00.000Z');
  });

  test('says a gift moved to another contributor, and that there is nothing yet', () => {
    const moved = entry({ action: 'move', before: { contactId: 'c1' }, after: { contactId: 'c2' } });
    const { rerender } = render(<MoneyHistory contactId="c1" campaignNames={names} query={{ isPending: false, isError: false, data: [moved] }} />);
    expect(screen.getByText('Contributor: this contact → another contact')).toBeInTheDocument();
    rerender(<MoneyHistory contactId="c1" campaignNames={names} query={{ isPending: false, isError: false, data: [] }} />);
    expect(screen.getByText("No changes to this contact's gifts yet.")).toBeInTheDocument();
    rerender(<MoneyHistory contactId="c1" campaignNames={names} query={{ isPending: false, isError: true }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The history could not be loaded.');
  });
});
