import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { analytics, clearToasts } from '@caucus/platform';
import { mockApi, renderAt } from '@caucus/platform/testing';
import { Section } from '../../../Section';
import type { Donation, FinancialSummary, Pledge } from '../../api/financialsApi';
import { aDonation, NO_GIFTS_SUMMARY } from './givingFixtures';

afterEach(async () => {
  // Send what a test queued (donation_form_viewed) while its own mock still answers.
  await analytics.flush();
  clearToasts();
});

const contact = {
  id: 'c1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  organization: null,
  title: null,
  primaryEmail: 'ada@example.org',
  primaryPhone: null,
  city: null,
  state: null,
  status: 'active',
  totalDonated: 1500,
  tags: ['Major donor', 'Board'],
  phoneNumbers: [],
  emailAddresses: [],
  addresses: [],
  associations: [],
  education: [],
  employment: [],
  notes: [],
};

const campaign = { id: 'cmp-1', name: 'Spring Drive' };

const donation: Donation = aDonation({ donationAmount: 1000, paymentMethod: 'credit_card', donationDate: '2026-03-14', campaign });

const refunded: Donation = {
  ...donation,
  id: 'd2',
  donationAmount: 75,
  paymentMethod: 'check',
  status: 'refunded',
  donationDate: '2025-11-02',
  campaign: null,
  campaignId: null,
};

const pledge: Pledge = {
  id: 'p1',
  contactId: 'c1',
  pledgeAmount: 2500,
  frequency: 'monthly',
  pledgeDate: '2026-01-10',
  dueDate: null,
  campaignId: 'cmp-1',
  campaign,
  notes: null,
  paymentMethod: 'ach',
  isAnonymous: false,
  solicitorId: null,
  status: 'confirmed',
  amountFulfilled: 500,
  createdAt: null,
  updatedAt: null,
};

const givingSummary: FinancialSummary = {
  pledges: { total: 1, totalAmount: 2500, totalFulfilled: 500 },
  donations: {
    completed: 2,
    totalAmount: 1500,
    averageAmount: 750,
    lastDonationDate: '2026-03-14',
    lastDonationAmount: 1000,
    largestDonationAmount: 1000,
    largestDonationDate: '2026-03-14',
    thisYear: { year: 2026, completed: 1, totalAmount: 1000 },
  },
};

type Call = { method: string; path: string; body: unknown };
type State = { summary: FinancialSummary; donations: Donation[]; pledges: Pledge[]; campaigns: { id: string; name: string }[] };

/** The API of one contact; a saved donation or pledge changes what the next reads answer. */
function api(state: State, onSave: (state: State, call: Call) => void = () => undefined) {
  const calls: Call[] = [];
  mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    const call = { method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/contacts/c1/with-images':
        return { body: { data: { contact } } };
      case 'GET /api/contacts/c1/financials/summary':
        return { body: { data: state.summary } };
      case 'GET /api/contacts/c1/donations':
        return { body: { data: { donations: state.donations } } };
      case 'GET /api/contacts/c1/pledges':
        return { body: { data: { pledges: state.pledges } } };
      case 'GET /api/campaigns':
        return { body: { data: { campaigns: state.campaigns } } };
      case 'POST /api/contacts/c1/donations':
        onSave(state, call);
        return { status: 201, body: { data: { donation: state.donations[0] } } };
      case 'POST /api/contacts/c1/pledges':
        onSave(state, call);
        return { status: 201, body: { data: { pledge: state.pledges[0] } } };
      default:
        return { body: { data: {} } };
    }
  });
  return calls;
}

const renderDetail = () => renderAt('/dashboard/contacts/c1', '/dashboard/contacts/*', <Section />);

const giving = async () => (await screen.findByRole('heading', { level: 2, name: 'Giving' })).closest('section') as HTMLElement;

/** The figure named `label` as its value and detail read. */
function figure(container: HTMLElement, label: string | RegExp): string {
  const term = within(container).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('giving on the contact detail', () => {
  it('shows lifetime, this year, last and largest gift, the tags, and every donation and pledge', async () => {
    api({ summary: givingSummary, donations: [donation, refunded], pledges: [pledge], campaigns: [campaign] });
    renderDetail();
    const card = await giving();
    await within(card).findByText('Lifetime');
    expect(figure(card, 'Lifetime')).toBe('$1,500.002 gifts');
    expect(figure(card, 'This year (2026)')).toBe('$1,000.001 gift');
    expect(figure(card, 'Last gift')).toBe('$1,000.00Mar 14, 2026');
    expect(figure(card, 'Largest gift')).toBe('$1,000.00Mar 14, 2026');
    expect(within(card).queryByText('No gifts yet')).not.toBeInTheDocument();

    const donations = await within(card).findByRole('region', { name: 'Donations (2)' });
    const rows = within(donations).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Mar 14, 2026', '$1,000.00', 'Spring Drive', 'Credit card', 'Completed', 'History'],
      ['Nov 2, 2025', '$75.00', '—', 'Check', 'Refunded', 'History'],
    ]);
    // Each gift opens its History (who changed what), a column of its own.
    expect(
      within(donations)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Amount', 'Campaign', 'Method', 'Status', 'History']);
    const pledges = within(card).getByRole('region', { name: 'Pledges (1)' });
    expect(
      within(within(pledges).getAllByRole('row')[1])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Jan 10, 2026', '$2,500.00', 'Spring Drive', 'ACH', 'Confirmed', '$500.00']);

    const tags = screen.getByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Major donor', 'Board']);
  });

  it('shows no figure without a gift, and says so', async () => {
    api({ summary: NO_GIFTS_SUMMARY, donations: [], pledges: [], campaigns: [campaign] });
    renderDetail();
    const card = await giving();
    expect(await within(card).findByText('No gifts yet')).toBeInTheDocument();
    for (const label of ['Lifetime', 'This year (2026)', 'Last gift', 'Largest gift']) expect(figure(card, label)).toBe('—');
    expect(within(card).queryByText('$0.00')).not.toBeInTheDocument();
    expect(await within(card).findByText('No donations yet')).toBeInTheDocument();
    expect(within(card).getByText('No pledges yet')).toBeInTheDocument();
  });

  it('keeps the rest of the record when the figures fail to load, and retries', async () => {
    let fail = true;
    mockApi((url) => {
      if (url.pathname === '/api/contacts/c1/financials/summary') {
        return fail ? { status: 500, body: { message: 'Database unavailable' } } : { body: { data: givingSummary } };
      }
      if (url.pathname.endsWith('/donations')) return { body: { data: { donations: [] } } };
      if (url.pathname.endsWith('/pledges')) return { body: { data: { pledges: [] } } };
      return { body: { data: { contact } } };
    });
    renderDetail();
    const card = await giving();
    const alert = await within(card).findByRole('alert', undefined, { timeout: 5000 });
    expect(alert).toHaveTextContent('The giving figures could not be loaded.');
    expect(screen.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(figure(card, 'Lifetime')).toBe('$1,500.002 gifts'));
  });

  it('adds a donation from the detail and refreshes the figures and the list', async () => {
    const calls = api({ summary: NO_GIFTS_SUMMARY, donations: [], pledges: [pledge], campaigns: [campaign] }, (state) => {
      state.summary = {
        ...NO_GIFTS_SUMMARY,
        donations: {
          ...NO_GIFTS_SUMMARY.donations,
          completed: 1,
          totalAmount: 125.5,
          averageAmount: 125.5,
          lastDonationDate: '2026-06-15',
          lastDonationAmount: 125.5,
          largestDonationAmount: 125.5,
          largestDonationDate: '2026-06-15',
          thisYear: { year: 2026, completed: 1, totalAmount: 125.5 },
        },
      };
      state.donations = [{ ...donation, donationAmount: 125.5, donationDate: '2026-06-15', paymentMethod: 'cash' }];
    });
    renderDetail();
    const card = await giving();
    await within(card).findByText('No gifts yet');
    await userEvent.click(within(card).getByRole('button', { name: 'Add donation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Donation' });
    await userEvent.type(within(dialog).getByLabelText(/^Donation Amount/), '125.50');
    await within(dialog).findByRole('option', { name: 'Spring Drive' });
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Campaign/), 'cmp-1');
    // The contact's open pledge can take the payment, as in the contact form.
    expect(
      within(within(dialog).getByLabelText('Link to Pledge'))
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['', 'p1']);
    const date = within(dialog).getByLabelText(/^Donation Date/);
    await userEvent.clear(date);
    await userEvent.type(date, '2026-06-15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Donation' }));

    expect(await screen.findByText('Donation created successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/contacts/c1/donations')).toMatchObject({
      path: '/api/contacts/c1/donations',
      body: { donationAmount: 125.5, campaignId: 'cmp-1', donationDate: '2026-06-15T00:00:00.000Z', status: 'completed' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(figure(card, 'Lifetime')).toBe('$125.501 gift'));
    expect(figure(card, 'Last gift')).toBe('$125.50Jun 15, 2026');
    expect(within(card).queryByText('No gifts yet')).not.toBeInTheDocument();
    expect(await within(card).findByRole('region', { name: 'Donations (1)' })).toHaveTextContent('$125.50');
  });

  it('adds a pledge from the detail and refreshes the pledges', async () => {
    const calls = api({ summary: NO_GIFTS_SUMMARY, donations: [], pledges: [], campaigns: [campaign] }, (state) => {
      state.pledges = [{ ...pledge, pledgeAmount: 300, amountFulfilled: 0, status: 'pending' }];
    });
    renderDetail();
    const card = await giving();
    await within(card).findByText('No pledges yet');
    await userEvent.click(within(card).getByRole('button', { name: 'Add pledge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Pledge' });
    await userEvent.type(within(dialog).getByLabelText(/^Pledge Amount/), '300');
    await within(dialog).findByRole('option', { name: 'Spring Drive' });
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Campaign/), 'cmp-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Pledge' }));

    expect(await screen.findByText('Pledge created successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/contacts/c1/pledges')).toMatchObject({
      path: '/api/contacts/c1/pledges',
      body: { pledgeAmount: 300, campaignId: 'cmp-1' },
    });
    const pledges = await within(card).findByRole('region', { name: 'Pledges (1)' });
    expect(pledges).toHaveTextContent('$300.00');
    expect(pledges).toHaveTextContent('Pending');
  });
});

describe('Create Campaign First', () => {
  it.each([
    ['Add donation', 'Add Donation', 'Create Donation'],
    ['Add pledge', 'Add Pledge', 'Create Pledge'],
  ])('%s without a campaign offers to create one in a new tab, and sends nothing', async (button, title, submit) => {
    const calls = api({ summary: NO_GIFTS_SUMMARY, donations: [], pledges: [], campaigns: [] });
    renderDetail();
    const card = await giving();
    await userEvent.click(within(card).getByRole('button', { name: button }));
    const dialog = await screen.findByRole('dialog', { name: title });
    const link = await within(dialog).findByRole('link', { name: 'Create Campaign First' });
    expect(link).toHaveAttribute('href', '/dashboard?section=campaigns');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(dialog).getByRole('option', { name: 'No campaigns yet' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: submit }));
    expect(await within(dialog).findByText('Please select a campaign')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path !== '/api/analytics/events')).toBe(false);
  });

  it('is not offered once the account has a campaign', async () => {
    api({ summary: NO_GIFTS_SUMMARY, donations: [], pledges: [], campaigns: [campaign] });
    renderDetail();
    const card = await giving();
    await userEvent.click(within(card).getByRole('button', { name: 'Add pledge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Pledge' });
    await within(dialog).findByRole('option', { name: 'Spring Drive' });
    expect(within(dialog).queryByRole('link', { name: 'Create Campaign First' })).not.toBeInTheDocument();
  });
});
