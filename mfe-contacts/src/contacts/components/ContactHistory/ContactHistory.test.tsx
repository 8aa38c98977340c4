import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider, setSession } from '@caucus/platform';
import { mockApi } from '@caucus/platform/testing';
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
          {
            id: 'e-2',
            action: 'update',
            userId: 'u-2',
            userName: 'Sam Lee',
            before: { lastName: 'Cole' },
            after: { lastName: 'Cole-Rivera' },
            createdAt: '2026-11-25T15:00:00.000Z',
          },
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
  // The field by its label (contract/auditLabels.ts), not its key.
  expect(update).toHaveTextContent('Last nameCole → Cole-Rivera');
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

test('a merge of the last 30 days can be undone from the history; an undone one cannot', async () => {
  setSession({ ...session, role: 'treasurer', permissions: ['audit.read', 'money.write'] });
  const recent = new Date(Date.now() - 2 * 86_400_000).toISOString();
  const calls = mockApi((url) => {
    if (url.pathname === '/api/contacts/merges/m-2/undo') return { body: { data: { merge: { id: 'm-2' } } } };
    return {
      body: {
        data: {
          entries: [
            { id: 'e-3', action: 'merge', userId: 'u-2', userName: 'Sam Lee', before: { mergeId: 'm-2' }, after: { mergeId: 'm-2' }, createdAt: recent },
            {
              id: 'e-2',
              action: 'unmerge',
              userId: 'u-2',
              userName: 'Sam Lee',
              before: { mergeId: 'm-1' },
              after: { mergeId: 'm-1', undone: true },
              createdAt: recent,
            },
            { id: 'e-1', action: 'merge', userId: 'u-2', userName: 'Sam Lee', before: { mergeId: 'm-1' }, after: { mergeId: 'm-1' }, createdAt: recent },
          ],
        },
      },
    };
  });
  renderHistory();
  const list = await screen.findByRole('list', { name: 'Contact history' });
  const [latest, , undone] = within(list).getAllByRole('listitem');
  expect(within(undone).queryByRole('button', { name: 'Undo merge' })).not.toBeInTheDocument();
  within(latest).getByRole('button', { name: 'Undo merge' }).click();
  await screen.findByText('Merge undone');
  expect(calls.mock.calls.some((call) => String(call[0]) === '/api/contacts/merges/m-2/undo')).toBe(true);
});
