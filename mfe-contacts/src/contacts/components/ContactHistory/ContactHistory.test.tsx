import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider, setSession } from '@caucus/design-system/session';
import { mockApi } from '@caucus/design-system/testing';
import { ContactHistory } from './ContactHistory';

const session = {
  user: { id: 'u-1', email: 'a@example.org', firstName: 'A', lastName: 'B', name: 'A B' },
  accounts: [{ id: 'a-1', name: 'Committee', organizationType: 'political' }],
  accountId: 'a-1',
  accountName: 'Committee',
  organizationType: 'political',
};

function renderHistory() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ContactHistory contactId="c-1" />
    </QueryClientProvider>,
  );
}

afterEach(() => setSession(null));

test("shows each change of the contact's details, by whom, before and after", async () => {
  setSession({ ...session, role: 'treasurer', permissions: ['audit.read'] });
  const calls = mockApi(() => ({
    body: {
      data: {
        entries: [
          { id: 'e-2', action: 'update', userId: 'u-2', userName: 'Sam Lee', before: { lastName: 'Cole' }, after: { lastName: 'Cole-Rivera' }, createdAt: '2026-11-25T15:00:00.000Z' },
          { id: 'e-1', action: 'create', userId: null, userName: null, before: null, after: { lastName: 'Cole' }, createdAt: '2026-11-24T15:00:00.000Z' },
        ],
      },
    },
  }));
  renderHistory();
  const list = await screen.findByRole('list', { name: 'Contact history' });
  const [update, create] = within(list).getAllByRole('listitem');
  expect(update).toHaveTextContent('Changed');
  expect(update).toHaveTextContent('Sam Lee');
  expect(update).toHaveTextContent('lastNameCole → Cole-Rivera');
  expect(create).toHaveTextContent('Created');
  expect(create).toHaveTextContent('System');
  expect(String(calls.mock.calls[0][0])).toBe('/api/audit?entityType=contact&entityId=c-1');
});

test('a role without audit.read sees no history and asks nothing', async () => {
  setSession({ ...session, role: 'staff', permissions: ['contacts.read'] });
  const fetchSpy = jest.fn();
  (globalThis as { fetch?: unknown }).fetch = fetchSpy;
  renderHistory();
  expect(screen.queryByRole('heading', { name: 'History' })).not.toBeInTheDocument();
  expect(fetchSpy).not.toHaveBeenCalled();
});
