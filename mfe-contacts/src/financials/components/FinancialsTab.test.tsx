import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { analytics, clearToasts, workspaceCalendarDate } from '@caucus/platform';
import { mockApi, renderAt, type MockHandler } from '@caucus/platform/testing';
import { FinancialsTab } from '../index';
import { aDonation } from './ContactGiving/givingFixtures';

afterEach(async () => {
  // Send what a test queued (e.g. donation_form_viewed) while its own mock still answers, so a
  // batch flushed 2 s later never lands among the next test's calls.
  await analytics.flush();
  clearToasts();
  jest.restoreAllMocks();
});

const campaigns = {
  campaigns: [
    { id: 'cmp-1', name: 'Spring Drive' },
    { id: 'cmp-2', name: 'Fall Gala' },
  ],
};
const summary = {
  pledges: { total: 3, totalAmount: 1750, totalFulfilled: 250 },
  donations: { completed: 2, totalAmount: 400, averageAmount: 200, lastDonationDate: '2026-05-04' },
};
const pledge = (id: string, status: string, amount: number) => ({
  id,
  pledgeAmount: amount,
  frequency: 'monthly',
  pledgeDate: '2026-03-01',
  dueDate: null,
  campaignId: 'cmp-2',
  campaign: { id: 'cmp-2', name: 'Fall Gala' },
  notes: null,
  paymentMethod: 'cash',
  isAnonymous: false,
  solicitorId: null,
  status,
  amountFulfilled: 0,
  contactId: 'c1',
});
const pledges = {
  pledges: [pledge('p-open', 'pending', 500), pledge('p-done', 'fulfilled', 250), pledge('p-conf', 'confirmed', 1000), pledge('p-canc', 'cancelled', 75)],
};
const donation = aDonation({
  donationAmount: 250,
  paymentMethod: 'check',
  campaignId: 'cmp-2',
  campaign: { id: 'cmp-2', name: 'Fall Gala' },
  pledgeId: 'p-done',
  checkNumber: '1001',
});

type Call = { method: string; path: string; body: unknown };

function api(overrides: Partial<Record<string, MockHandler>> = {}) {
  const calls: Call[] = [];
  mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const override = overrides[`${method} ${url.pathname}`];
    if (override) return override(url, init);
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/campaigns':
        return { body: { data: campaigns } };
      case 'GET /api/contacts/c1/financials/summary':
        return { body: { data: summary } };
      case 'GET /api/contacts/c1/pledges':
        return { body: { data: pledges } };
      case 'GET /api/contacts/c1/donations':
        return { body: { data: { donations: [donation] } } };
      case 'POST /api/contacts/c1/pledges':
        return { status: 201, body: { data: { pledge: pledge('p-new', 'pending', 10) } } };
      case 'PUT /api/contacts/pledges/p-open':
        return { body: { data: { pledge: pledge('p-open', 'pending', 600) } } };
      case 'POST /api/contacts/c1/donations':
        return { status: 201, body: { data: { donation } } };
      case 'PUT /api/contacts/donations/d1':
        return { body: { data: { donation } } };
      default:
        return { body: { data: {} } };
    }
  });
  return calls;
}

const renderTab = (props: { contactId?: string | null; readOnly?: boolean } = {}) =>
  renderAt('/dashboard/contacts/c1/edit', '/dashboard/contacts/:id/edit', <FinancialsTab contactId="c1" readOnly={false} {...props} />);

const sent = (calls: Call[], method: string, path: string) => calls.find((c) => c.method === method && c.path === path)?.body;

async function openTab(name: RegExp) {
  await userEvent.click(await screen.findByRole('tab', { name }));
}

describe('FinancialsTab', () => {
  it('asks for a saved contact first', () => {
    api();
    renderTab({ contactId: undefined });
    expect(screen.getByText('Please save the contact first before adding pledges or donations')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('shows the summary figures and the counts on the sub-tabs', async () => {
    api();
    renderTab();
    expect(await screen.findByText('$1,750.00')).toBeInTheDocument();
    expect(screen.getByText('$250.00')).toBeInTheDocument();
    expect(screen.getByText('$400.00')).toBeInTheDocument();
    expect(screen.getByText('$200.00')).toBeInTheDocument();
    expect(screen.getByText('May 4, 2026')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('tab', { name: 'Pledges (4)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Donations (1)' })).toBeInTheDocument();
  });

  it('colors pledge statuses: fulfilled green, pending orange, confirmed blue, canceled red (US English label)', async () => {
    api();
    renderTab();
    await openTab(/^Pledges \(4\)/);
    const list = await screen.findByRole('list', { name: 'Pledges' });
    const tone = (label: string) => within(list).getByText(label).getAttribute('data-tone');
    expect(tone('Fulfilled')).toBe('success');
    expect(tone('Pending')).toBe('warning');
    expect(tone('Confirmed')).toBe('info');
    expect(tone('Canceled')).toBe('danger');
  });

  it("marks a gift entered by Staff as waiting for the treasurer's review, and no other", async () => {
    const staffGift = aDonation({ id: 'd-staff', donationAmount: 75, needsReview: true });
    api({ 'GET /api/contacts/c1/donations': () => ({ body: { data: { donations: [donation, staffGift] } } }) });
    renderTab();
    await openTab(/^Donations/);
    const items = within(await screen.findByRole('list', { name: 'Donations' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const waiting = items.filter((item) => within(item).queryByText('Waiting for review'));
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toHaveTextContent('$75.00');
  });

  it('hides add and edit when read-only', async () => {
    api();
    renderTab({ readOnly: true });
    await openTab(/^Pledges \(4\)/);
    await screen.findByRole('list', { name: 'Pledges' });
    expect(screen.queryByRole('button', { name: '+ Add Pledge' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit pledge/ })).not.toBeInTheDocument();
    await openTab(/^Donations/);
    await screen.findByRole('list', { name: 'Donations' });
    expect(screen.queryByRole('button', { name: '+ Add Donation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit donation/ })).not.toBeInTheDocument();
  });

  describe('donation modal', () => {
    it('opens with the defaults, tracks the view and shows the check number only for checks', async () => {
      const track = jest.spyOn(analytics, 'track');
      api();
      renderTab();
      await openTab(/^Donations/);
      await userEvent.click(await screen.findByRole('button', { name: '+ Add Donation' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Donation' });
      expect(within(dialog).getByLabelText('Payment Method')).toHaveValue('cash');
      expect(within(dialog).getByLabelText('Status')).toHaveValue('completed');
      expect(within(dialog).getByLabelText(/^Donation Date/)).toHaveValue(workspaceCalendarDate());
      expect(track).toHaveBeenCalledWith('donation_form_viewed', expect.objectContaining({ contactId: 'c1' }));
      expect(within(dialog).queryByLabelText('Check Number')).not.toBeInTheDocument();
      await userEvent.selectOptions(within(dialog).getByLabelText('Payment Method'), 'check');
      expect(within(dialog).getByLabelText('Check Number')).toBeInTheDocument();
      await userEvent.selectOptions(within(dialog).getByLabelText('Payment Method'), 'credit_card');
      expect(within(dialog).queryByLabelText('Check Number')).not.toBeInTheDocument();
    });

    it('offers only pledges that are not fulfilled for linking', async () => {
      api();
      renderTab();
      await openTab(/^Donations/);
      await userEvent.click(await screen.findByRole('button', { name: '+ Add Donation' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Donation' });
      const options = within(within(dialog).getByLabelText('Link to Pledge')).getAllByRole('option');
      const values = options.map((option) => (option as HTMLOptionElement).value);
      expect(values).toEqual(['', 'p-open', 'p-conf', 'p-canc']);
    });

    it('shows the validation texts and sends nothing', async () => {
      const calls = api();
      renderTab();
      await openTab(/^Donations/);
      await userEvent.click(await screen.findByRole('button', { name: '+ Add Donation' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Donation' });
      await userEvent.clear(within(dialog).getByLabelText(/^Donation Date/));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create Donation' }));
      expect(await within(dialog).findByText('Please enter a valid donation amount')).toBeInTheDocument();
      expect(within(dialog).getByText('Please select a campaign')).toBeInTheDocument();
      expect(within(dialog).getByText('Donation date is required')).toBeInTheDocument();
      await userEvent.type(within(dialog).getByLabelText(/^Donation Amount/), '-5');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create Donation' }));
      expect(await within(dialog).findByText('Please enter a valid donation amount')).toBeInTheDocument();
      expect(calls.some((c) => c.method === 'POST' && c.path !== '/api/analytics/events')).toBe(false);
    });

    it('sends ISO dates without empty fields, then refreshes the contact and campaign queries', async () => {
      const invalidate = jest.spyOn(QueryClient.prototype, 'invalidateQueries');
      const calls = api();
      renderTab();
      await openTab(/^Donations/);
      await userEvent.click(await screen.findByRole('button', { name: '+ Add Donation' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Donation' });
      await userEvent.type(within(dialog).getByLabelText(/^Donation Amount/), '125.50');
      await screen.findByRole('option', { name: 'Spring Drive' });
      await userEvent.selectOptions(within(dialog).getByLabelText(/^Campaign/), 'cmp-1');
      await userEvent.selectOptions(within(dialog).getByLabelText('Payment Method'), 'check');
      await userEvent.type(within(dialog).getByLabelText('Check Number'), '2002');
      await userEvent.selectOptions(within(dialog).getByLabelText('Link to Pledge'), 'p-open');
      const date = within(dialog).getByLabelText(/^Donation Date/);
      await userEvent.clear(date);
      await userEvent.type(date, '2026-06-15');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create Donation' }));

      expect(await screen.findByText('Donation created successfully')).toBeInTheDocument();
      expect(sent(calls, 'POST', '/api/contacts/c1/donations')).toEqual({
        donationAmount: 125.5,
        paymentMethod: 'check',
        checkNumber: '2002',
        status: 'completed',
        donationDate: '2026-06-15T00:00:00.000Z',
        campaignId: 'cmp-1',
        pledgeId: 'p-open',
        isAnonymous: false,
        isRecurring: false,
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(invalidate).toHaveBeenCalledWith({ queryKey: ['contacts'] });
      expect(invalidate).toHaveBeenCalledWith({ queryKey: ['campaigns'] });
      await waitFor(() => expect(calls.filter((c) => c.path === '/api/contacts/c1/financials/summary')).toHaveLength(2));
    });

    it('a gift over the largest FEC limit or dated in the future warns, and saves once confirmed', async () => {
      const calls = api();
      renderTab();
      await openTab(/^Donations/);
      await userEvent.click(await screen.findByRole('button', { name: '+ Add Donation' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Donation' });
      await userEvent.type(within(dialog).getByLabelText(/^Donation Amount/), '99999999999');
      await screen.findByRole('option', { name: 'Spring Drive' });
      await userEvent.selectOptions(within(dialog).getByLabelText(/^Campaign/), 'cmp-1');
      const date = within(dialog).getByLabelText(/^Donation Date/);
      await userEvent.clear(date);
      await userEvent.type(date, '2099-01-01');
      const box = within(dialog).getByRole('status');
      expect(box).toHaveTextContent('Donation amount is over $5,000, the largest FEC contribution limit');
      expect(box).toHaveTextContent('Donation date is in the future (2099-01-01)');

      await userEvent.click(within(dialog).getByRole('button', { name: 'Create Donation' }));
      expect(within(dialog).getByText('Confirm the values above to save, or correct them.')).toBeInTheDocument();
      expect(within(dialog).getByRole('checkbox', { name: 'These values are right' })).toHaveFocus();
      expect(sent(calls, 'POST', '/api/contacts/c1/donations')).toBeUndefined();

      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'These values are right' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create Donation' }));
      expect(await screen.findByText('Donation created successfully')).toBeInTheDocument();
      expect(sent(calls, 'POST', '/api/contacts/c1/donations')).toMatchObject({ donationAmount: 99999999999, donationDate: '2099-01-01T00:00:00.000Z' });
    });

    it('drops a check number typed before switching away from check', async () => {
      const calls = api();
      renderTab();
      await openTab(/^Donations/);
      await userEvent.click(await screen.findByRole('button', { name: '+ Add Donation' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Donation' });
      await userEvent.type(within(dialog).getByLabelText(/^Donation Amount/), '20');
      await screen.findByRole('option', { name: 'Fall Gala' });
      await userEvent.selectOptions(within(dialog).getByLabelText(/^Campaign/), 'cmp-2');
      await userEvent.selectOptions(within(dialog).getByLabelText('Payment Method'), 'check');
      await userEvent.type(within(dialog).getByLabelText('Check Number'), '77');
      await userEvent.selectOptions(within(dialog).getByLabelText('Payment Method'), 'cash');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create Donation' }));
      await screen.findByText('Donation created successfully');
      expect(sent(calls, 'POST', '/api/contacts/c1/donations')).not.toHaveProperty('checkNumber');
    });

    it('edits a donation with PUT, keeping its already linked pledge selectable', async () => {
      const calls = api();
      renderTab();
      await openTab(/^Donations/);
      await userEvent.click(await screen.findByRole('button', { name: 'Edit donation of $250.00' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Donation' });
      expect(within(dialog).getByLabelText('Check Number')).toHaveValue('1001');
      expect(within(dialog).getByLabelText('Link to Pledge')).toHaveValue('p-done');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Update Donation' }));
      expect(await screen.findByText('Donation updated successfully')).toBeInTheDocument();
      expect(sent(calls, 'PUT', '/api/contacts/donations/d1')).toMatchObject({
        donationAmount: 250,
        checkNumber: '1001',
        donationDate: '2026-05-04T00:00:00.000Z',
        pledgeId: 'p-done',
      });
    });

    it('shows the server message, or the generic text without one', async () => {
      let reply = { status: 422, body: { message: 'This pledge is already fulfilled' } as unknown };
      api({ 'POST /api/contacts/c1/donations': () => reply });
      renderTab();
      await openTab(/^Donations/);
      await userEvent.click(await screen.findByRole('button', { name: '+ Add Donation' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Donation' });
      await userEvent.type(within(dialog).getByLabelText(/^Donation Amount/), '20');
      await screen.findByRole('option', { name: 'Fall Gala' });
      await userEvent.selectOptions(within(dialog).getByLabelText(/^Campaign/), 'cmp-2');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create Donation' }));
      expect(await screen.findByText('Error: This pledge is already fulfilled')).toBeInTheDocument();
      reply = { status: 500, body: {} };
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create Donation' }));
      expect(await screen.findByText('Failed to save donation')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Add Donation' })).toBeInTheDocument();
    });
  });

  describe('pledge modal', () => {
    it('opens with the defaults and validates', async () => {
      const calls = api();
      renderTab();
      await openTab(/^Pledges/);
      await userEvent.click(await screen.findByRole('button', { name: '+ Add Pledge' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Pledge' });
      expect(within(dialog).getByLabelText('Frequency')).toHaveValue('one_time');
      expect(within(dialog).getByLabelText('Payment Method')).toHaveValue('cash');
      expect(within(dialog).getByLabelText(/^Pledge Date/)).toHaveValue(workspaceCalendarDate());
      await userEvent.clear(within(dialog).getByLabelText(/^Pledge Date/));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create Pledge' }));
      expect(await within(dialog).findByText('Please enter a valid pledge amount')).toBeInTheDocument();
      expect(within(dialog).getByText('Please select a campaign')).toBeInTheDocument();
      expect(within(dialog).getByText('Pledge date is required')).toBeInTheDocument();
      expect(calls.some((c) => c.method === 'POST' && c.path !== '/api/analytics/events')).toBe(false);
    });

    it('creates a pledge with ISO dates and no empty fields', async () => {
      const calls = api();
      renderTab();
      await openTab(/^Pledges/);
      await userEvent.click(await screen.findByRole('button', { name: '+ Add Pledge' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Pledge' });
      await userEvent.type(within(dialog).getByLabelText(/^Pledge Amount/), '1000');
      await screen.findByRole('option', { name: 'Spring Drive' });
      await userEvent.selectOptions(within(dialog).getByLabelText(/^Campaign/), 'cmp-1');
      const date = within(dialog).getByLabelText(/^Pledge Date/);
      await userEvent.clear(date);
      await userEvent.type(date, '2026-04-01');
      await userEvent.type(within(dialog).getByLabelText('Due Date'), '2026-12-31');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create Pledge' }));
      expect(await screen.findByText('Pledge created successfully')).toBeInTheDocument();
      expect(sent(calls, 'POST', '/api/contacts/c1/pledges')).toEqual({
        pledgeAmount: 1000,
        frequency: 'one_time',
        pledgeDate: '2026-04-01T00:00:00.000Z',
        dueDate: '2026-12-31T00:00:00.000Z',
        campaignId: 'cmp-1',
        paymentMethod: 'cash',
        status: 'pending',
        isAnonymous: false,
      });
    });

    it('updates a pledge with PUT and reports failures', async () => {
      let fail = false;
      const calls = api({
        'PUT /api/contacts/pledges/p-open': () => (fail ? { status: 500, body: {} } : { body: { data: { pledge: pledge('p-open', 'pending', 600) } } }),
      });
      renderTab();
      await openTab(/^Pledges/);
      await userEvent.click(await screen.findByRole('button', { name: 'Edit pledge of $500.00' }));
      let dialog = await screen.findByRole('dialog', { name: 'Edit Pledge' });
      expect(within(dialog).getByLabelText('Frequency')).toHaveValue('monthly');
      const amount = within(dialog).getByLabelText(/^Pledge Amount/);
      await userEvent.clear(amount);
      await userEvent.type(amount, '600');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Update Pledge' }));
      expect(await screen.findByText('Pledge updated successfully')).toBeInTheDocument();
      expect(sent(calls, 'PUT', '/api/contacts/pledges/p-open')).toMatchObject({ pledgeAmount: 600, campaignId: 'cmp-2' });

      fail = true;
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await userEvent.click(await screen.findByRole('button', { name: 'Edit pledge of $500.00' }));
      dialog = await screen.findByRole('dialog', { name: 'Edit Pledge' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Update Pledge' }));
      expect(await screen.findByText('Failed to save pledge')).toBeInTheDocument();
    });
  });
});
