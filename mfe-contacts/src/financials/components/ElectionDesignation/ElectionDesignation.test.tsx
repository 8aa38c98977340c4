import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { analytics, clearToasts } from '@caucus/platform';
import { mockApi, renderAt, type MockHandler } from '@caucus/platform/testing';
import { aDonation } from '../ContactGiving/givingFixtures';
import type { Donation } from '../../api/financialsApi';
import { DonationModal } from '../DonationModal';

afterEach(async () => {
  await analytics.flush();
  clearToasts();
  jest.restoreAllMocks();
});

const campaigns = {
  campaigns: [
    { id: 'cmp-fec', name: 'House Race', committeeId: 'com-1' },
    { id: 'cmp-plain', name: 'Gala', committeeId: null },
  ],
};
const limits = {
  contactId: 'c1',
  committeeId: 'com-1',
  contributorType: 'individual',
  elections: [
    { electionCode: 'P2026', electionDate: '2026-06-09', aggregate: 3000, limit: 3500, remaining: 500 },
    { electionCode: 'G2026', electionDate: '2026-11-03', aggregate: 0, limit: 3500, remaining: 3500 },
  ],
};
const saved: Donation = aDonation({ donationAmount: 3000, campaignId: 'cmp-fec', campaign: { id: 'cmp-fec', name: 'House Race' }, electionCode: 'P2026' });

type Call = { method: string; path: string; query: string; body: unknown };

function api(overrides: Partial<Record<string, MockHandler>> = {}) {
  const calls: Call[] = [];
  mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url.pathname, query: url.search, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const override = overrides[`${method} ${url.pathname}`];
    if (override) return override(url, init);
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/campaigns':
        return { body: { data: campaigns } };
      case 'GET /api/compliance/limits':
        return { body: { data: limits } };
      case 'POST /api/contacts/c1/donations':
        return { status: 201, body: { data: { donation: saved } } };
      case 'PUT /api/contacts/donations/d1':
        return { body: { data: { donation: saved } } };
      default:
        return { body: { data: {} } };
    }
  });
  return calls;
}

// The form's own request, not the analytics batch the page may flush meanwhile (after 2 s on a slow run).
const sent = (calls: Call[], method: string) => calls.find((c) => c.method === method && c.path !== '/api/analytics/events')?.body;

async function openModal(donation: Donation | null = null) {
  renderAt('/contact', '/contact', <DonationModal contactId="c1" donation={donation} pledges={[]} onClose={() => undefined} />);
  const dialog = await screen.findByRole('dialog', { name: donation ? 'Edit Donation' : 'Add Donation' });
  await within(dialog).findByRole('option', { name: 'House Race' });
  return dialog;
}

async function fill(dialog: HTMLElement, { amount, date, campaign = 'cmp-fec' }: { amount: string; date: string; campaign?: string }) {
  await userEvent.selectOptions(within(dialog).getByLabelText(/^Campaign/), campaign);
  const dateField = within(dialog).getByLabelText(/^Donation Date/);
  await userEvent.clear(dateField);
  await userEvent.type(dateField, date);
  const amountField = within(dialog).getByLabelText(/^Donation Amount/);
  await userEvent.clear(amountField);
  await userEvent.type(amountField, amount);
}

describe('Election designation in the donation modal', () => {
  it('designates the next election, shows the aggregate, warns past the limit and still saves with the code', async () => {
    const calls = api();
    const dialog = await openModal();
    await fill(dialog, { amount: '1000', date: '2026-05-01' });

    const election = await within(dialog).findByLabelText('Election Designation');
    await waitFor(() => expect(election).toHaveValue('P2026'));
    expect(calls.find((c) => c.path === '/api/compliance/limits')?.query).toBe('?contactId=c1&committeeId=com-1');
    const panel = within(dialog).getByRole('status', { name: 'Contribution limit' });
    expect(panel).toHaveTextContent("Contributor's aggregate for P2026: $3,000.00 of the $3,500.00 limit, $4,000.00 with this gift.");
    expect(panel).toHaveTextContent(
      "Over the limit: this gift exceeds the contributor's $3,500.00 limit for P2026 by $500.00. It is saved once you confirm it, then flagged as an excessive contribution to refund, redesignate or reattribute within 60 days of receipt.",
    );

    // Asked before it is recorded, as the form's other values to check are: nothing is sent until confirmed.
    expect(
      within(dialog).getByText("Donation amount takes the contributor's aggregate for P2026 to $4,000.00, past the $3,500.00 limit by $500.00"),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Donation' }));
    expect(await within(dialog).findByText('Confirm the values above to save, or correct them.')).toBeInTheDocument();
    expect(sent(calls, 'POST')).toBeUndefined();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'This value is right' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Donation' }));
    expect(await screen.findByText('Donation created successfully')).toBeInTheDocument();
    expect(sent(calls, 'POST')).toMatchObject({ donationAmount: 1000, campaignId: 'cmp-fec', electionCode: 'P2026' });
  });

  it('no warning up to the limit itself', async () => {
    api();
    const dialog = await openModal();
    await fill(dialog, { amount: '500', date: '2026-05-01' });
    const panel = await within(dialog).findByRole('status', { name: 'Contribution limit' });
    await waitFor(() => expect(panel).toHaveTextContent('$3,500.00 with this gift'));
    expect(panel).not.toHaveTextContent('Over the limit');
    expect(within(dialog).queryByRole('checkbox', { name: 'This value is right' })).not.toBeInTheDocument();
  });

  it('designates the primary on primary day and the general the day after', async () => {
    api();
    const dialog = await openModal();
    await fill(dialog, { amount: '1000', date: '2026-06-09' });
    const election = await within(dialog).findByLabelText('Election Designation');
    await waitFor(() => expect(election).toHaveValue('P2026'));

    const dateField = within(dialog).getByLabelText(/^Donation Date/);
    await userEvent.clear(dateField);
    await userEvent.type(dateField, '2026-06-10');
    await waitFor(() => expect(election).toHaveValue('G2026'));
    const panel = within(dialog).getByRole('status', { name: 'Contribution limit' });
    expect(panel).toHaveTextContent("Contributor's aggregate for G2026: $0.00 of the $3,500.00 limit, $1,000.00 with this gift.");
    expect(panel).not.toHaveTextContent('Over the limit');
  });

  it('keeps an election the user picked when the date changes, and sends it', async () => {
    const calls = api();
    const dialog = await openModal();
    await fill(dialog, { amount: '1000', date: '2026-05-01' });
    const election = await within(dialog).findByLabelText('Election Designation');
    await waitFor(() => expect(election).toHaveValue('P2026'));
    await userEvent.selectOptions(election, 'G2026');
    const dateField = within(dialog).getByLabelText(/^Donation Date/);
    await userEvent.clear(dateField);
    await userEvent.type(dateField, '2026-05-02');
    expect(election).toHaveValue('G2026');
    expect(within(dialog).getByRole('status', { name: 'Contribution limit' })).not.toHaveTextContent('Over the limit');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Donation' }));
    await screen.findByText('Donation created successfully');
    expect(sent(calls, 'POST')).toMatchObject({ electionCode: 'G2026' });
  });

  it('on edit, counts the gift once and sends its current code back with the PUT', async () => {
    const calls = api();
    const dialog = await openModal(saved);
    const election = await within(dialog).findByLabelText('Election Designation');
    expect(election).toHaveValue('P2026');
    const panel = within(dialog).getByRole('status', { name: 'Contribution limit' });
    // The $3,000 aggregate is this gift: without it there is nothing, with it $3,000.
    expect(panel).toHaveTextContent("Contributor's aggregate for P2026: $0.00 of the $3,500.00 limit, $3,000.00 with this gift.");
    expect(panel).not.toHaveTextContent('Over the limit');

    const amountField = within(dialog).getByLabelText(/^Donation Amount/);
    await userEvent.clear(amountField);
    await userEvent.type(amountField, '3600');
    expect(panel).toHaveTextContent("exceeds the contributor's $3,500.00 limit for P2026 by $100.00");
    // The gift itself is counted once: $3,600 is past the limit by $100, not by $3,100.
    expect(
      within(dialog).getByText("Donation amount takes the contributor's aggregate for P2026 to $3,600.00, past the $3,500.00 limit by $100.00"),
    ).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'This value is right' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Donation' }));
    await screen.findByText('Donation updated successfully');
    expect(sent(calls, 'PUT')).toMatchObject({ donationAmount: 3600, electionCode: 'P2026' });
  });

  it('offers no designation for a campaign without a committee, and sends none', async () => {
    const calls = api();
    const dialog = await openModal();
    await fill(dialog, { amount: '1000', date: '2026-05-01' });
    await within(dialog).findByLabelText('Election Designation');
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Campaign/), 'cmp-plain');
    expect(within(dialog).queryByLabelText('Election Designation')).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Donation' }));
    await screen.findByText('Donation created successfully');
    expect(sent(calls, 'POST')).not.toHaveProperty('electionCode');
  });

  it('says when the committee has no elections, and when the aggregate cannot be loaded', async () => {
    let reply: { status?: number; body: unknown } = { body: { data: { ...limits, elections: [] } } };
    api({ 'GET /api/compliance/limits': () => reply });
    const dialog = await openModal();
    await fill(dialog, { amount: '1000', date: '2026-05-01' });
    expect(await within(dialog).findByText(/The campaign's committee has no elections yet/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Election Designation')).not.toBeInTheDocument();

    reply = { status: 500, body: {} };
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Campaign/), 'cmp-plain');
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Campaign/), 'cmp-fec');
    expect(await within(dialog).findByText(/could not be loaded; the gift is still checked against the limit when it is saved/)).toBeInTheDocument();
  });

  it("shows the API's message on the field when it refuses the election", async () => {
    const message = "Election P2026 is not an election of the campaign's committee";
    api({ 'POST /api/contacts/c1/donations': () => ({ status: 400, body: { message, details: { electionCode: message } } }) });
    const dialog = await openModal();
    await fill(dialog, { amount: '1000', date: '2026-05-01' });
    await waitFor(() => expect(within(dialog).getByLabelText('Election Designation')).toHaveValue('P2026'));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'This value is right' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Donation' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Election Designation')).toHaveAccessibleDescription(expect.stringContaining(message));
  });
});
