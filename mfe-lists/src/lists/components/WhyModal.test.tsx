import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt } from '@caucus/platform/testing';
import { WhyModal } from './WhyModal';

const GALA_ID = '0190aaaa-0000-7000-8000-0000000000a2';
const ada = {
  id: 'c-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  organization: null,
  primaryEmail: null,
  city: 'Oakland',
  state: 'CA',
  status: 'active',
  totalDonated: 2500,
};
const why = {
  contact: ada,
  membership: { source: 'smart_rule', addedAt: '2026-03-01T15:00:00.000Z', notes: null },
  matchesRules: true,
  rules: [
    {
      kind: 'rule',
      field: 'lastDonationAmount',
      label: 'Last donation amount',
      type: 'number',
      operator: 'greater_than_or_equal',
      value: 100,
      contactValue: 500,
      matched: true,
    },
    {
      kind: 'group',
      logic: 'and',
      matched: true,
      rules: [
        { kind: 'rule', field: 'state', label: 'State', type: 'select', operator: 'in', value: ['NY', 'TX'], contactValue: 'CA', matched: false },
        {
          kind: 'rule',
          field: 'listMembership',
          label: 'List membership',
          type: 'list',
          operator: 'member_of',
          value: GALA_ID,
          logic: 'or',
          contactValue: true,
          matched: true,
        },
      ],
    },
  ],
};

function renderWhy(onClose = jest.fn()) {
  renderAt('/dashboard/lists/l-1', '/dashboard/lists/:id', <WhyModal listId="l-1" contactId="c-1" onClose={onClose} />);
  return onClose;
}

describe('why a contact is on a list', () => {
  test('shows the membership, each rule beside the contact’s value, nested groups and the named list’s name', async () => {
    const fetchMock = mockApi((url) => {
      if (url.pathname === '/api/contact-lists/l-1/contacts/c-1/why') return { body: { data: why } };
      if (url.pathname === `/api/contact-lists/${GALA_ID}`) return { body: { data: { list: { id: GALA_ID, name: 'Gala guests' } } } };
      return { status: 404, body: { message: 'Not found' } };
    });
    const onClose = renderWhy();
    const dialog = await screen.findByRole('dialog', { name: 'Why Ada Lovelace is on this list' });
    expect(within(dialog).getByText(/^Member since Mar 1, 2026 \(Smart rule\)\./)).toHaveTextContent('The rules match this contact now.');

    const items = within(dialog).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('MatchesLast donation amount is at least 100Contact: 500');
    expect(items[2]).toHaveTextContent('No matchState is any of NY, TXContact: CA');
    await waitFor(() => expect(items[3]).toHaveTextContent('ORMatchesList membership is a member of Gala guestsis a member'));
    expect(items[1]).toHaveTextContent(/^AND/);
    expect(fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname)).toContain(`/api/contact-lists/${GALA_ID}`);

    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
  });

  test('says when the rules no longer match a member', async () => {
    mockApi(() => ({ body: { data: { ...why, matchesRules: false, rules: [{ ...why.rules[0], contactValue: 50, matched: false }] } } }));
    renderWhy();
    const dialog = await screen.findByRole('dialog', { name: 'Why Ada Lovelace is on this list' });
    expect(within(dialog).getByText(/The rules do not match this contact now; a refresh will remove them\./)).toBeInTheDocument();
    expect(within(dialog).getByText('No match')).toBeInTheDocument();
  });

  test('shows the API message with a retry when the explanation cannot be loaded', async () => {
    mockApi(() => ({ status: 500, body: { message: 'Database unavailable' } }));
    renderWhy();
    const dialog = await screen.findByRole('dialog', { name: 'Why this contact is on the list' });
    expect(await within(dialog).findByText('Database unavailable')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
