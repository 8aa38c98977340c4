import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt, type MockReply } from '@caucus/platform/testing';
import type { ContactListSummary } from '@caucus/contract';
import { clearToasts } from '@caucus/platform';
import { Section } from '../../Section';
import { SEARCH_DEBOUNCE_MS } from '../hooks/useSearchBox';

const GALA_ID = '0190aaaa-0000-7000-8000-0000000000a2';
const smartList: ContactListSummary = {
  id: 'l-smart',
  name: 'Guests who gave',
  description: 'Gala guests with any gift',
  type: 'smart',
  tags: ['gala'],
  rules: [
    { field: 'totalDonated', operator: 'greater_than', value: 0 },
    { field: 'listMembership', operator: 'member_of', value: GALA_ID, logic: 'and' },
  ],
  memberCount: 45,
  isActive: true,
  rulesAppliedAt: '2026-03-01T15:00:00.000Z',
  createdAt: '2026-01-15T10:00:00.000Z',
  updatedAt: null,
  creator: null,
};
const staticList: ContactListSummary = { ...smartList, id: 'l-static', name: 'Gala table', type: 'static', rules: [], rulesAppliedAt: null, memberCount: 2 };
const stats = { totalMembers: 45, manualMembers: 3, smartRuleMembers: 41, importedMembers: 1 };

function member(n: number) {
  return {
    id: `c-${n}`,
    firstName: 'Member',
    lastName: String(n),
    organization: null,
    primaryEmail: `m${n}@example.org`,
    city: 'Oakland',
    state: 'CA',
    status: 'active',
    totalDonated: 100,
    source: 'smart_rule',
    addedAt: '2026-03-01T15:00:00.000Z',
    notes: null,
  };
}

/** The detail API of one list; `extra` answers first when it returns a reply. */
function detailApi(list: ContactListSummary, extra?: (url: URL, init: RequestInit | undefined) => MockReply | undefined) {
  return mockApi(async (url, init) => {
    const fromExtra = extra ? extra(url, init) : undefined;
    if (fromExtra) return fromExtra;
    const path = url.pathname;
    if (path === `/api/contact-lists/${list.id}`) return { body: { data: { list } } };
    if (path === `/api/contact-lists/${GALA_ID}`) return { body: { data: { list: { ...staticList, id: GALA_ID, name: 'Gala guests' } } } };
    if (path.endsWith('/stats')) return { body: { data: { stats } } };
    if (path.endsWith('/contacts')) {
      const offset = Number(url.searchParams.get('offset'));
      const search = url.searchParams.get('search');
      if (search) return { body: { data: { contacts: [member(7)], total: 1 } } };
      return { body: { data: { contacts: Array.from({ length: offset === 40 ? 5 : 20 }, (_, i) => member(offset + i + 1)), total: 45 } } };
    }
    if (path === '/api/contact-lists') return { body: { data: { lists: [], total: 0 } } };
    return { status: 404, body: { message: `unexpected ${path}` } };
  });
}

const renderDetail = (id: string) => renderAt(`/dashboard/lists/${id}`, '/dashboard/lists/*', <Section />);
const calls = (fetchMock: jest.Mock, predicate: (url: URL, init?: RequestInit) => boolean) =>
  fetchMock.mock.calls.map(([input, init]) => [new URL(String(input), 'http://localhost'), init] as const).filter(([url, init]) => predicate(url, init));

afterEach(() => {
  act(() => clearToasts());
});

describe('list detail', () => {
  test('shows the header, the stats cards and the rule summary with the named list’s name', async () => {
    detailApi(smartList);
    renderDetail(smartList.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Guests who gave' })).toBeInTheDocument();
    expect(screen.getByText('Smart')).toBeInTheDocument();
    expect(screen.getByText('45 contacts')).toBeInTheDocument();
    expect(screen.getByText('Gala guests with any gift')).toBeInTheDocument();

    const cards = screen.getByRole('group', { name: 'List statistics' });
    await waitFor(() => expect(within(cards).getByText('41')).toBeInTheDocument());
    const values = Object.fromEntries(
      ['Total Members', 'Manual', 'Smart Rule', 'Imported'].map((label) => [label, within(cards).getByText(label).nextElementSibling?.textContent]),
    );
    expect(values).toEqual({ 'Total Members': '45', Manual: '3', 'Smart Rule': '41', Imported: '1' });

    // The member-of-list rule names the list, not its id.
    expect(await screen.findByText('Total donated is greater than 0 AND List membership is a member of Gala guests')).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(GALA_ID))).not.toBeInTheDocument();
  });

  test('pages members 20 at a time and searches them', async () => {
    const fetchMock = detailApi(smartList);
    renderDetail(smartList.id);
    const table = await screen.findByRole('table', { name: 'Members of Guests who gave' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(21));
    expect(screen.getByText('Page 1 of 3 (45 total members)')).toBeInTheDocument();

    await userEvent.click(within(screen.getByRole('navigation', { name: 'Member pages' })).getByRole('button', { name: /next/i }));
    expect(await screen.findByText('Page 2 of 3 (45 total members)')).toBeInTheDocument();
    expect(await within(table).findByText('Member 21')).toBeInTheDocument();
    // Outlasting the search box's debounce: the empty box, never changed, does not reset the page.
    await act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 200)));
    expect(screen.getByText('Page 2 of 3 (45 total members)')).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Member 21' })).toBeInTheDocument();
    const pageTwo = calls(fetchMock, (url) => url.pathname.endsWith('/contacts')).at(-1)![0];
    expect(Object.fromEntries(pageTwo.searchParams)).toEqual({ limit: '20', offset: '20' });

    await userEvent.type(screen.getByLabelText('Search members'), 'member 7');
    expect(await screen.findByText('Page 1 of 1 (1 total members)')).toBeInTheDocument();
    const searched = calls(fetchMock, (url) => url.pathname.endsWith('/contacts')).at(-1)![0];
    expect(Object.fromEntries(searched.searchParams)).toEqual({ limit: '20', offset: '0', search: 'member 7' });
  });

  test('offers Refresh on a smart list, which applies the rules', async () => {
    const fetchMock = detailApi(smartList, (url, init) =>
      url.pathname.endsWith('/apply-rules') && init?.method === 'POST' ? { body: { data: { memberCount: 45, added: 0, removed: 0 } } } : undefined,
    );
    renderDetail(smartList.id);
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Smart rules applied successfully')).toBeInTheDocument();
    expect(calls(fetchMock, (url, init) => url.pathname === `/api/contact-lists/${smartList.id}/apply-rules` && init?.method === 'POST')).toHaveLength(1);
    // Members of a smart list follow its rules: no Add Contacts, but a "why" per member.
    expect(screen.queryByRole('button', { name: 'Add Contacts' })).not.toBeInTheDocument();
    expect((await screen.findAllByRole('button', { name: /^Why is Member \d+ on this list\?$/ })).length).toBeGreaterThan(0);
  });

  test('a static list has no Refresh, and offers Add Contacts', async () => {
    detailApi(staticList);
    renderDetail(staticList.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Gala table' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Contacts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit List' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
  });

  test('a failed refresh shows the error toast', async () => {
    detailApi(smartList, (url) => (url.pathname.endsWith('/apply-rules') ? { status: 500, body: { message: 'Database unavailable' } } : undefined));
    renderDetail(smartList.id);
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Error applying smart rules')).toBeInTheDocument();
  });

  test('a list that cannot be loaded shows "Error loading list details" and a retry', async () => {
    mockApi(() => ({ status: 500, body: { message: 'Database unavailable' } }));
    renderDetail(smartList.id);
    expect(await screen.findByText('Error loading list details')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  test('members that cannot be loaded show "Error loading list members"', async () => {
    detailApi(staticList, (url) => (url.pathname.endsWith('/contacts') ? { status: 500, body: { message: 'Database unavailable' } } : undefined));
    renderDetail(staticList.id);
    expect(await screen.findByText('Error loading list members')).toBeInTheDocument();
  });

  test('deleting a list that rules use shows the server’s reason in the error toast and stays on the list', async () => {
    const reason = 'This list is used in the rules of the smart list "Guests who gave". Remove those rules before deleting it.';
    detailApi(staticList, (url, init) => (init?.method === 'DELETE' ? { status: 409, body: { message: reason } } : undefined));
    renderDetail(staticList.id);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete List' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this list?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const toast = await screen.findByText('Error deleting contact list');
    expect(toast.parentElement).toHaveTextContent(reason);
    expect(screen.getByRole('heading', { level: 1, name: 'Gala table' })).toBeInTheDocument();
  });

  test('deleting the open list returns to the lists', async () => {
    detailApi(staticList, (url, init) => (init?.method === 'DELETE' ? { body: { data: { deleted: true } } } : undefined));
    renderDetail(staticList.id);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete List' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Contact list deleted successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Lists' })).toBeInTheDocument();
  });
});
