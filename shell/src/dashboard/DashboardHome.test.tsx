import type { ComponentType } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import type { Campaign, CaucusEvent } from '@caucus/contract';
import { getSession } from '@caucus/platform';
import { loadWidget } from '../federation/remotes';
import { mockApi, type ApiHandler, type ApiReply } from '../test/mockApi';
import { demoSession, loginData } from '../test/fixtures';
import { renderApp, resetAppState } from '../test/renderApp';
import type { CalendarWidgetProps, PerformanceWidgetProps } from './DashboardHome';
import { GETTING_STARTED_STEPS, type DashboardOverview, type GettingStarted, type GettingStartedStep } from '@caucus/contract';

jest.mock('../federation/remotes');

const mockedLoadWidget = jest.mocked(loadWidget);

function campaign(id: string, name: string, overrides: Partial<Campaign> = {}): Campaign {
  return {
    id,
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    description: null,
    campaignType: 'fundraising',
    status: 'active',
    committeeId: null,
    donationAccountId: null,
    committee: null,
    donationAccount: null,
    fundraisingGoal: 10000,
    contactGoal: 0,
    volunteerGoal: 0,
    startDate: null,
    endDate: null,
    allowPublicDonations: true,
    donationMinimum: 1,
    donationMaximum: 0,
    suggestedAmounts: [25, 50],
    amountRaised: 0,
    donationCount: 0,
    contactsReached: 0,
    volunteersRecruited: 0,
    isActive: true,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: null,
    ...overrides,
  };
}

function event(id: string, name: string, campaignId: string | null): CaucusEvent {
  return {
    id,
    name,
    slug: null,
    description: null,
    eventType: 'fundraiser',
    status: 'published',
    campaignId,
    campaign: null,
    startDate: '2026-12-01T18:00:00.000Z',
    endDate: null,
    allDay: false,
    location: null,
    virtualUrl: null,
    isVirtual: false,
    isPublic: true,
    maxAttendees: 0,
    fundraisingGoal: 0,
    ticketPrice: 0,
    allowDonations: true,
    requiresRsvp: false,
    currentAttendees: 0,
    amountRaised: 0,
    createdAt: null,
    updatedAt: null,
  };
}

const CAMPAIGNS = [campaign('c-1', 'Council Race'), campaign('c-2', 'Spring Gala', { status: 'paused', isActive: false })];
const EVENTS = [event('e-1', 'Kickoff Rally', 'c-1'), event('e-2', 'Gala Dinner', 'c-2'), event('e-3', 'Town Hall', null)];

function overview(totalContacts: number, totalRaised: number, activeCampaigns: number): DashboardOverview {
  return {
    campaigns: { totalCampaigns: 2, activeCampaigns, totalRaised, totalGoal: 20000, averageProgress: 10 },
    contacts: { totalContacts, activeContacts: totalContacts, totalDonated: totalRaised },
    summary: { totalCampaigns: 2, totalContacts, totalRaised, goalProgress: 10 },
  };
}

const ALL_OVERVIEW = overview(1520, 12345.67, 1);
const GALA_OVERVIEW = overview(48, 2500.4, 0);

// Stand-ins with the contract's props, so the tests see exactly what the home page hands over.
function FakeCalendar({ events }: CalendarWidgetProps) {
  return (
    <ul aria-label="Calendar events">
      {events.map((item) => (
        <li key={item.id}>{item.name}</li>
      ))}
    </ul>
  );
}

function FakePerformance({ campaigns, selectedCampaignId, onSelect }: PerformanceWidgetProps) {
  return (
    <div>
      <p>Selected: {selectedCampaignId ?? 'none'}</p>
      {campaigns.map((item) => (
        <button key={item.id} type="button" onClick={() => onSelect(item.id)}>
          Select {item.name}
        </button>
      ))}
    </div>
  );
}

function useRealWidgets() {
  mockedLoadWidget.mockImplementation(async (_remote, widget) => ({
    default: (widget === 'CalendarWidget' ? FakeCalendar : FakePerformance) as ComponentType<object>,
  }));
}

const steps = (done: Partial<Record<GettingStartedStep, boolean>>) => GETTING_STARTED_STEPS.map((id) => ({ id, done: done[id] ?? false }));
/** What the API answers for an account with data, like the seeded demo account. */
const ESTABLISHED: GettingStarted = {
  isNewAccount: false,
  steps: steps({ createCampaign: true, addContact: true, buildList: true }),
};

type Overrides = { overview?: ApiHandler; gettingStarted?: ApiHandler | ApiReply; events?: CaucusEvent[] };

function mockDashboardApi({ overview: overviewHandler, gettingStarted, events = EVENTS }: Overrides = {}) {
  const overviewQueries: Array<string | null> = [];
  const api = mockApi({
    'GET /auth/me': { body: loginData },
    'GET /campaigns': { body: { data: { campaigns: CAMPAIGNS } } },
    'GET /events': { body: { data: { events } } },
    'GET /dashboard/getting-started': gettingStarted ?? { body: { data: ESTABLISHED } },
    'GET /dashboard/overview': (request) => {
      const campaignId = request.search.get('campaignId');
      overviewQueries.push(campaignId);
      if (overviewHandler) return overviewHandler(request);
      return { body: { data: campaignId === 'c-2' ? GALA_OVERVIEW : ALL_OVERVIEW } };
    },
  });
  return { ...api, overviewQueries };
}

function metric(name: string) {
  return screen.getByRole('region', { name });
}

beforeEach(() => {
  useRealWidgets();
  // React reports errors caught by boundaries; the boundaries' behaviour is what is asserted.
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  resetAppState();
  jest.restoreAllMocks();
  mockedLoadWidget.mockReset();
});

test('shows the three metrics, money in whole US dollars', async () => {
  const { overviewQueries } = mockDashboardApi();
  await renderApp('/dashboard', { session: demoSession });

  await waitFor(() => expect(within(metric('Total Raised')).getByText('$12,346')).toBeInTheDocument());
  expect(within(metric('Total Contacts')).getByText('1,520')).toBeInTheDocument();
  expect(within(metric('Active Campaigns')).getByText('1')).toBeInTheDocument();
  expect(overviewQueries).toEqual([null]);
});

test('shows skeletons, not figures, while the overview loads', async () => {
  let answer: (reply: { body: unknown }) => void = () => {};
  mockDashboardApi({ overview: () => new Promise((resolve) => (answer = resolve)) });
  await renderApp('/dashboard', { session: demoSession });

  expect(await screen.findByRole('region', { name: 'Total Raised' })).toBeInTheDocument();
  expect(within(metric('Total Raised')).getByTestId('skeleton')).toBeInTheDocument();
  expect(screen.queryByText(/^\$/)).not.toBeInTheDocument();

  answer({ body: { data: ALL_OVERVIEW } });
  expect(await within(metric('Total Raised')).findByText('$12,346')).toBeInTheDocument();
});

test('the campaign filter refetches the metrics with campaignId and hands the selection to both widgets', async () => {
  const { overviewQueries } = mockDashboardApi();
  const { user, location } = await renderApp('/dashboard', { session: demoSession });

  const calendar = await screen.findByRole('list', { name: 'Calendar events' });
  expect(
    within(calendar)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Kickoff Rally', 'Gala Dinner', 'Town Hall']);
  const filter = screen.getByLabelText('Campaign filter');
  expect(
    within(filter)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['All Campaigns', 'Council Race', 'Spring Gala']);
  expect(filter).toHaveValue('');

  await user.selectOptions(filter, 'Spring Gala');

  expect(await within(metric('Total Raised')).findByText('$2,500')).toBeInTheDocument();
  expect(within(metric('Total Contacts')).getByText('48')).toBeInTheDocument();
  expect(within(metric('Active Campaigns')).getByText('0')).toBeInTheDocument();
  expect(overviewQueries).toEqual([null, 'c-2']);
  expect(within(screen.getByRole('list', { name: 'Calendar events' })).getAllByRole('listitem')).toHaveLength(1);
  expect(screen.getByText('Gala Dinner')).toBeInTheDocument();
  expect(screen.getByText('Selected: c-2')).toBeInTheDocument();
  expect(location()).toBe('/dashboard?campaign=c-2');

  await user.selectOptions(filter, 'All Campaigns');
  expect(await within(metric('Total Raised')).findByText('$12,346')).toBeInTheDocument();
  expect(screen.getByText('Selected: none')).toBeInTheDocument();
  expect(within(screen.getByRole('list', { name: 'Calendar events' })).getAllByRole('listitem')).toHaveLength(3);
});

test('selecting a campaign in the performance widget sets the filter', async () => {
  const { overviewQueries } = mockDashboardApi();
  const { user } = await renderApp('/dashboard', { session: demoSession });

  await user.click(await screen.findByRole('button', { name: 'Select Spring Gala' }));

  expect(screen.getByLabelText('Campaign filter')).toHaveValue('c-2');
  expect(await within(metric('Total Raised')).findByText('$2,500')).toBeInTheDocument();
  expect(overviewQueries).toContain('c-2');
  expect(screen.queryByText('Kickoff Rally')).not.toBeInTheDocument();
});

test('loads each widget from its remote through the federation module', async () => {
  mockDashboardApi();
  await renderApp('/dashboard', { session: demoSession });
  await screen.findByRole('list', { name: 'Calendar events' });
  expect(mockedLoadWidget).toHaveBeenCalledWith('mfe_events', 'CalendarWidget');
  expect(mockedLoadWidget).toHaveBeenCalledWith('mfe_campaigns', 'PerformanceWidget');
});

test('a widget that fails degrades only its own card, and Retry loads it again', async () => {
  mockedLoadWidget.mockImplementation(async (remote) => {
    if (remote === 'mfe_events') throw new Error('ScriptNetworkError: Failed to load script');
    return { default: FakePerformance as ComponentType<object> };
  });
  mockDashboardApi();
  const { user } = await renderApp('/dashboard', { session: demoSession });

  const calendarCard = (await screen.findByRole('heading', { name: 'Calendar' })).closest('section');
  expect(calendarCard).not.toBeNull();
  expect(await within(calendarCard as HTMLElement).findByText('This widget is unavailable')).toBeInTheDocument();
  expect(screen.getAllByText('This widget is unavailable')).toHaveLength(1);
  // The rest of the home page keeps working.
  expect(screen.getByRole('button', { name: 'Select Council Race' })).toBeInTheDocument();
  expect(await within(metric('Total Raised')).findByText('$12,346')).toBeInTheDocument();
  expect(screen.queryByText('Unable to load dashboard')).not.toBeInTheDocument();

  useRealWidgets();
  await user.click(within(calendarCard as HTMLElement).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('list', { name: 'Calendar events' })).toBeInTheDocument();
  expect(screen.queryByText('This widget is unavailable')).not.toBeInTheDocument();
});

test('a widget that throws while rendering is contained to its card', async () => {
  function Broken(): never {
    throw new Error('render bug');
  }
  mockedLoadWidget.mockImplementation(async (remote) => ({
    default: (remote === 'mfe_campaigns' ? Broken : FakeCalendar) as ComponentType<object>,
  }));
  mockDashboardApi();
  await renderApp('/dashboard', { session: demoSession });

  const performanceCard = (await screen.findByRole('heading', { name: 'Campaign Performance' })).closest('section');
  expect(await within(performanceCard as HTMLElement).findByText('This widget is unavailable')).toBeInTheDocument();
  expect(await screen.findByRole('list', { name: 'Calendar events' })).toBeInTheDocument();
});

test('a failed load shows the error state with Retry, never sample figures', async () => {
  let failing = true;
  mockDashboardApi({
    overview: () => (failing ? { status: 400, body: { message: 'campaignId is invalid' } } : { body: { data: ALL_OVERVIEW } }),
  });
  const { user } = await renderApp('/dashboard', { session: demoSession });

  const alert = await screen.findByRole('alert');
  expect(within(alert).getByRole('heading', { name: 'Unable to load dashboard' })).toBeInTheDocument();
  expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  expect(within(alert).getByRole('button', { name: 'Return to Login' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Total Raised' })).not.toBeInTheDocument();
  expect(screen.queryByText(/^\$/)).not.toBeInTheDocument();

  failing = false;
  await user.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('$12,346')).toBeInTheDocument();
  expect(screen.queryByText('Unable to load dashboard')).not.toBeInTheDocument();
});

test('a server error shows the error state, and Return to Login goes to /login', async () => {
  mockDashboardApi({ overview: () => ({ status: 500, body: { message: 'An error occurred' } }) });
  const { user, location } = await renderApp('/dashboard', { session: demoSession });

  // A 5xx is retried once by the query client before the page gives up.
  expect(await screen.findByText('Unable to load dashboard', {}, { timeout: 4000 })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Return to Login' }));
  expect(location()).toBe('/login');
});

test('a 401 clears the session and goes to /login without the error state', async () => {
  // Answer after the page's own /auth/me check, as an expired session mid-visit would.
  mockDashboardApi({
    overview: async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return { status: 401, body: { message: 'Unauthorized' } };
    },
  });
  const { location } = await renderApp('/dashboard', { session: demoSession });

  await waitFor(() => expect(location()).toBe('/login'));
  expect(getSession()).toBeNull();
  expect(screen.queryByText('Unable to load dashboard')).not.toBeInTheDocument();
});

describe('first run', () => {
  test('a new account is welcomed, not welcomed back, and sees the checklist as the API reports it', async () => {
    mockDashboardApi({
      gettingStarted: { body: { data: { isNewAccount: true, steps: steps({ createCampaign: true }) } } },
    });
    await renderApp('/dashboard', { session: demoSession });

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Dana!' })).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();

    const checklist = await screen.findByRole('region', { name: 'Get started with Caucus' });
    expect(within(checklist).getByText('1 of 5 done')).toBeInTheDocument();
    expect(within(checklist).getByRole('progressbar', { name: 'Getting started progress' })).toHaveAttribute('aria-valuenow', '20');
    const items = within(checklist).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Create a campaign (done)',
      'Import your donor file (not done yet)',
      'Add a contact (not done yet)',
      'Build a list (not done yet)',
      'Set up two-factor sign-in (not done yet)',
    ]);
    // A done step has nothing left to open; the others link to where they are done.
    expect(within(items[0]).queryByRole('link')).not.toBeInTheDocument();
    const links = within(checklist)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Import file', '/dashboard/data'],
      ['Add contact', '/dashboard/contacts/new'],
      ['Build list', '/dashboard/lists/new'],
      ['Open security settings', '/dashboard/settings/security'],
    ]);
  });

  test('the checklist follows progress: every API answer is shown as it is', async () => {
    mockDashboardApi({
      gettingStarted: {
        body: { data: { isNewAccount: true, steps: steps({ createCampaign: true, importDonorFile: true, addContact: true }) } },
      },
    });
    await renderApp('/dashboard', { session: demoSession });
    const checklist = await screen.findByRole('region', { name: 'Get started with Caucus' });
    expect(within(checklist).getByText('3 of 5 done')).toBeInTheDocument();
    expect(within(checklist).getByText(/Set up two-factor sign-in/)).toHaveTextContent('(not done yet)');
  });

  test('an established account, like the demo, is welcomed back and sees no checklist', async () => {
    mockDashboardApi();
    await renderApp('/dashboard', { session: demoSession });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Dana!' })).toBeInTheDocument();
    await within(metric('Total Raised')).findByText('$12,346');
    expect(screen.queryByRole('region', { name: 'Get started with Caucus' })).not.toBeInTheDocument();
  });

  test('when progress cannot be read, the greeting claims nothing and no checklist is invented', async () => {
    mockDashboardApi({ gettingStarted: { status: 400, body: { message: 'Bad request' } } });
    await renderApp('/dashboard', { session: demoSession });
    await within(metric('Total Raised')).findByText('$12,346');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Dana!' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Get started with Caucus' })).not.toBeInTheDocument();
    expect(screen.queryByText('Unable to load dashboard')).not.toBeInTheDocument();
  });

  test('an empty calendar offers to create the first event', async () => {
    mockDashboardApi({ events: [] });
    await renderApp('/dashboard', { session: demoSession });
    expect(await screen.findByText('No events scheduled yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Event' })).toHaveAttribute('href', '/dashboard/events/new');
  });

  test('a campaign without events offers to create one for it', async () => {
    mockDashboardApi({ events: [EVENTS[0]] });
    const { user } = await renderApp('/dashboard', { session: demoSession });
    await screen.findByRole('list', { name: 'Calendar events' });
    expect(screen.queryByRole('link', { name: 'Create Event' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Campaign filter'), 'Spring Gala');
    expect(await screen.findByText('No events scheduled for this campaign yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Event' })).toHaveAttribute('href', '/dashboard/events/new?campaignId=c-2');
  });
});
