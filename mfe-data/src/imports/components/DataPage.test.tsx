import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Section } from '../../Section';
import { mockApi, pending, renderAt, testSession } from '@caucus/platform/testing';
import { setSession } from '@caucus/platform';
import { ROLE_PERMISSIONS, type Role } from '@caucus/contract';
import { DATA_SUBTITLE } from './DataPage';

const failed = {
  id: 'imp-1',
  fileName: 'donors-march.csv',
  importType: 'donations',
  status: 'failed',
  campaignId: 'c1',
  campaignName: 'Spring Drive',
  recordsTotal: 130,
  recordsImported: 120,
  recordsSkipped: 4,
  contactsCreated: 0,
  contactsUpdated: 0,
  progress: 95,
  receiving: false,
  errors: ['Row 3: Invalid email format', 'Row 9: Invalid amount format', 'Row 12: Row appears to be empty', 'Row 20: x'],
  errorCount: 4,
  createdAt: '2026-03-02T15:00:00.000Z',
  completedAt: null,
  undoneAt: null,
  createdBy: { firstName: 'Dana', lastName: 'Demo' },
};
const done = { ...failed, id: 'imp-2', fileName: 'contacts.xlsx', importType: 'contacts', status: 'completed', recordsSkipped: 0, errors: [], errorCount: 0 };

const page = (imports: unknown[]) => ({ body: { data: { imports, total: imports.length, page: 1, limit: 10, totalPages: 1 } } });

/** The history lives in its own tab; the wizard opens first. */
async function openHistory() {
  await userEvent.click(screen.getByRole('tab', { name: 'Import History' }));
}

function renderData() {
  return renderAt('/dashboard/data', '/dashboard/data/*', <Section />);
}

describe('data section', () => {
  test('shows the title, the four tabs and the import history', async () => {
    const fetchMock = mockApi((url) => (url.pathname === '/api/data-import/history' ? page([failed, done]) : { body: { data: { campaigns: [] } } }));
    renderData();
    expect(screen.getByRole('tab', { name: 'Data Import' })).toHaveAttribute('aria-selected', 'true');
    await openHistory();

    expect(screen.getByRole('heading', { level: 1, name: 'Data' })).toBeInTheDocument();
    expect(screen.getByText(DATA_SUBTITLE)).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Data Import', 'Import History', 'Analytics', 'Reports', 'Compliance']);

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

    const historyCall = fetchMock.mock.calls.find((call) => String(call[0]).includes('/data-import/history'));
    const url = new URL(String(historyCall?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/data-import/history');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', limit: '10' });
  });

  test('a staff member sees no Analytics, Reports or Compliance (money-only tabs)', async () => {
    mockApi((url) => (url.pathname === '/api/data-import/history' ? page([failed]) : { body: { data: { campaigns: [] } } }));
    renderData();
    act(() => setSession({ ...testSession, role: 'staff', permissions: [...ROLE_PERMISSIONS.staff] }, { remember: false }));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Data Import', 'Import History']);
  });

  test('a read-only member reads the history but cannot import, retry or undo', async () => {
    mockApi((url) => (url.pathname === '/api/data-import/history' ? page([failed]) : { body: { data: { campaigns: [] } } }));
    renderData();
    const role: Role = 'read_only';
    act(() => setSession({ ...testSession, role, permissions: [...ROLE_PERMISSIONS[role]] }, { remember: false }));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Import History', 'Analytics', 'Reports', 'Compliance']);
    const card = await screen.findByRole('article', { name: 'donors-march.csv' });
    expect(within(card).getByRole('link', { name: 'Download report' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Undo/ })).not.toBeInTheDocument();
  });

  test('shows a skeleton while loading', async () => {
    mockApi(() => pending());
    renderData();
    await openHistory();
    expect(screen.getByLabelText('Loading import history')).toHaveAttribute('aria-busy', 'true');
  });

  test("shows 'Failed to load import history' with the API message and a Retry button", async () => {
    let calls = 0;
    mockApi((url) => {
      if (!url.pathname.includes('history')) return { body: { data: { campaigns: [] } } };
      calls += 1;
      return calls === 1 ? { status: 500, body: { message: 'Import log unavailable' } } : page([done]);
    });
    renderData();
    await openHistory();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load import history');
    expect(alert).toHaveTextContent('Import log unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'contacts.xlsx' })).toBeInTheDocument();
  });

  test('shows the empty state when nothing was imported', async () => {
    mockApi((url) => (url.pathname.includes('history') ? page([]) : { body: { data: { campaigns: [] } } }));
    renderData();
    await openHistory();
    expect(await screen.findByText('No imports yet')).toBeInTheDocument();
  });

  test('the other tabs show the analytics and the four report cards', async () => {
    mockApi((url) => {
      if (url.pathname.includes('history')) return page([]);
      if (url.pathname === '/api/analytics/summary') return { status: 500, body: { message: 'Analytics are down' } };
      return { body: { data: { campaigns: [] } } };
    });
    renderData();
    await userEvent.click(screen.getByRole('tab', { name: 'Analytics' }));
    expect(await screen.findByText('Failed to load analytics')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Reports' }));
    // The tab's panel loads on demand (ADR 0008).
    for (const title of ['Donation Report', 'Contact Report', 'Campaign Performance', 'Financial Summary']) {
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('tab', { name: 'Data Import' }));
    expect(await screen.findByRole('heading', { name: 'Select Campaign' })).toBeInTheDocument();
  });
});
