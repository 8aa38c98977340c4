import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt } from '@caucus/platform/testing';
import { clearToasts } from '@caucus/platform';
import { AddContactsModal } from './AddContactsModal';

const contact = (id: string, firstName: string) => ({
  id,
  firstName,
  lastName: 'Donor',
  organization: null,
  primaryEmail: `${firstName.toLowerCase()}@example.org`,
  city: 'Oakland',
  state: 'CA',
  status: 'active',
  totalDonated: 250,
});
const available = [contact('c-1', 'Ada'), contact('c-2', 'Grace'), contact('c-3', 'Alan')];

function renderModal(onClose = jest.fn()) {
  renderAt('/dashboard/lists/l-1', '/dashboard/lists/:id', <AddContactsModal listId="l-1" onClose={onClose} />);
  return onClose;
}

const requests = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls.map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init: init as RequestInit | undefined }));

afterEach(() => {
  act(() => clearToasts());
});

describe('Add Contacts modal', () => {
  test('asks for 50 contacts that are not members, and searches them', async () => {
    const fetchMock = mockApi((url) => ({ body: { data: { contacts: url.searchParams.get('search') ? [available[1]] : available } } }));
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Add Contacts' });
    expect(await within(dialog).findByRole('checkbox', { name: /Ada Donor/ })).toBeInTheDocument();
    const first = requests(fetchMock)[0].url;
    expect(first.pathname).toBe('/api/contact-lists/l-1/available-contacts');
    expect(Object.fromEntries(first.searchParams)).toEqual({ limit: '50' });

    await userEvent.type(within(dialog).getByLabelText('Search contacts'), 'grace');
    await waitFor(() => expect(within(dialog).queryByRole('checkbox', { name: /Ada Donor/ })).not.toBeInTheDocument());
    expect(Object.fromEntries(requests(fetchMock).at(-1)!.url.searchParams)).toEqual({ limit: '50', search: 'grace' });
  });

  test('warns "Please select contacts to add" when nothing is selected and sends nothing', async () => {
    const fetchMock = mockApi(() => ({ body: { data: { contacts: available } } }));
    const onClose = renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Add Contacts' });
    await within(dialog).findByRole('checkbox', { name: /Ada Donor/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Selected' }));
    expect(await screen.findByText('Please select contacts to add')).toBeInTheDocument();
    expect(requests(fetchMock).filter(({ init }) => init?.method === 'POST')).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  test('adds the selected contacts, toasts how many, and closes', async () => {
    const posted: unknown[] = [];
    mockApi((url, init) => {
      if (init?.method === 'POST') {
        posted.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
        return { body: { data: { added: 2 } } };
      }
      return { body: { data: { contacts: available } } };
    });
    const onClose = renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Add Contacts' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Ada Donor/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Alan Donor/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 2 Selected' }));
    expect(await screen.findByText('Added 2 contacts to the list')).toBeInTheDocument();
    expect(posted).toEqual([{ path: '/api/contact-lists/l-1/contacts', body: { contactIds: ['c-1', 'c-3'] } }]);
    expect(onClose).toHaveBeenCalled();
  });

  test('failures show "Error loading available contacts" and "Error adding contacts to list"', async () => {
    let loadFails = true;
    mockApi((url, init) => {
      if (init?.method === 'POST') return { status: 500, body: { message: 'Database unavailable' } };
      return loadFails ? { status: 500, body: { message: 'Database unavailable' } } : { body: { data: { contacts: available } } };
    });
    renderModal();
    expect(await screen.findByText('Error loading available contacts')).toBeInTheDocument();
    loadFails = false;
    const dialog = screen.getByRole('dialog', { name: 'Add Contacts' });
    await userEvent.type(within(dialog).getByLabelText('Search contacts'), 'a');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Ada Donor/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 1 Selected' }));
    expect(await screen.findByText('Error adding contacts to list')).toBeInTheDocument();
  });
});
