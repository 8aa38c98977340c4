import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Section } from '../../Section';
import { mockApi, pending, renderAt, testSession } from '@caucus/platform/testing';
import { setSession } from '@caucus/platform';
import { ROLE_PERMISSIONS } from '@caucus/contract';
import { CONTACTS_SUBTITLE } from './ContactsPage';
import { givingReply } from '../../financials/components/ContactGiving/givingFixtures';

const ada = {
  id: 'c-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  organization: 'Analytical Engines',
  title: 'Treasurer',
  primaryEmail: 'ada@example.org',
  primaryPhone: '555-0101',
  city: 'Springfield',
  state: 'IL',
  status: 'active',
  totalDonated: 1250.5,
  tags: [],
};

const grace = { ...ada, id: 'c-2', firstName: 'Grace', lastName: 'Hopper', organization: null, city: null, totalDonated: '300.00' };

function renderContacts(path = '/dashboard/contacts') {
  return renderAt(path, '/dashboard/contacts/*', <Section />);
}

describe('contacts section', () => {
  test('a read-only role sees the contacts without Add Contact nor Edit', async () => {
    mockApi(() => ({ body: { data: { contacts: [ada, grace], total: 2 } } }));
    renderContacts();
    act(() => setSession({ ...testSession, role: 'read_only', permissions: [...ROLE_PERMISSIONS.read_only] }, { remember: false }));
    const table = await screen.findByRole('table');
    const adaRow = within(table).getByRole('row', { name: /Ada Lovelace/ });
    expect(within(adaRow).getByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(within(adaRow).getByRole('link', { name: 'Open Ada Lovelace in a new tab' })).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '+ Add Contact' })).not.toBeInTheDocument();
  });

  test('shows the title, subtitle, total and the first page of contacts', async () => {
    const fetchMock = mockApi(() => ({ body: { data: { contacts: [ada, grace], total: 200 } } }));
    renderContacts();

    expect(screen.getByRole('heading', { level: 1, name: 'Contacts' })).toBeInTheDocument();
    expect(screen.getByText(CONTACTS_SUBTITLE)).toBeInTheDocument();
    expect(await screen.findByText('200 contacts')).toBeInTheDocument();

    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost');
    expect(url.pathname).toBe('/api/contacts');
    expect(url.searchParams.get('limit')).toBe('20');

    const table = screen.getByRole('table');
    for (const header of ['Name', 'Organization', 'Email', 'Phone', 'Location', 'Total Donated', 'Actions']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const adaRow = within(table).getByRole('row', { name: /Ada Lovelace/ });
    expect(within(adaRow).getByText('Analytical Engines')).toBeInTheDocument();
    expect(within(adaRow).getByText('ada@example.org')).toBeInTheDocument();
    expect(within(adaRow).getByText('555-0101')).toBeInTheDocument();
    expect(within(adaRow).getByText('Springfield, IL')).toBeInTheDocument();
    expect(within(adaRow).getByText('$1,250.50')).toBeInTheDocument();
    expect(within(table).getByText('$300.00')).toBeInTheDocument();
    expect(within(adaRow).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/dashboard/contacts/c-1');
    expect(within(adaRow).getByRole('link', { name: 'Edit Ada Lovelace' })).toHaveAttribute('href', '/dashboard/contacts/c-1/edit');
    const newTab = within(adaRow).getByRole('link', { name: 'Open Ada Lovelace in a new tab' });
    expect(newTab).toHaveAttribute('href', '/dashboard/contacts/c-1');
    expect(newTab).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: '+ Add Contact' })).toHaveAttribute('href', '/dashboard/contacts/new');
    expect(screen.getByText('Page 1 of 10')).toBeInTheDocument();
  });

  test("reads 'More than 1,000 contacts' when a search stopped counting, and pages on past page 50", async () => {
    const fullPage = Array.from({ length: 20 }, (_, i) => ({ ...ada, id: `c-${i}`, firstName: `Ada${i}` }));
    const fetchMock = mockApi(() => ({ body: { data: { contacts: fullPage, total: 1000, moreThanTotal: true } } }));
    renderContacts('/dashboard/contacts?search=smith');
    expect(await screen.findByText('More than 1,000 contacts')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of more than 50')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of more than 50')).toBeInTheDocument();
    const last = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
    expect([last.searchParams.get('search'), last.searchParams.get('offset')]).toEqual(['smith', '20']);
  });

  test('shows a skeleton while loading', () => {
    mockApi(() => pending());
    renderContacts();
    expect(screen.getByLabelText('Loading contacts')).toHaveAttribute('aria-busy', 'true');
  });

  test('shows the API message and retries on demand', async () => {
    let calls = 0;
    mockApi(() => {
      calls += 1;
      return calls === 1 ? { status: 500, body: { message: 'Database is unavailable' } } : { body: { data: { contacts: [ada], total: 1 } } };
    });
    renderContacts();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database is unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 contact')).toBeInTheDocument();
  });

  test('shows the empty state when the account has no contacts', async () => {
    mockApi(() => ({ body: { data: { contacts: [], total: 0 } } }));
    renderContacts();
    expect(await screen.findByText('No contacts found')).toBeInTheDocument();
    expect(screen.getByText('0 contacts')).toBeInTheDocument();
  });

  test('opens a contact at /dashboard/contacts/:id', async () => {
    const fetchMock = mockApi(
      (url) =>
        givingReply(url) ?? {
          body: {
            data: { contact: { ...ada, phoneNumbers: [], emailAddresses: [], addresses: [], associations: [], education: [], employment: [], notes: [] } },
          },
        },
    );
    renderContacts('/dashboard/contacts/c-1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost').pathname).toBe('/api/contacts/c-1/with-images');
    expect(screen.getByText('Treasurer at Analytical Engines')).toBeInTheDocument();
    // The primary email and phone show in the header and again in their own sections
    // (docs/product/first-run-and-settings.md, Contacts).
    for (const link of screen.getAllByRole('link', { name: 'ada@example.org' })) expect(link).toHaveAttribute('href', 'mailto:ada@example.org');
    for (const link of screen.getAllByRole('link', { name: '555-0101' })) expect(link).toHaveAttribute('href', 'tel:555-0101');
    const emailSection = screen.getByRole('heading', { level: 2, name: 'Email Addresses' }).closest('section') as HTMLElement;
    expect(within(emailSection).getByRole('link', { name: 'ada@example.org' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to contacts/ })).toHaveAttribute('href', '/dashboard/contacts');
  });
});
