import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Section } from '../../Section';
import { mockApi, pending, renderAt } from '@caucus/design-system/testing';
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

    expect(new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost').pathname).toBe('/api/campaigns');
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
});
