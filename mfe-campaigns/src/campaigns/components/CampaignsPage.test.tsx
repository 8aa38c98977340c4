import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Section } from '../../Section';
import { clearToasts, setSession } from '@caucus/platform';
import { ROLE_PERMISSIONS } from '@caucus/contract';
import { mockApi, pending, renderAt, testSession } from '@caucus/platform/testing';
import { CAMPAIGNS_SUBTITLE } from './CampaignsPage';

const spring = {
  id: 'cmp-1',
  name: 'Spring Drive',
  description: null,
  campaignType: 'fundraising',
  status: 'active',
  fundraisingGoal: 50000,
  amountRaised: '12345.67',
  donationCount: 120,
  contactsReached: 1500,
  volunteersRecruited: 12,
  startDate: '2026-03-01T00:00:00.000Z',
  endDate: '2026-06-30T23:59:59.000Z',
  committee: { name: 'Friends of Dana' },
  donationAccount: { name: 'Main Account' },
};
const overGoal = { ...spring, id: 'cmp-2', name: 'Gala', status: 'completed', fundraisingGoal: 1000, amountRaised: 2500, committee: null };

afterEach(() => clearToasts());

function renderCampaigns() {
  return renderAt('/dashboard/campaigns', '/dashboard/campaigns/*', <Section />);
}

describe('campaigns section', () => {
  test('shows the title, subtitle and a card per campaign with progress in whole dollars', async () => {
    const fetchMock = mockApi(() => ({ body: { data: { campaigns: [spring, overGoal] } } }));
    renderCampaigns();

    expect(screen.getByRole('heading', { level: 1, name: 'Campaign Management' })).toBeInTheDocument();
    expect(screen.getByText(CAMPAIGNS_SUBTITLE)).toBeInTheDocument();

    const card = await screen.findByRole('article', { name: 'Spring Drive' });
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByText('$12,346')).toBeInTheDocument();
    expect(within(card).getByText('of $50,000')).toBeInTheDocument();
    expect(within(card).getByText('24.7%')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '24.7');
    expect(within(card).getByText('Committee: Friends of Dana')).toBeInTheDocument();
    expect(within(card).getByText('Mar 1, 2026 – Jun 30, 2026')).toBeInTheDocument();

    const gala = screen.getByRole('article', { name: 'Gala' });
    expect(within(gala).getByText('Completed')).toBeInTheDocument();
    expect(within(gala).getByText('100.0%')).toBeInTheDocument();
    expect(within(gala).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

    const listed = new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost');
    expect(listed.pathname).toBe('/api/campaigns');
    // Archived ones too: the page filters by status itself.
    expect(listed.searchParams.get('status')).toBe('all');
  });

  test('shows a skeleton while loading', () => {
    mockApi(() => pending());
    renderCampaigns();
    expect(screen.getByLabelText('Loading campaigns')).toHaveAttribute('aria-busy', 'true');
  });

  test('shows the API message with a Retry button', async () => {
    let calls = 0;
    mockApi(() => {
      calls += 1;
      return calls === 1 ? { status: 500, body: { message: 'Totals are being recalculated' } } : { body: { data: { campaigns: [spring] } } };
    });
    renderCampaigns();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Totals are being recalculated');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Spring Drive' })).toBeInTheDocument();
  });

  test('shows the empty state text exactly', async () => {
    mockApi(() => ({ body: { data: { campaigns: [] } } }));
    renderCampaigns();
    expect(await screen.findByText('No campaigns found')).toBeInTheDocument();
  });

  test('the empty state has the button that fills it; a filter that hides everything can be cleared', async () => {
    mockApi(() => ({ body: { data: { campaigns: [] } } }));
    const { unmount } = renderCampaigns();
    await screen.findByText('No campaigns found');
    expect(screen.getByRole('link', { name: 'Create Campaign' })).toHaveAttribute('href', '/dashboard/campaigns/new');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    unmount();

    mockApi(() => ({ body: { data: { campaigns: [spring] } } }));
    renderCampaigns();
    await screen.findByRole('article', { name: 'Spring Drive' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search campaigns' }), 'nothing like it');
    expect(screen.getByText('No campaign matches this search and status.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('article', { name: 'Spring Drive' })).toBeInTheDocument();
  });

  describe('search, status filter and sort', () => {
    const list = [
      { ...spring, id: 'a', name: 'Spring Drive', status: 'active', createdAt: '2026-02-01T00:00:00.000Z', amountRaised: 100, fundraisingGoal: 1000 },
      { ...spring, id: 'b', name: 'Autumn Gala', status: 'draft', createdAt: '2026-03-01T00:00:00.000Z', amountRaised: 900, fundraisingGoal: 1000 },
      { ...spring, id: 'c', name: 'Budget Petition', status: 'paused', createdAt: '2026-01-01T00:00:00.000Z', amountRaised: 500, fundraisingGoal: 1000 },
    ];
    const cardNames = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

    test('newest first, then each sort order', async () => {
      mockApi(() => ({ body: { data: { campaigns: list } } }));
      renderCampaigns();
      await screen.findByRole('article', { name: 'Spring Drive' });
      expect(cardNames()).toEqual(['Autumn Gala', 'Spring Drive', 'Budget Petition']);

      const sort = screen.getByRole('combobox', { name: 'Sort by' });
      expect(
        within(sort)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Newest', 'Oldest', 'Name A-Z', 'Progress']);
      await userEvent.selectOptions(sort, 'oldest');
      expect(cardNames()).toEqual(['Budget Petition', 'Spring Drive', 'Autumn Gala']);
      await userEvent.selectOptions(sort, 'name');
      expect(cardNames()).toEqual(['Autumn Gala', 'Budget Petition', 'Spring Drive']);
      await userEvent.selectOptions(sort, 'progress');
      expect(cardNames()).toEqual(['Autumn Gala', 'Budget Petition', 'Spring Drive']);
    });

    test('status filter and search narrow the grid; no match shows the empty text', async () => {
      mockApi(() => ({ body: { data: { campaigns: list } } }));
      renderCampaigns();
      await screen.findByRole('article', { name: 'Spring Drive' });

      const status = screen.getByRole('combobox', { name: 'Status' });
      expect(
        within(status)
          .getAllByRole('option')
          .map((option) => (option as HTMLOptionElement).value),
      ).toEqual(['all', 'active', 'draft', 'paused', 'completed', 'archived']);
      await userEvent.selectOptions(status, 'paused');
      expect(cardNames()).toEqual(['Budget Petition']);
      await userEvent.selectOptions(status, 'all');

      await userEvent.type(screen.getByRole('searchbox', { name: 'Search campaigns' }), 'gala');
      expect(cardNames()).toEqual(['Autumn Gala']);
      await userEvent.selectOptions(status, 'completed');
      expect(screen.getByText('No campaigns found')).toBeInTheDocument();
    });
  });

  describe('delete', () => {
    test('asks with the campaign name, deletes on confirm and removes the card', async () => {
      let stored = [spring, overGoal];
      const fetchMock = mockApi((url, init) => {
        if (init?.method === 'DELETE') {
          stored = stored.filter((campaign) => url.pathname !== `/api/campaigns/${campaign.id}`);
          return { body: { data: { deleted: true } } };
        }
        return { body: { data: { campaigns: stored } } };
      });
      renderCampaigns();
      await userEvent.click(await screen.findByRole('button', { name: 'Delete Spring Drive' }));

      const dialog = screen.getByRole('dialog');
      expect(within(dialog).getByText('Are you sure you want to delete "Spring Drive"?')).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

      await waitFor(() => expect(screen.queryByRole('article', { name: 'Spring Drive' })).not.toBeInTheDocument());
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      const deleteCall = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE');
      expect(new URL(String(deleteCall?.[0]), 'http://localhost').pathname).toBe('/api/campaigns/cmp-1');
    });

    test('Cancel keeps the campaign and sends nothing', async () => {
      const fetchMock = mockApi(() => ({ body: { data: { campaigns: [spring] } } }));
      renderCampaigns();
      await userEvent.click(await screen.findByRole('button', { name: 'Delete Spring Drive' }));
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('article', { name: 'Spring Drive' })).toBeInTheDocument();
      expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE')).toBe(false);
    });

    test('a failed delete says so and keeps the card', async () => {
      mockApi((url, init) => {
        if (init?.method === 'DELETE') return { status: 500, body: { message: 'Database unavailable' } };
        return { body: { data: { campaigns: [spring] } } };
      });
      renderCampaigns();
      await userEvent.click(await screen.findByRole('button', { name: 'Delete Spring Drive' }));
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Failed to delete campaign')).toBeInTheDocument();
      expect(screen.getByRole('article', { name: 'Spring Drive' })).toBeInTheDocument();
    });

    test('a campaign with donations is refused with the reason, and Archive is offered in its place', async () => {
      let stored = [spring];
      const fetchMock = mockApi((url, init) => {
        if (init?.method === 'DELETE') {
          return { status: 409, body: { message: 'This campaign has 12 donations ($4,350.00). Archive it instead.', details: { action: 'archive' } } };
        }
        if (url.pathname === '/api/campaigns/cmp-1/archive') {
          stored = [{ ...spring, status: 'archived' }];
          return { body: { data: { campaign: stored[0] } } };
        }
        return { body: { data: { campaigns: stored } } };
      });
      renderCampaigns();
      await userEvent.click(await screen.findByRole('button', { name: 'Delete Spring Drive' }));
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

      const dialog = await screen.findByRole('dialog', { name: 'Archive campaign instead' });
      expect(within(dialog).getByRole('alert')).toHaveTextContent('This campaign has 12 donations ($4,350.00). Archive it instead.');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));

      expect(await screen.findByText('Campaign archived')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const archiveCall = fetchMock.mock.calls.find(([url]) => String(url).includes('/archive'));
      expect((archiveCall?.[1] as RequestInit).method).toBe('POST');
    });
  });

  describe('Refresh Totals', () => {
    test('posts to refresh-all-totals, shows the new totals and the success toast', async () => {
      let stored = [spring];
      const fetchMock = mockApi((url) => {
        if (url.pathname === '/api/campaigns/refresh-all-totals') {
          stored = [{ ...spring, amountRaised: '40000' }];
        }
        return { body: { data: { campaigns: stored } } };
      });
      renderCampaigns();
      const card = await screen.findByRole('article', { name: 'Spring Drive' });
      expect(within(card).getByText('$12,346')).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Refresh Totals' }));
      expect(await screen.findByText('Campaign totals refreshed successfully!')).toBeInTheDocument();
      const refreshCall = fetchMock.mock.calls.find(([input]) => String(input).includes('refresh-all-totals'));
      expect((refreshCall?.[1] as RequestInit).method).toBe('POST');
      expect(await within(screen.getByRole('article', { name: 'Spring Drive' })).findByText('$40,000')).toBeInTheDocument();
    });

    test('a failure shows the error toast', async () => {
      mockApi((url) => {
        if (url.pathname === '/api/campaigns/refresh-all-totals') return { status: 500, body: { message: 'boom' } };
        return { body: { data: { campaigns: [spring] } } };
      });
      renderCampaigns();
      await screen.findByRole('article', { name: 'Spring Drive' });
      await userEvent.click(screen.getByRole('button', { name: 'Refresh Totals' }));
      expect(await screen.findByText('Error refreshing campaign totals')).toBeInTheDocument();
    });
  });

  test('New Campaign and Edit lead to the form routes', async () => {
    mockApi(() => ({ body: { data: { campaigns: [spring] } } }));
    renderCampaigns();
    expect(screen.getByRole('link', { name: 'New Campaign' })).toHaveAttribute('href', '/dashboard/campaigns/new');
    expect(await screen.findByRole('link', { name: 'Edit Spring Drive' })).toHaveAttribute('href', '/dashboard/campaigns/cmp-1/edit');
  });

  test('a read-only member sees the campaigns but no New Campaign, Refresh Totals, Edit or Delete', async () => {
    mockApi(() => ({ body: { data: { campaigns: [spring] } } }));
    renderCampaigns();
    act(() => setSession({ ...testSession, role: 'read_only', permissions: [...ROLE_PERMISSIONS.read_only] }, { remember: false }));
    const card = await screen.findByRole('article', { name: 'Spring Drive' });
    expect(within(card).getByRole('link', { name: /View/ })).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Edit Spring Drive' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Delete Spring Drive' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New Campaign' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh Totals' })).not.toBeInTheDocument();
  });
});
