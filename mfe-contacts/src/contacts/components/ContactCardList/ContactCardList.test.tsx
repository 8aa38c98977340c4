import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt } from '@caucus/platform/testing';
import { Section } from '../../../Section';

const ada = {
  id: 'c-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  organization: 'Analytical Engines',
  title: null,
  primaryEmail: 'ada@example.org',
  primaryPhone: '555-0101',
  city: 'Springfield',
  state: 'IL',
  status: 'active',
  totalDonated: 1250.5,
  tags: [],
};
const org = {
  ...ada,
  id: 'c-2',
  firstName: null,
  lastName: null,
  organization: 'Riverside Food Bank',
  primaryEmail: null,
  primaryPhone: null,
  totalDonated: '300.00',
};

function renderList(contacts: unknown[]) {
  mockApi(() => ({ body: { data: { contacts, total: contacts.length } } }));
  return renderAt('/dashboard/contacts', '/dashboard/contacts/*', <Section />);
}

describe('contacts list below 640 px', () => {
  it('has a card per contact with name, email, phone and total, beside the table for wider screens', async () => {
    const { container } = renderList([ada, org]);
    const cards = await screen.findByRole('list', { name: 'Contacts' });
    // The page's stylesheet shows one of the two by width (identity class names under jest).
    expect(cards.closest('.narrowOnly')).not.toBeNull();
    expect(screen.getByRole('table').closest('.wideOnly')).not.toBeNull();
    expect(container.querySelectorAll('.narrowOnly')).toHaveLength(1);

    const [first, second] = within(cards).getAllByRole('listitem');
    expect(within(first).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/dashboard/contacts/c-1');
    expect(within(first).getByRole('link', { name: 'ada@example.org' })).toHaveAttribute('href', 'mailto:ada@example.org');
    expect(within(first).getByRole('link', { name: '555-0101' })).toHaveAttribute('href', 'tel:555-0101');
    expect(within(first).getByText('Total Donated').nextElementSibling).toHaveTextContent('$1,250.50');

    expect(within(second).getByRole('link', { name: 'Riverside Food Bank' })).toHaveAttribute('href', '/dashboard/contacts/c-2');
    expect(within(second).getByText('Email').nextElementSibling).toHaveTextContent('—');
    expect(within(second).getByText('Phone').nextElementSibling).toHaveTextContent('—');
    expect(within(second).getByText('Total Donated').nextElementSibling).toHaveTextContent('$300.00');
  });

  it('switches at 640 px in the stylesheet: cards below, the table from 640 up', () => {
    const css = readFileSync(join(__dirname, '..', 'ContactsPage.module.css'), 'utf8').replace(/\s+/g, ' ');
    expect(css).toContain('.narrowOnly { display: none; }');
    expect(css).toMatch(/@media \(max-width: 639\.98px\) \{ \.wideOnly \{ display: none; \} \.narrowOnly \{ display: block; \} \}/);
  });

  it('is not there in the grid view', async () => {
    renderList([ada]);
    await screen.findByRole('list', { name: 'Contacts' });
    await userEvent.click(screen.getByRole('button', { name: 'Grid' }));
    expect(screen.queryByRole('list', { name: 'Contacts' })).not.toBeInTheDocument();
  });

  it('shows one empty state, not one per layout', async () => {
    renderList([]);
    expect(await screen.findByText('No contacts found')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Contacts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
