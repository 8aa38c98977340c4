import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Section } from '../../Section';
import { mockApi, pending, renderAt } from '@caucus/design-system/testing';
import { DATA_SUBTITLE } from './DataPage';

const failed = {
  id: 'imp-1',
  fileName: 'donors-march.csv',
  importType: 'donations',
  status: 'failed',
  campaignName: 'Spring Drive',
  recordsImported: 120,
  recordsSkipped: 4,
  errors: ['Row 3: Invalid email format', 'Row 9: Invalid amount format', 'Row 12: Row appears to be empty', 'Row 20: x'],
  createdAt: '2026-03-02T15:00:00.000Z',
  createdBy: 'Dana Demo',
};
const done = { ...failed, id: 'imp-2', fileName: 'contacts.xlsx', importType: 'contacts', status: 'completed', recordsSkipped: 0, errors: [] };

function renderData() {
  return renderAt('/dashboard/data', '/dashboard/data/*', <Section />);
}

describe('data section', () => {
  test('shows the title, the four tabs and the import history', async () => {
    const fetchMock = mockApi(() => ({ body: { data: { imports: [failed, done], total: 2 } } }));
    renderData();

    expect(screen.getByRole('heading', { level: 1, name: 'Data' })).toBeInTheDocument();
    expect(screen.getByText(DATA_SUBTITLE)).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Data Import', 'Import History', 'Analytics', 'Reports']);
    expect(screen.getByRole('tab', { name: 'Import History' })).toHaveAttribute('aria-selected', 'true');

    const card = await screen.findByRole('article', { name: 'donors-march.csv' });
    expect(within(card).getByText('Failed')).toBeInTheDocument();
    expect(within(card).getByText('Donations · Spring Drive')).toBeInTheDocument();
    expect(within(card).getByText('120 imported')).toBeInTheDocument();
    expect(within(card).getByText('4 skipped')).toBeInTheDocument();
    expect(within(card).getByText('Row 3: Invalid email format')).toBeInTheDocument();
    expect(within(card).getByText('Row 9: Invalid amount format')).toBeInTheDocument();
    expect(within(card).queryByText('Row 12: Row appears to be empty')).not.toBeInTheDocument();
    expect(within(card).getByText('+2 more errors')).toBeInTheDocument();
    expect(within(card).getByText(/by Dana Demo$/)).toBeInTheDocument();

    const completed = screen.getByRole('article', { name: 'contacts.xlsx' });
    expect(within(completed).getByText('Completed')).toBeInTheDocument();
    expect(within(completed).queryByText(/skipped/)).not.toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();

    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost');
    expect(url.pathname).toBe('/api/data-import/history');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', limit: '10' });
  });

  test('shows a skeleton while loading', () => {
    mockApi(() => pending());
    renderData();
    expect(screen.getByLabelText('Loading import history')).toHaveAttribute('aria-busy', 'true');
  });

  test("shows 'Failed to load import history' with the API message and a Retry button", async () => {
    let calls = 0;
    mockApi(() => {
      calls += 1;
      return calls === 1 ? { status: 500, body: { message: 'Import log unavailable' } } : { body: { data: { imports: [done], total: 1 } } };
    });
    renderData();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load import history');
    expect(alert).toHaveTextContent('Import log unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'contacts.xlsx' })).toBeInTheDocument();
  });

  test('shows the empty state when nothing was imported', async () => {
    mockApi(() => ({ body: { data: { imports: [], total: 0 } } }));
    renderData();
    expect(await screen.findByText('No imports yet')).toBeInTheDocument();
  });

  test('the other tabs show the analytics note and the four report cards', async () => {
    mockApi(() => ({ body: { data: { imports: [], total: 0 } } }));
    renderData();
    await userEvent.click(screen.getByRole('tab', { name: 'Analytics' }));
    expect(screen.getByRole('note')).toHaveTextContent(/under development/);
    await userEvent.click(screen.getByRole('tab', { name: 'Reports' }));
    for (const title of ['Donation Report', 'Contact Report', 'Campaign Performance', 'Financial Summary']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('tab', { name: 'Data Import' }));
    await userEvent.click(screen.getByRole('button', { name: 'View Import History' }));
    expect(screen.getByRole('tab', { name: 'Import History' })).toHaveAttribute('aria-selected', 'true');
  });
});
