import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt } from '@caucus/platform/testing';
import { Section } from '../../Section';
import { HISTORY_REFRESH_MS } from '../api/historyApi';

const record = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  fileName: `${id}.csv`,
  importType: 'donations',
  status,
  campaignId: 'c1',
  campaignName: 'Spring Drive',
  recordsTotal: 10,
  recordsImported: 8,
  recordsSkipped: 2,
  contactsCreated: 3,
  contactsUpdated: 1,
  progress: 100,
  receiving: false,
  errors: [],
  errorCount: 0,
  createdAt: '2026-03-02T15:00:00.000Z',
  completedAt: null,
  undoneAt: null,
  undo: null,
  createdBy: { firstName: 'Dana', lastName: 'Demo' },
  ...extra,
});

function serveHistory(imports = [record('imp-1', 'failed'), record('imp-2', 'completed')], totalPages = 3) {
  return mockApi((url) => {
    if (url.pathname === '/api/data-import/history')
      return { body: { data: { imports, total: imports.length, page: Number(url.searchParams.get('page')), limit: 10, totalPages } } };
    if (url.pathname === '/api/data-import/imp-1/retry') return { body: { data: { import: record('imp-1', 'processing') } } };
    if (url.pathname === '/api/data-import/imp-2/undo') {
      return {
        status: 202,
        body: {
          data: {
            import: record('imp-2', 'completed', {
              undo: {
                status: 'running',
                done: 0,
                total: 8,
                removed: { donations: 0, pledges: 0, notes: 0, contacts: 0, associations: 0 },
                restoredContacts: 0,
              },
            }),
          },
        },
      };
    }
    if (url.pathname === '/api/data-import/imp-2/skipped' && url.searchParams.get('page')) {
      return {
        body: {
          data: {
            headers: ['Name', 'Email', 'Amount'],
            mapping: { Name: 'fullName', Email: 'email', Amount: 'amount' },
            rows: [
              {
                rowNumber: 3,
                cells: { Name: 'ORTIZ, SR., SOLOMON', Email: 'sol@example', Amount: '1028.65' },
                reason: 'Invalid email format',
                source: 'review',
              },
              {
                rowNumber: 7,
                cells: { Name: 'Ada Lovelace', Email: 'ada@example.org', Amount: '20' },
                reason: 'Transaction ID "T-1" already exists in this account',
                source: 'server',
              },
            ],
            total: 2,
            page: 1,
            limit: 25,
            totalPages: 1,
          },
        },
      };
    }
    if (url.pathname === '/api/data-import/imp-2/skipped') return { status: 202, body: { data: { import: record('imp-2', 'processing') } } };
    return { body: { data: { campaigns: [] } } };
  });
}

const historyQueries = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls
    .map((call) => new URL(String(call[0]), 'http://localhost'))
    .filter((url) => url.pathname === '/api/data-import/history')
    .map((url) => Object.fromEntries(url.searchParams));

async function openHistory() {
  renderAt('/dashboard/data', '/dashboard/data/*', <Section />);
  await userEvent.click(screen.getByRole('tab', { name: 'Import History' }));
  await screen.findByRole('article', { name: 'imp-1.csv' });
}

afterEach(() => {
  jest.useRealTimers();
  window.localStorage.clear();
});

describe('import history', () => {
  test('the status filter and the four sorts are asked of the server, from page 1', async () => {
    const fetchMock = serveHistory();
    await openHistory();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(historyQueries(fetchMock).at(-1)).toEqual({ page: '2', limit: '10' }));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'failed');
    await waitFor(() => expect(historyQueries(fetchMock).at(-1)).toEqual({ page: '1', limit: '10', status: 'failed' }));
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();

    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Date (newest first)', 'File name', 'Import type', 'Records imported (highest first)']);
    for (const value of ['fileName', 'importType', 'recordsImported']) {
      await userEvent.selectOptions(sort, value);
      await waitFor(() => expect(historyQueries(fetchMock).at(-1)).toEqual({ page: '1', limit: '10', status: 'failed', sort: value }));
    }
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'all');
    await userEvent.selectOptions(sort, 'date');
    await waitFor(() => expect(historyQueries(fetchMock).at(-1)).toEqual({ page: '1', limit: '10' }));
  });

  test('the cards are shown in the order the server sent them (no sorting of the page on screen)', async () => {
    serveHistory([record('imp-1', 'failed', { recordsImported: 1 }), record('imp-2', 'completed', { recordsImported: 99 })]);
    await openHistory();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'recordsImported');
    await waitFor(() => expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual(['import-imp-1', 'import-imp-2']));
  });

  test('refreshes every 5 seconds', async () => {
    jest.useFakeTimers();
    const fetchMock = serveHistory();
    renderAt('/dashboard/data', '/dashboard/data/*', <Section />);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(screen.getByRole('tab', { name: 'Import History' }));
    await screen.findByRole('article', { name: 'imp-1.csv' });
    const before = historyQueries(fetchMock).length;
    await act(async () => {
      jest.advanceTimersByTime(HISTORY_REFRESH_MS - 100);
    });
    expect(historyQueries(fetchMock)).toHaveLength(before);
    await act(async () => {
      jest.advanceTimersByTime(200);
    });
    expect(historyQueries(fetchMock)).toHaveLength(before + 1);
  });

  test('Retry continues a failed import', async () => {
    const fetchMock = serveHistory();
    await openHistory();
    const card = screen.getByRole('article', { name: 'imp-1.csv' });
    expect(within(screen.getByRole('article', { name: 'imp-2.csv' })).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Import resumed')).toBeInTheDocument();
    const retry = fetchMock.mock.calls.find((call) => String(call[0]).endsWith('/api/data-import/imp-1/retry'));
    expect(retry?.[1]?.method).toBe('POST');
  });

  test('Undo asks first, then starts the undo job: the card shows its progress and what it removed once done', async () => {
    const fetchMock = serveHistory();
    await openHistory();
    const card = screen.getByRole('article', { name: 'imp-2.csv' });
    await userEvent.click(within(card).getByRole('button', { name: 'Undo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo this import?' });
    expect(fetchMock.mock.calls.some((call) => String(call[0]).includes('/undo'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some((call) => String(call[0]).includes('/undo'))).toBe(false);

    await userEvent.click(within(card).getByRole('button', { name: 'Undo' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Undo import' }));
    expect(await screen.findByText('Undo started')).toBeInTheDocument();
    const undo = fetchMock.mock.calls.find((call) => String(call[0]).endsWith('/api/data-import/imp-2/undo'));
    expect(undo?.[1]?.method).toBe('POST');
  });

  test('an undo in progress shows on its card (the history polls it); a failed one can continue; a done one says what it removed', async () => {
    const removed = { donations: 8, pledges: 0, notes: 2, contacts: 3, associations: 0 };
    serveHistory([
      record('imp-1', 'completed', { undo: { status: 'running', done: 4000, total: 189025, removed, restoredContacts: 0 } }),
      record('imp-2', 'completed', { undo: { status: 'failed', done: 10, total: 20, removed, restoredContacts: 0 } }),
      record('imp-3', 'completed', { undoneAt: '2026-03-03T00:00:00.000Z', undo: { status: 'done', done: 8, total: 8, removed, restoredContacts: 1 } }),
    ]);
    await openHistory();
    const running = screen.getByRole('article', { name: 'imp-1.csv' });
    expect(within(running).getByRole('progressbar', { name: /Undoing imp-1.csv: 4,000 of 189,025 gifts removed/ })).toBeInTheDocument();
    expect(within(running).queryByRole('button', { name: /Undo/ })).not.toBeInTheDocument();
    expect(within(running).queryByRole('button', { name: 'Fix skipped rows' })).not.toBeInTheDocument();
    const failed = screen.getByRole('article', { name: 'imp-2.csv' });
    expect(within(failed).getByText('Undo stopped after 10 of 20 gifts. Undo again to continue.')).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Undo again' })).toBeInTheDocument();
    const done = screen.getByRole('article', { name: 'imp-3.csv' });
    expect(within(done).getByText(/Undone: removed 8 donations, 0 pledges, 2 notes and 3 new contacts;\s+restored 1 contacts\./)).toBeInTheDocument();
  });

  test('skipped rows are counted by the server and can be fixed in place and imported into the same import', async () => {
    const fetchMock = serveHistory();
    await openHistory();
    const card = screen.getByRole('article', { name: 'imp-2.csv' });
    expect(within(card).getByText('2 skipped')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'imp-1.csv' })).queryByRole('button', { name: 'Fix skipped rows' })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Fix skipped rows' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fix skipped rows of imp-2.csv' });
    const table = await within(dialog).findByRole('region', { name: 'Skipped rows' });
    expect(within(table).getByText('Invalid email format')).toBeInTheDocument();
    expect(within(table).getByRole('checkbox', { name: 'Import row 3' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Import 0 fixed rows' })).toBeDisabled();

    const email = within(table).getByRole('textbox', { name: 'Email, row 3' });
    await userEvent.clear(email);
    await userEvent.type(email, 'sol@example.org');
    expect(within(table).getByRole('checkbox', { name: 'Import row 3' })).toBeChecked();
    expect(within(table).getByText('Ready to import')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 1 fixed row' }));
    expect(await screen.findByText('Fixed rows sent')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(
      (call) => new URL(String(call[0]), 'http://localhost').pathname === '/api/data-import/imp-2/skipped' && call[1]?.method === 'POST',
    );
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      rows: [{ rowNumber: 3, row: { Name: 'ORTIZ, SR., SOLOMON', Email: 'sol@example.org', Amount: '1028.65' } }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
