import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Section } from '../../Section';
import { mockApi, pending, renderAt } from '@caucus/design-system/testing';
import { LISTS_SUBTITLE } from './ContactListsPage';

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
});
