import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { analytics, clearToasts } from '@caucus/platform';
import { mockApi, renderAt, type MockHandler } from '@caucus/platform/testing';
import { Section } from '../../../../Section';

afterEach(() => {
  clearToasts();
  jest.restoreAllMocks();
});

const committees = { committees: [{ id: 'cm-1', name: 'Friends of Dana', committeeType: 'pac' }] };
const accounts = { donationAccounts: [{ id: 'da-1', name: 'Main Account', account_type: 'checking' }] };

const stored = {
  id: 'cmp-1',
  name: 'Spring Drive',
  slug: 'spring-drive-2026',
  description: 'Door to door',
  campaignType: 'advocacy',
  status: 'active',
  committeeId: 'cm-1',
  donationAccountId: null,
  committee: { id: 'cm-1', name: 'Friends of Dana' },
  donationAccount: null,
  fundraisingGoal: 50000,
  contactGoal: 2000,
  volunteerGoal: 40,
  startDate: '2026-03-01',
  endDate: '2026-06-30',
  allowPublicDonations: true,
  donationMinimum: 5,
  donationMaximum: 0,
  suggestedAmounts: [10, 20],
  amountRaised: 0,
  donationCount: 0,
  contactsReached: 0,
  volunteersRecruited: 0,
  isActive: true,
  createdAt: '2026-02-01T00:00:00.000Z',
  updatedAt: null,
};

type Call = { method: string; path: string; search: string; body: unknown };

/** The API as the form sees it; records every call so a test can read what was sent. */
function api(overrides: Partial<Record<string, MockHandler>> = {}) {
  const calls: Call[] = [];
  mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url.pathname, search: url.search, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const override = overrides[`${method} ${url.pathname}`];
    if (override) return override(url, init);
    if (url.pathname === '/api/campaigns/committees') return { body: { data: committees } };
    if (url.pathname === '/api/campaigns/donation-accounts') return { body: { data: accounts } };
    if (url.pathname === '/api/campaigns' && method === 'POST') {
      return { status: 201, body: { data: { campaign: { ...stored, id: 'cmp-new' } } } };
    }
    if (url.pathname === '/api/campaigns') return { body: { data: { campaigns: [] } } };
    if (url.pathname === '/api/campaigns/cmp-1' && method === 'GET') return { body: { data: { campaign: stored } } };
    if (url.pathname === '/api/campaigns/cmp-1' && method === 'PUT') return { body: { data: { campaign: stored } } };
    if (url.pathname === '/api/analytics/events') return { body: { data: { accepted: 1 } } };
    return { status: 404, body: { message: 'Not found' } };
  });
  return calls;
}

function renderPath(path: string) {
  return renderAt(path, '/dashboard/campaigns/*', <Section />);
}

async function openTab(name: string) {
  await userEvent.click(screen.getByRole('tab', { name }));
}

describe('create campaign form', () => {
  test('title, the five tabs and the defaults of docs/product/limits-and-defaults.md', async () => {
    api();
    renderPath('/dashboard/campaigns/new');

    // The form page loads on demand (ADR 0008).
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Campaign' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Basic Info',
      'Goals & Targets',
      'Committees & Accounts',
      'Donation Settings',
      'Timeline',
    ]);
    expect(screen.getByRole('combobox', { name: /Campaign Type/ })).toHaveValue('fundraising');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('draft');

    await openTab('Donation Settings');
    expect(screen.getByRole('spinbutton', { name: 'Minimum Donation ($)' })).toHaveValue(1);
    expect(screen.getByRole('spinbutton', { name: 'Maximum Donation ($)' })).toHaveValue(0);
    const amounts = screen.getByRole('list', { name: 'Suggested amounts' });
    expect(
      within(amounts)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['$25', '$50', '$100', '$250', '$500', '$1,000']);
  });

  test('the slug follows the name', async () => {
    api();
    renderPath('/dashboard/campaigns/new');
    await userEvent.type(screen.getByRole('textbox', { name: /Campaign Name/ }), "Dana's  Spring -- Drive 2026!");
    expect(screen.getByRole('textbox', { name: /Slug/ })).toHaveValue('danas-spring-drive-2026');
  });

  test('suggested amounts: only new positive amounts, kept ascending', async () => {
    api();
    renderPath('/dashboard/campaigns/new');
    await openTab('Donation Settings');
    const input = screen.getByRole('spinbutton', { name: 'Add suggested amount' });
    const shown = () =>
      within(screen.getByRole('list', { name: 'Suggested amounts' }))
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent);

    await userEvent.type(input, '75');
    await userEvent.click(screen.getByRole('button', { name: 'Add Amount' }));
    expect(shown()).toEqual(['$25', '$50', '$75', '$100', '$250', '$500', '$1,000']);

    await userEvent.type(input, '50{Enter}');
    await userEvent.type(input, '0{Enter}');
    expect(shown()).toHaveLength(7);

    await userEvent.click(screen.getByRole('button', { name: 'Remove $1,000' }));
    expect(shown()).toEqual(['$25', '$50', '$75', '$100', '$250', '$500']);
  });

  test('shows every validation text on the tab that holds it and sends nothing', async () => {
    const calls = api();
    renderPath('/dashboard/campaigns/new');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Campaign Type/ }), '');
    await userEvent.click(screen.getByRole('button', { name: 'Create Campaign' }));

    expect(screen.getByText('Campaign name is required')).toBeInTheDocument();
    expect(screen.getByText('Campaign slug is required')).toBeInTheDocument();
    expect(screen.getByText('Campaign type is required')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: /Campaign Name/ }), 'Gala');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Campaign Type/ }), 'event');
    expect(screen.queryByText('Campaign name is required')).not.toBeInTheDocument();

    await openTab('Donation Settings');
    const minimum = screen.getByRole('spinbutton', { name: 'Minimum Donation ($)' });
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '-1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(screen.getByRole('tab', { name: /Donation Settings/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Minimum donation must be positive')).toBeInTheDocument();

    await userEvent.clear(minimum);
    await userEvent.type(minimum, '50');
    const maximum = screen.getByRole('spinbutton', { name: 'Maximum Donation ($)' });
    await userEvent.clear(maximum);
    await userEvent.type(maximum, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(screen.getByText('Maximum donation must be greater than minimum')).toBeInTheDocument();
    await userEvent.clear(maximum);
    await userEvent.type(maximum, '0');

    await openTab('Timeline');
    await userEvent.type(screen.getByLabelText('Start Date'), '2026-06-30');
    await userEvent.type(screen.getByLabelText('End Date'), '2026-03-01');
    await openTab('Basic Info');
    await userEvent.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(screen.getByRole('tab', { name: /Timeline/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('End date must be after start date')).toBeInTheDocument();

    expect(calls.filter((call) => call.method === 'POST' && call.path === '/api/campaigns')).toHaveLength(0);
  });

  test('through all five tabs: posts the shaped campaign, tracks campaign_created, returns to the list', async () => {
    const track = jest.spyOn(analytics, 'track');
    const calls = api();
    renderPath('/dashboard/campaigns/new');

    await userEvent.type(screen.getByRole('textbox', { name: /Campaign Name/ }), 'Spring Drive 2026');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'active');

    await openTab('Goals & Targets');
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Fundraising Goal ($)' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Fundraising Goal ($)' }), '50000');
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Contact Goal' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Contact Goal' }), '2000');

    await openTab('Committees & Accounts');
    const committee = screen.getByRole('combobox', { name: 'Committee' });
    await within(committee).findByRole('option', { name: 'Friends of Dana (Pac)' });
    await userEvent.selectOptions(committee, 'cm-1');
    const account = screen.getByRole('combobox', { name: 'Donation Account' });
    expect(await within(account).findByRole('option', { name: 'Main Account (Checking)' })).toBeInTheDocument();

    await openTab('Donation Settings');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Add suggested amount' }), '75{Enter}');

    await openTab('Timeline');
    await userEvent.type(screen.getByLabelText('Start Date'), '2026-03-01');
    await userEvent.type(screen.getByLabelText('End Date'), '2026-06-30');

    await userEvent.click(screen.getByRole('button', { name: 'Create Campaign' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Campaign Management' })).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/campaigns');
    expect(post?.body).toEqual({
      name: 'Spring Drive 2026',
      slug: 'spring-drive-2026',
      campaignType: 'fundraising',
      status: 'active',
      committeeId: 'cm-1',
      fundraisingGoal: 50000,
      contactGoal: 2000,
      volunteerGoal: 0,
      startDate: '2026-03-01',
      endDate: '2026-06-30',
      allowPublicDonations: true,
      donationMinimum: 1,
      donationMaximum: 0,
      suggestedAmounts: [25, 50, 75, 100, 250, 500, 1000],
    });
    expect(calls.find((call) => call.path === '/api/campaigns/donation-accounts')?.search).toBe('');
    expect(track).toHaveBeenCalledWith('campaign_created', { campaignId: 'cmp-new', campaignType: 'advocacy' });
  });

  test('a rejected save shows the alert with the server message and stays on the form', async () => {
    api({
      'POST /api/campaigns': () => ({ status: 409, body: { message: 'A campaign with this slug already exists' } }),
    });
    renderPath('/dashboard/campaigns/new');
    await userEvent.type(screen.getByRole('textbox', { name: /Campaign Name/ }), 'Gala');
    await userEvent.click(screen.getByRole('button', { name: 'Create Campaign' }));

    const alert = await screen.findByText('Failed to save campaign');
    expect(alert).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Create New Campaign' })).toBeInTheDocument();
    expect(screen.getAllByText('A campaign with this slug already exists').length).toBeGreaterThan(0);
  });
});

describe('edit campaign form', () => {
  test('loads the campaign, keeps its slug when the name changes, and PUTs the shaped campaign', async () => {
    const track = jest.spyOn(analytics, 'track');
    const calls = api();
    renderPath('/dashboard/campaigns/cmp-1/edit');

    expect(screen.getByRole('heading', { level: 1, name: 'Edit Campaign' })).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: /Campaign Name/ });
    expect(name).toHaveValue('Spring Drive');
    await userEvent.clear(name);
    await userEvent.type(name, 'Summer Drive');
    expect(screen.getByRole('textbox', { name: /Slug/ })).toHaveValue('spring-drive-2026');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Description' }));

    await openTab('Timeline');
    expect(screen.getByLabelText('Start Date')).toHaveValue('2026-03-01');
    expect(screen.getByLabelText('End Date')).toHaveValue('2026-06-30');

    await userEvent.click(screen.getByRole('button', { name: 'Update Campaign' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaign Management' })).toBeInTheDocument();

    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/campaigns/cmp-1');
    expect(put?.body).toEqual({
      name: 'Summer Drive',
      slug: 'spring-drive-2026',
      campaignType: 'advocacy',
      status: 'active',
      committeeId: 'cm-1',
      fundraisingGoal: 50000,
      contactGoal: 2000,
      volunteerGoal: 40,
      startDate: '2026-03-01',
      endDate: '2026-06-30',
      allowPublicDonations: true,
      donationMinimum: 5,
      donationMaximum: 0,
      suggestedAmounts: [10, 20],
    });
    expect(calls.find((call) => call.path === '/api/campaigns/donation-accounts')?.search).toBe('?campaignId=cmp-1');
    expect(track).not.toHaveBeenCalledWith('campaign_created', expect.anything());
  });

  test('a campaign that cannot be loaded shows its error text with Retry', async () => {
    api({ 'GET /api/campaigns/cmp-1': () => ({ status: 404, body: { message: 'Campaign not found' } }) });
    renderPath('/dashboard/campaigns/cmp-1/edit');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load campaign details');
    expect(alert).toHaveTextContent('Campaign not found');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  test('a failed update shows the save alert', async () => {
    api({ 'PUT /api/campaigns/cmp-1': () => ({ status: 500, body: { message: 'An error occurred' } }) });
    renderPath('/dashboard/campaigns/cmp-1/edit');
    await screen.findByRole('textbox', { name: /Campaign Name/ });
    await userEvent.click(screen.getByRole('button', { name: 'Update Campaign' }));
    expect(await screen.findByText('Failed to save campaign')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Edit Campaign' })).toBeInTheDocument());
  });
});

describe('committees and accounts tab', () => {
  test('creates a committee from the form and chooses it for the campaign', async () => {
    let created = false;
    const newCommittee = {
      id: 'cm-2',
      name: 'Dana for Congress',
      committeeType: 'candidate',
      fecId: 'C00999999',
      filingForm: 'F3',
      treasurerFirstName: null,
      treasurerLastName: null,
      street1: null,
      street2: null,
      city: null,
      state: null,
      zip: null,
      elections: [],
      createdAt: null,
      updatedAt: null,
    };
    api({
      'POST /api/committees': () => {
        created = true;
        return { status: 201, body: { data: { committee: newCommittee } } };
      },
      'GET /api/campaigns/committees': () => ({
        body: { data: { committees: [...committees.committees, ...(created ? [{ id: 'cm-2', name: 'Dana for Congress', committeeType: 'candidate' }] : [])] } },
      }),
    });
    renderPath('/dashboard/campaigns/new');
    await openTab('Committees & Accounts');
    expect(screen.getByRole('button', { name: 'Edit committee' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'New committee' }));
    const dialog = screen.getByRole('dialog', { name: 'New committee' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Committee name/ }), 'Dana for Congress');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /FEC committee ID/ }), 'C00999999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create committee' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const select = screen.getByRole('combobox', { name: 'Committee' });
    await within(select).findByRole('option', { name: 'Dana for Congress (Candidate)' });
    expect(select).toHaveValue('cm-2');
    expect(screen.getByRole('button', { name: 'Edit committee' })).toBeEnabled();
  });
});
