import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@caucus/platform/testing';
import { renderInContactForm } from '../contactFormTestHarness';
import { RelatedContactsTab } from './RelatedContactsTab';

afterEach(() => jest.restoreAllMocks());

const person = (id: string, firstName: string, lastName: string) => ({
  id,
  firstName,
  lastName,
  organization: null,
  primaryEmail: null,
  tags: [],
  status: 'active',
});

test('offers the other contacts of the account, never the contact itself, and sends the chosen one', async () => {
  mockApi(() => ({ body: { data: { contacts: [person('c-1', 'Ada', 'Lovelace'), person('c-9', 'Charles', 'Babbage')], total: 2 } } }));
  const { submitted, lastSubmitted } = renderInContactForm(<RelatedContactsTab contactId="c-1" />, { firstName: 'Ada' });
  await userEvent.click(screen.getByRole('button', { name: '+ Add Related Contact' }));
  const contact = screen.getByLabelText('Contact');
  await waitFor(() => expect(within(contact).getByRole('option', { name: 'Charles Babbage' })).toBeInTheDocument());
  expect(within(contact).queryByRole('option', { name: 'Ada Lovelace' })).not.toBeInTheDocument();
  await userEvent.selectOptions(contact, 'c-9');
  await userEvent.selectOptions(screen.getByLabelText('Relationship'), 'mentor');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(submitted).toHaveBeenCalled());
  expect(lastSubmitted().associations).toEqual([{ associatedContactId: 'c-9', relationshipType: 'mentor', relationshipDescription: '' }]);
});

test('says when the contacts to relate could not be loaded', async () => {
  mockApi(() => ({ status: 500, body: { message: 'Database is unavailable' } }));
  renderInContactForm(<RelatedContactsTab />, { firstName: 'Ada' });
  expect(await screen.findByText('Contacts to relate could not be loaded')).toBeInTheDocument();
});
