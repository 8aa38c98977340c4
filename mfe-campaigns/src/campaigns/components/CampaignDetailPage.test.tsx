import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import type { Campaign, CampaignDonationsResponse, CampaignDonorsResponse, CampaignTotalsResponse, CaucusEvent } from '@caucus/contract';
import { clearToasts } from '@caucus/platform';
import { mockApi, renderAt, type MockReply } from '@caucus/platform/testing';
import { Section } from '../../Section';
import { DETAIL_PAGE_SIZE, DONATIONS_DEFINITION } from './CampaignDetailPage';

const campaign: Campaign = {
  id: 'cmp-1',
  name: 'Spring Drive',
  slug: 'spring-drive',
  description: 'Door to door across the county.',
  campaignType: 'fundraising',
  status: 'active',
  committeeId: 'com-1',
  donationAccountId: null,
  committee: { id: 'com-1', name: 'Friends of Dana' },
  donationAccount: null,
  fundraisingGoal: 50000,
  contactGoal: 500,
  volunteerGoal: 20,
  startDate: '2026-03-01',
  endDate: '2026-06-30',
  allowPublicDonations: true,
  donationMinimum: 1,
  donationMaximum: 0,
  suggestedAmounts: [25, 50],
  amountRaised: 1234568.19,
  donationCount: 3,
  contactsReached: 2,
  volunteersRecruited: 1,
  isActive: true,
  createdAt: null,
  updatedAt: null,
};

const monthly: CampaignTotalsResponse = {
  interval: 'month',
  points: [
    { periodStart: '2026-01-01', raised: 0.3, donationCount: 2, cumulativeRaised: 0.3 },
    { periodStart: '2026-02-01', raised: 0, donationCount: 0, cumulativeRaised: 0.3 },
    { periodStart: '2026-03-01', raised: 1234567.89, donationCount: 1, cumulativeRaised: 1234568.19 },
  ],
  totalRaised: 1234568.19,
  donationCount: 3,
};
const weekly: CampaignTotalsResponse = {
  interval: 'week',
  points: [{ periodStart: '2026-03-02', raised: 1234567.89, donationCount: 1, cumulativeRaised: 1234567.89 }],
  totalRaised: 1234567.89,
  donationCount: 1,
};

const donorsPage = (offset: number): CampaignDonorsResponse => ({
  donors: [
    {
      contactId: offset === 0 ? 'ct-1' : 'ct-11',
      firstName: offset === 0 ? 'Ana' : 'Kai',
      lastName: offset === 0 ? 'Lopez' : 'Moana',
      email: offset === 0 ? 'ana@example.org' : null,
      totalGiven: offset === 0 ? 1234567.89 : 0.3,
      donationCount: 1,
      lastDonationDate: '2026-03-08',
    },
  ],
  total: DETAIL_PAGE_SIZE + 1,
});

const donations: CampaignDonationsResponse = {
  donations: [
    {
      id: 'd-1',
      contact: { id: 'ct-1', firstName: 'Ana', lastName: 'Lopez' },
      donationAmount: 1234567.89,
      donationDate: '2026-03-08',
      paymentMethod: 'credit_card',
      status: 'completed',
      isAnonymous: false,
    },
    {
      id: 'd-2',
      contact: null,
      donationAmount: 0.1,
      donationDate: '2026-01-05',
      paymentMethod: 'check',
      status: 'refunded',
      isAnonymous: true,
    },
  ],
  total: 2,
};

const rally: Partial<CaucusEvent> = {
  id: 'ev-1',
  name: 'County Fair Booth',
  status: 'published',
  startDate: '2026-11-30',
  endDate: '2026-11-30',
  allDay: true,
  location: 'Fairgrounds',
};

type Call = { method: string; path: string; query: string };

function serveApi(overrides: (call: Call) => MockReply | undefined = () => undefined) {
  const calls: Call[] = [];
  mockApi((url, init) => {
    const call = { method: init?.method ?? 'GET', path: url.pathname, query: url.search };
    calls.push(call);
    const override = overrides(call);
    if (override) return override;
    if (call.path === '/api/campaigns/cmp-1' && call.method === 'GET') return { body: { data: { campaign } } };
    if (call.path === '/api/campaigns/cmp-1' && call.method === 'DELETE') return { body: { data: { deleted: true } } };
    if (call.path === '/api/campaigns') return { body: { data: { campaigns: [] } } };
    if (call.path === '/api/campaigns/cmp-1/totals') {
      return { body: { data: url.searchParams.get('interval') === 'week' ? weekly : monthly } };
    }
    if (call.path === '/api/campaigns/cmp-1/donors') return { body: { data: donorsPage(Number(url.searchParams.get('offset'))) } };
    if (call.path === '/api/campaigns/cmp-1/donations') return { body: { data: donations } };
    if (call.path === '/api/events') return { body: { data: { events: [rally] } } };
    return { status: 404, body: { message: 'Campaign not found' } };
  });
  return calls;
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderDetail(path = '/dashboard/campaigns/cmp-1') {
  return renderAt(
    path,
    '/dashboard/campaigns/*',
    <>
      <Section />
      <Location />
    </>,
  );
}

afterEach(() => clearToasts());

describe('a campaign card', () => {
  test('opens the campaign at its own URL, and keeps Edit and Delete', async () => {
    mockApi(() => ({ body: { data: { campaigns: [campaign] } } }));
    renderDetail('/dashboard/campaigns');
    const card = await screen.findByRole('article', { name: 'Spring Drive' });
    expect(within(card).getByRole('link', { name: 'Spring Drive' })).toHaveAttribute('href', '/dashboard/campaigns/cmp-1');
    expect(within(card).getByRole('link', { name: 'View Spring Drive' })).toHaveAttribute('href', '/dashboard/campaigns/cmp-1');
    expect(within(card).getByRole('link', { name: 'Edit Spring Drive' })).toHaveAttribute('href', '/dashboard/campaigns/cmp-1/edit');
    expect(within(card).getByRole('button', { name: 'Delete Spring Drive' })).toBeInTheDocument();
  });
});

describe('the campaign page', () => {
  test('shows the campaign with its money over time, donors, donations and events from the API', async () => {
    const calls = serveApi();
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring Drive' })).toBeInTheDocument();
    const progress = screen.getByRole('region', { name: 'Fundraising progress' });
    expect(progress).toHaveTextContent('$1,234,568.19 raised of $50,000 goal100.0%');
    expect(progress).toHaveTextContent('Donations3Contacts2Volunteers1');
    expect(progress).toHaveTextContent('Door to door across the county.');

    const chart = screen.getByRole('region', { name: 'Raised over time' });
    const figures = await screen.findByRole('table', { name: 'Raised by month' });
    const rows = within(figures)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Jan 2026', '$0.30', '2', '$0.30'],
      ['Feb 2026', '$0.00', '0', '$0.30'],
      ['Mar 2026', '$1,234,567.89', '1', '$1,234,568.19'],
    ]);
    expect(chart).toHaveTextContent('$1,234,568.19 raised from 3 completed donations over 3 months');
    expect(calls).toContainEqual({ method: 'GET', path: '/api/campaigns/cmp-1/totals', query: '?interval=month' });

    await userEvent.click(screen.getByRole('button', { name: 'Weekly' }));
    expect(await screen.findByRole('table', { name: 'Raised by week' })).toHaveTextContent('Week of Mar 2, 2026');
    expect(screen.getByRole('button', { name: 'Weekly' })).toHaveAttribute('aria-pressed', 'true');

    const donors = await screen.findByRole('table', { name: 'Donors to this campaign, largest total first' });
    expect(within(donors).getByRole('link', { name: 'Ana Lopez' })).toHaveAttribute('href', '/dashboard/contacts/ct-1');
    expect(donors).toHaveTextContent('$1,234,567.89');
    expect(donors).toHaveTextContent('Mar 8, 2026');

    const donationTable = await screen.findByRole('table', { name: 'Donation records of this campaign, every status, newest first' });
    const donationRows = within(donationTable).getAllByRole('row').slice(1);
    expect(donationRows[0]).toHaveTextContent('Mar 8, 2026Ana Lopez$1,234,567.89Credit cardCompleted');
    expect(donationRows[1]).toHaveTextContent('Jan 5, 2026Contact removed (anonymous)$0.10CheckRefunded');

    const event = await screen.findByRole('link', { name: 'County Fair Booth' });
    expect(event).toHaveAttribute('href', '/dashboard/events/ev-1');
    expect(event.parentElement).toHaveTextContent('Nov 30, 2026 · Fairgrounds');
    expect(calls).toContainEqual({ method: 'GET', path: '/api/events', query: '?campaignId=cmp-1' });
    expect(screen.getByRole('link', { name: 'Create Event' })).toHaveAttribute('href', '/dashboard/events/new?campaignId=cmp-1');
  });

  test('one definition of a donation count, stated once; the records table counts records, with separators', async () => {
    serveApi((call) => {
      if (call.path === '/api/campaigns/cmp-1' && call.method === 'GET') return { body: { data: { campaign: { ...campaign, donationCount: 11756 } } } };
      if (call.path === '/api/campaigns/cmp-1/donations') return { body: { data: { ...donations, total: 11757 } } };
      return undefined;
    });
    renderDetail();
    const progress = await screen.findByRole('region', { name: 'Fundraising progress' });
    await waitFor(() => expect(progress).toHaveTextContent('Donations11,756'));
    expect(screen.getAllByText(DONATIONS_DEFINITION)).toHaveLength(1);
    const pages = await screen.findByRole('navigation', { name: 'Donation records pages' });
    expect(pages).toHaveTextContent('Page 1 of 1,176 (11,757 total records)');
    expect(screen.queryByText(/total donations/)).not.toBeInTheDocument();
  });

  test("payment methods read as the product names them: 'ACH', not 'Ach'", async () => {
    serveApi((call) =>
      call.path === '/api/campaigns/cmp-1/donations'
        ? { body: { data: { total: 2, donations: donations.donations.map((d, i) => ({ ...d, paymentMethod: i === 0 ? 'ach' : 'paypal' })) } } }
        : undefined,
    );
    renderDetail();
    const table = await screen.findByRole('table', { name: 'Donation records of this campaign, every status, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('ACH');
    expect(rows[1]).toHaveTextContent('PayPal');
    expect(table).not.toHaveTextContent('Ach');
  });

  test('pages the donors through the API', async () => {
    const calls = serveApi();
    renderDetail();
    const pages = await screen.findByRole('navigation', { name: 'Donors pages' });
    expect(pages).toHaveTextContent(`Page 1 of 2 (${DETAIL_PAGE_SIZE + 1} total donors)`);
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Kai Moana' })).toBeInTheDocument();
    expect(calls).toContainEqual({
      method: 'GET',
      path: '/api/campaigns/cmp-1/donors',
      query: `?limit=${DETAIL_PAGE_SIZE}&offset=${DETAIL_PAGE_SIZE}`,
    });
  });

  test('every empty part offers the button that fills it', async () => {
    serveApi((call) => {
      if (call.path === '/api/campaigns/cmp-1/totals') {
        return { body: { data: { interval: 'month', points: [], totalRaised: 0, donationCount: 0 } } };
      }
      if (call.path === '/api/campaigns/cmp-1/donors') return { body: { data: { donors: [], total: 0 } } };
      if (call.path === '/api/campaigns/cmp-1/donations') return { body: { data: { donations: [], total: 0 } } };
      if (call.path === '/api/events') return { body: { data: { events: [] } } };
      return undefined;
    });
    renderDetail();
    expect(await screen.findByText('No donors yet')).toBeInTheDocument();
    expect(await screen.findByText('No events found')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('No donations yet')).toHaveLength(2));
    for (const link of screen.getAllByRole('link', { name: 'Import Donations' })) {
      expect(link).toHaveAttribute('href', '/dashboard/data');
    }
    expect(screen.getAllByRole('link', { name: 'Import Donations' })).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Create Event' })).toHaveAttribute('href', '/dashboard/events/new?campaignId=cmp-1');
  });

  test('another account’s or a missing campaign reads as not found', async () => {
    serveApi((call) => (call.path === '/api/campaigns/cmp-9' ? { status: 404, body: { message: 'Campaign not found' } } : undefined));
    renderDetail('/dashboard/campaigns/cmp-9');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Campaign not found');
    expect(screen.getByRole('link', { name: '← Back to Campaigns' })).toHaveAttribute('href', '/dashboard/campaigns');
  });

  test('Edit opens the form; Delete confirms, deletes and returns to the list', async () => {
    const calls = serveApi();
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Spring Drive' });
    expect(screen.getByRole('link', { name: 'Edit Spring Drive' })).toHaveAttribute('href', '/dashboard/campaigns/cmp-1/edit');

    await userEvent.click(screen.getByRole('button', { name: 'Delete Spring Drive' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete "Spring Drive"?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard/campaigns'));
    expect(calls).toContainEqual({ method: 'DELETE', path: '/api/campaigns/cmp-1', query: '' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaign Management' })).toBeInTheDocument();
  });
});
