import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Section } from '../../Section';
import { mockApi, pending, renderAt, testSession } from '@caucus/platform/testing';
import { clearToasts, setSession } from '@caucus/platform';
import { ROLE_PERMISSIONS } from '@caucus/contract';
import { LISTS_SUBTITLE } from './ContactListsPage';
import { SEARCH_DEBOUNCE_MS } from '../hooks/useSearchBox';

const majorDonors = {
  id: 'l-1',
  name: 'Major Donors',
  description: 'Gave more than $1,000 this cycle',
  type: 'smart',
  tags: ['donors', '2026'],
  memberCount: 42,
  createdAt: '2026-01-15T10:00:00.000Z',
  creator: { firstName: 'Dana', lastName: 'Demo' },
  isActive: true,
};
const volunteers = { ...majorDonors, id: 'l-2', name: 'Volunteers', type: 'static', memberCount: 1, description: null, tags: [] };

function renderLists() {
  return renderAt('/dashboard/lists', '/dashboard/lists/*', <Section />);
}

afterEach(() => {
  act(() => clearToasts());
});

describe('contact lists section', () => {
  test('shows the title, subtitle and one card per list with its type and members', async () => {
    const fetchMock = mockApi(() => ({ body: { data: { lists: [majorDonors, volunteers], total: 2 } } }));
    renderLists();

    expect(screen.getByRole('heading', { level: 1, name: 'Contact Lists' })).toBeInTheDocument();
    expect(screen.getByText(LISTS_SUBTITLE)).toBeInTheDocument();

    const smart = await screen.findByRole('article', { name: 'Major Donors' });
    expect(within(smart).getByText('Smart')).toBeInTheDocument();
    expect(within(smart).getByText('42 contacts')).toBeInTheDocument();
    expect(within(smart).getByText('Gave more than $1,000 this cycle')).toBeInTheDocument();
    expect(within(smart).getByText('donors')).toBeInTheDocument();
    expect(within(smart).getByText('Created Jan 15, 2026 by Dana Demo')).toBeInTheDocument();

    const manual = screen.getByRole('article', { name: 'Volunteers' });
    expect(within(manual).getByText('Static')).toBeInTheDocument();
    expect(within(manual).getByText('1 contact')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1 (2 total lists)')).toBeInTheDocument();

    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost');
    expect(url.pathname).toBe('/api/contact-lists');
    expect(Object.fromEntries(url.searchParams)).toEqual({ limit: '20', offset: '0', isActive: 'true' });
  });

  test('pages through lists 20 at a time', async () => {
    const fetchMock = mockApi((url) => ({
      body: { data: { lists: [{ ...majorDonors, id: `l-${url.searchParams.get('offset')}` }], total: 45 } },
    }));
    renderLists();
    expect(await screen.findByText('Page 1 of 3 (45 total lists)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /next/i }));
    expect(await screen.findByText('Page 2 of 3 (45 total lists)')).toBeInTheDocument();
    const last = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
    expect(last.searchParams.get('offset')).toBe('20');
  });

  test('a page turned before the search box settles stays turned', async () => {
    mockApi((url) => ({ body: { data: { lists: [{ ...majorDonors, id: `l-${url.searchParams.get('offset')}` }], total: 45 } } }));
    renderLists();
    await userEvent.click(await screen.findByRole('button', { name: /next/i }));
    expect(await screen.findByText('Page 2 of 3 (45 total lists)')).toBeInTheDocument();
    // Longer than the search box's debounce: an empty box that never changed must not reset the page.
    await act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 200)));
    expect(screen.getByText('Page 2 of 3 (45 total lists)')).toBeInTheDocument();
  });

  test('shows a skeleton while loading', () => {
    mockApi(() => pending());
    renderLists();
    expect(screen.getByLabelText('Loading contact lists')).toHaveAttribute('aria-busy', 'true');
  });

  test('shows the API message with a Retry button', async () => {
    let calls = 0;
    mockApi(() => {
      calls += 1;
      return calls === 1 ? { status: 503, body: { message: 'Lists are being rebuilt' } } : { body: { data: { lists: [], total: 0 } } };
    });
    renderLists();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Lists are being rebuilt');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No contact lists found')).toBeInTheDocument();
  });

  test('shows the empty state text exactly', async () => {
    mockApi(() => ({ body: { data: { lists: [], total: 0 } } }));
    renderLists();
    expect(await screen.findByText('No contact lists found')).toBeInTheDocument();
  });

  test('the table shows every column, Actions included, with Edit and Delete', async () => {
    mockApi(() => ({ body: { data: { lists: [majorDonors, volunteers], total: 2 } } }));
    renderLists();
    await userEvent.click(await screen.findByRole('button', { name: 'List' }));
    const table = screen.getByRole('table', { name: 'Contact lists' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Type', 'Contacts', 'Description', 'Created', 'Actions']);
    // Visible, not only announced: nothing in the header is hidden as screen-reader-only text.
    expect(headers[5].querySelector('.srOnly')).toBeNull();
    expect(headers[5]).not.toHaveClass('srOnly');
    expect(within(table).getByRole('link', { name: 'Edit Major Donors' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Delete Volunteers' })).toBeInTheDocument();
  });

  test('a read-only member sees the lists but no Create List, List Settings, Edit or Delete', async () => {
    mockApi(() => ({ body: { data: { lists: [majorDonors, volunteers], total: 2 } } }));
    renderLists();
    act(() => setSession({ ...testSession, role: 'read_only', permissions: [...ROLE_PERMISSIONS.read_only] }, { remember: false }));
    await userEvent.click(await screen.findByRole('button', { name: 'List' }));
    const table = screen.getByRole('table', { name: 'Contact lists' });
    expect(within(table).getByRole('link', { name: 'Major Donors' })).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'Edit Major Donors' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Delete Volunteers' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create List' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'List Settings' })).not.toBeInTheDocument();
  });

  test('a failed load shows the "Error loading contact lists" toast', async () => {
    mockApi(() => ({ status: 500, body: { message: 'Database unavailable' } }));
    renderLists();
    expect(await screen.findByText('Error loading contact lists')).toBeInTheDocument();
  });

  test('deleting from the table confirms, then shows the success toast', async () => {
    const fetchMock = mockApi((url, init) =>
      init?.method === 'DELETE' ? { body: { data: { deleted: true } } } : { body: { data: { lists: [majorDonors, volunteers], total: 2 } } },
    );
    renderLists();
    await userEvent.click(await screen.findByRole('button', { name: 'List' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Volunteers' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Contact list deleted successfully')).toBeInTheDocument();
    const deleted = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(deleted).toEqual(['/api/contact-lists/l-2']);
  });

  test('a refused delete shows "Error deleting contact list" with the lists that use it', async () => {
    const reason = 'This list is used in the rules of the smart list "Major Donors". Remove those rules before deleting it.';
    mockApi((url, init) =>
      init?.method === 'DELETE' ? { status: 409, body: { message: reason } } : { body: { data: { lists: [majorDonors, volunteers], total: 2 } } },
    );
    renderLists();
    await userEvent.click(await screen.findByRole('button', { name: 'List' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Volunteers' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const toast = await screen.findByText('Error deleting contact list');
    expect(toast.parentElement).toHaveTextContent(reason);
    expect(screen.getByRole('button', { name: 'Delete Volunteers' })).toBeInTheDocument();
  });
});

describe('list settings: the major gift threshold', () => {
  function settingsApi(threshold: number) {
    const puts: unknown[] = [];
    const fetchMock = mockApi((url, init) => {
      if (url.pathname === '/api/contact-lists/settings') {
        if (init?.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          return { body: { data: { settings: puts.at(-1) } } };
        }
        return { body: { data: { settings: { majorGiftThreshold: threshold } } } };
      }
      return { body: { data: { lists: [majorDonors], total: 1 } } };
    });
    return { fetchMock, puts };
  }

  test('shows the current threshold and saves a new one with PUT', async () => {
    const { puts } = settingsApi(1000);
    renderLists();
    await userEvent.click(screen.getByRole('button', { name: 'List Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'List Settings' });
    const field = await within(dialog).findByLabelText('Major gift threshold (USD)');
    expect(field).toHaveValue(1000);
    await userEvent.clear(field);
    await userEvent.type(field, '2500.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('List settings saved')).toBeInTheDocument();
    expect(puts).toEqual([{ majorGiftThreshold: 2500.5 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('refuses an amount that is not positive with the contract’s message and sends nothing', async () => {
    const { puts } = settingsApi(1000);
    renderLists();
    await userEvent.click(screen.getByRole('button', { name: 'List Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'List Settings' });
    const field = await within(dialog).findByLabelText('Major gift threshold (USD)');
    for (const typed of ['0', '-5', '']) {
      await userEvent.clear(field);
      if (typed) await userEvent.type(field, typed);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
      expect(await within(dialog).findByText('Major gift threshold must be a positive amount')).toBeInTheDocument();
    }
    expect(puts).toEqual([]);
  });

  test('a failed save keeps the dialog open with the error toast', async () => {
    mockApi((url, init) => {
      if (url.pathname === '/api/contact-lists/settings') {
        return init?.method === 'PUT'
          ? { status: 500, body: { message: 'Database unavailable' } }
          : { body: { data: { settings: { majorGiftThreshold: 1000 } } } };
      }
      return { body: { data: { lists: [], total: 0 } } };
    });
    renderLists();
    await userEvent.click(screen.getByRole('button', { name: 'List Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'List Settings' });
    await within(dialog).findByLabelText('Major gift threshold (USD)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    const toast = await screen.findByText('Error saving list settings');
    expect(toast.parentElement).toHaveTextContent('Database unavailable');
    expect(screen.getByRole('dialog', { name: 'List Settings' })).toBeInTheDocument();
  });
});
