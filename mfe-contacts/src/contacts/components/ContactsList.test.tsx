import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt } from '@caucus/platform/testing';
import { Section } from '../../Section';

const base = {
  lastName: 'Lovelace',
  organization: 'Analytical Engines',
  title: null,
  primaryEmail: 'ada@example.org',
  primaryPhone: '555-0101',
  city: 'Springfield',
  state: 'IL',
  status: 'active',
  totalDonated: 100,
};

function contactsApi() {
  const urls: URL[] = [];
  mockApi((url) => {
    urls.push(url);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const contacts = Array.from({ length: 2 }, (_, i) => ({ ...base, id: `c-${offset + i}`, firstName: `Person${offset + i}` }));
    return { body: { data: { contacts, total: 45 } } };
  });
  return urls;
}

const lastList = (urls: URL[]) => urls.filter((url) => url.pathname === '/api/contacts').at(-1)!;

describe('contacts list controls', () => {
  test('pages by 20 with Page X of Y', async () => {
    const urls = contactsApi();
    renderAt('/dashboard/contacts', '/dashboard/contacts/*', <Section />);
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(lastList(urls).searchParams.get('offset')).toBe('20');
    expect(lastList(urls).searchParams.get('limit')).toBe('20');
  });

  test('filters by status on the server and resets to the first page', async () => {
    const urls = contactsApi();
    renderAt('/dashboard/contacts', '/dashboard/contacts/*', <Section />);
    await screen.findByText('Page 1 of 3');
    expect(lastList(urls).searchParams.has('status')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Inactive' }));
    await waitFor(() => expect(lastList(urls).searchParams.get('status')).toBe('inactive'));
    expect(lastList(urls).searchParams.get('offset')).toBe('0');
    expect(screen.getByRole('button', { name: 'Inactive' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Active' }));
    await waitFor(() => expect(lastList(urls).searchParams.get('status')).toBe('active'));
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(lastList(urls).searchParams.has('status')).toBe(false));
  });

  test('searches on the server after typing stops, and reads the top-bar search from the URL', async () => {
    const urls = contactsApi();
    renderAt('/dashboard/contacts?search=ada', '/dashboard/contacts/*', <Section />);
    await screen.findByText('Page 1 of 3');
    expect(lastList(urls).searchParams.get('search')).toBe('ada');
    const box = screen.getByRole('searchbox', { name: 'Search contacts' });
    expect(box).toHaveValue('ada');
    const before = urls.length;
    await userEvent.clear(box);
    await userEvent.type(box, 'grace');
    await waitFor(() => expect(lastList(urls).searchParams.get('search')).toBe('grace'));
    // Debounced: one request for the whole word, not one per key.
    expect(urls.length - before).toBe(1);
  });

  test('shows the same facts as cards in the grid view', async () => {
    contactsApi();
    renderAt('/dashboard/contacts', '/dashboard/contacts/*', <Section />);
    await screen.findByText('Page 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Grid' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Person0 Lovelace' });
    expect(within(card).getByText('Analytical Engines')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'ada@example.org' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '555-0101' })).toBeInTheDocument();
    expect(within(card).getByText('Springfield, IL')).toBeInTheDocument();
    expect(within(card).getByText('$100.00')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Edit Person0 Lovelace' })).toHaveAttribute('href', '/dashboard/contacts/c-0/edit');
    expect(within(card).getByRole('link', { name: 'Open Person0 Lovelace in a new tab' })).toHaveAttribute('target', '_blank');
    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.getByRole('table')).toBeInTheDocument();
  });
});
