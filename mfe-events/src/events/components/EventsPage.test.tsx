import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { ROLE_PERMISSIONS, type CaucusEvent } from '@caucus/contract';
import { analytics, clearToasts, setSession } from '@caucus/platform';
import { mockApi, pending, renderAt, testSession, type MockReply } from '@caucus/platform/testing';
import { Section } from '../../Section';
import { EVENTS_SUBTITLE } from './EventsPage';

const gala: CaucusEvent = {
  id: 'e-1',
  name: 'Spring Gala',
  slug: null,
  description: null,
  eventType: 'fundraiser',
  status: 'published',
  campaignId: 'c-1',
  campaign: { id: 'c-1', name: 'Re-elect Rivera' },
  startDate: '2026-04-18T23:30:00.000Z',
  endDate: null,
  allDay: false,
  location: 'Grand Hotel, Springfield',
  virtualUrl: null,
  isVirtual: false,
  isPublic: true,
  maxAttendees: 200,
  fundraisingGoal: 50000,
  ticketPrice: 150,
  allowDonations: true,
  requiresRsvp: true,
  currentAttendees: 0,
  amountRaised: 0,
  createdAt: null,
  updatedAt: null,
};
const townHall: CaucusEvent = {
  ...gala,
  id: 'e-2',
  name: 'Town Hall',
  eventType: 'town_hall',
  status: 'draft',
  startDate: null,
  location: null,
  isVirtual: true,
  virtualUrl: 'https://meet.example.org/town-hall',
  campaignId: null,
  campaign: null,
};
const campaigns = [
  { id: 'c-1', name: 'Re-elect Rivera' },
  { id: 'c-2', name: 'School Bond' },
];

type Call = { method: string; path: string; body: unknown };

/** A small in-memory API: the fetch boundary answers like the real endpoints do. */
function serveApi(overrides: (call: Call) => MockReply | undefined = () => undefined) {
  const calls: Call[] = [];
  let events = [gala, townHall];
  const fetchMock = mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path: url.pathname, body };
    calls.push(call);
    const override = overrides(call);
    if (override) return override;
    if (url.pathname === '/api/analytics/events') return { body: { data: { accepted: 1 } } };
    if (url.pathname === '/api/campaigns') return { body: { data: { campaigns } } };
    if (url.pathname === '/api/events' && method === 'GET') return { body: { data: { events } } };
    if (url.pathname === '/api/events' && method === 'POST') {
      const created = { ...gala, ...body, id: 'e-new', campaign: campaigns.find((c) => c.id === body.campaignId) ?? null };
      events = [...events, created];
      return { status: 201, body: { data: { event: created } } };
    }
    const match = /^\/api\/events\/(.+)$/.exec(url.pathname);
    if (match) {
      const current = events.find((event) => event.id === match[1]);
      if (!current) return { status: 404, body: { message: 'Event not found' } };
      if (method === 'GET') return { body: { data: { event: current } } };
      if (method === 'PUT') {
        const updated = { ...current, ...body };
        events = events.map((event) => (event.id === current.id ? updated : event));
        return { body: { data: { event: updated } } };
      }
      if (method === 'DELETE') {
        events = events.filter((event) => event.id !== current.id);
        return { body: { data: { deleted: true } } };
      }
    }
    return { status: 404, body: { message: 'Not found' } };
  });
  return { calls, fetchMock };
}

function renderEvents(path = '/dashboard/events') {
  return renderAt(path, '/dashboard/events/*', <Section />);
}

afterEach(() => clearToasts());

describe('events list', () => {
  test('shows the title, subtitle and a card per event', async () => {
    const { calls } = serveApi();
    renderEvents();

    expect(screen.getByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    expect(screen.getByText(EVENTS_SUBTITLE)).toBeInTheDocument();

    const card = await screen.findByRole('article', { name: 'Spring Gala' });
    expect(within(card).getByText('Fundraiser')).toBeInTheDocument();
    expect(within(card).getByText('Published')).toBeInTheDocument();
    expect(within(card).getByText('Grand Hotel, Springfield')).toBeInTheDocument();
    expect(within(card).getByText('Re-elect Rivera')).toBeInTheDocument();
    // US English date and time, in the workspace's time zone (New York until settings say otherwise).
    const expected = new Date(gala.startDate as string).toLocaleString('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'America/New_York',
    });
    expect(expected).toMatch(/^Apr 1[89], 2026, \d{1,2}:\d{2}\s[AP]M$/);
    expect(within(card).getByText(expected)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/dashboard/events/e-1');
    expect(within(card).getByRole('button', { name: 'Edit Spring Gala' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Delete Spring Gala' })).toBeInTheDocument();

    const tbd = screen.getByRole('article', { name: 'Town Hall' });
    expect(within(tbd).getByText('TBD')).toBeInTheDocument();
    expect(within(tbd).getAllByText('Town Hall')).toHaveLength(2); // the type badge and the name
    expect(within(tbd).getByText('Online')).toBeInTheDocument();
    expect(within(tbd).getByText('No Campaign')).toBeInTheDocument();

    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/events' });
  });

  test('a read-only member sees the events but no New Event, Edit or Delete', async () => {
    serveApi();
    renderEvents();
    act(() => setSession({ ...testSession, role: 'read_only', permissions: [...ROLE_PERMISSIONS.read_only] }, { remember: false }));
    const card = await screen.findByRole('article', { name: 'Spring Gala' });
    expect(within(card).getByRole('link', { name: 'View Details' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Edit Spring Gala' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Delete Spring Gala' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Event' })).not.toBeInTheDocument();
  });

  test('shows a skeleton while loading', () => {
    mockApi(() => pending());
    renderEvents();
    expect(screen.getByLabelText('Loading events')).toHaveAttribute('aria-busy', 'true');
  });

  test('shows the API message with a Retry button', async () => {
    let calls = 0;
    mockApi(() => {
      calls += 1;
      return calls === 1 ? { status: 500, body: { message: 'Calendar service is down' } } : { body: { data: { events: [gala] } } };
    });
    renderEvents();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Calendar service is down');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Spring Gala' })).toBeInTheDocument();
  });

  test('shows the empty state with the button that creates the first event', async () => {
    mockApi((url) => (url.pathname === '/api/campaigns' ? { body: { data: { campaigns } } } : { body: { data: { events: [] } } }));
    renderEvents();
    expect(await screen.findByText('No events found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    // The form loads when first opened (ADR 0008).
    expect(await screen.findByRole('dialog', { name: 'Create New Event' })).toBeInTheDocument();
  });
});

describe('order, search and status filter', () => {
  const day = 24 * 60 * 60 * 1000;
  const at = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();
  const listed = [
    { ...gala, id: 'p-old', name: 'Old Rally', status: 'completed' as const, startDate: at(-60) },
    { ...gala, id: 'u-late', name: 'Autumn Gala', startDate: at(40) },
    { ...townHall, id: 'tbd', name: 'Town Hall' },
    { ...gala, id: 'p-recent', name: 'Recent Canvass', status: 'completed' as const, startDate: at(-3), location: 'Elm Street' },
    { ...gala, id: 'u-soon', name: 'Phone Bank', status: 'draft' as const, startDate: at(2), location: 'Elm Street' },
  ];
  const names = (region: HTMLElement) =>
    within(region)
      .getAllByRole('article')
      .map((card) => within(card).getByRole('heading').textContent);
  const group = (name: RegExp) => screen.getByRole('region', { name });

  beforeEach(() => {
    mockApi(() => ({ body: { data: { events: listed } } }));
  });

  test('lists upcoming events soonest first, then those without a date, then the past most recent first', async () => {
    renderEvents();
    await screen.findByRole('article', { name: 'Phone Bank' });
    const regions = screen.getAllByRole('region').map((region) => region.querySelector('h2')?.textContent);
    expect(regions).toEqual(['Upcoming (2)', 'Date to be announced (1)', 'Past (2)']);
    expect(names(group(/^Upcoming/))).toEqual(['Phone Bank', 'Autumn Gala']);
    expect(names(group(/^Date to be announced/))).toEqual(['Town Hall']);
    expect(names(group(/^Past/))).toEqual(['Recent Canvass', 'Old Rally']);
  });

  test('searches and filters by status, and offers to clear a filter that hides everything', async () => {
    renderEvents();
    await screen.findByRole('article', { name: 'Phone Bank' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search events' }), 'elm');
    expect(screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)).toEqual(['Phone Bank', 'Recent Canvass']);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'completed');
    expect(screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)).toEqual(['Recent Canvass']);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'cancelled');
    expect(screen.getByText('No events found')).toBeInTheDocument();
    expect(screen.getByText('No event matches this search and status.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(screen.getByRole('searchbox', { name: 'Search events' })).toHaveValue('');
  });
});

describe('the /new URL', () => {
  function Location() {
    const location = useLocation();
    return <output data-testid="location">{location.pathname + location.search}</output>;
  }

  test('opens the create form with the campaign of the link, and closing it returns to the list URL', async () => {
    serveApi();
    renderAt(
      '/dashboard/events/new?campaignId=c-2',
      '/dashboard/events/*',
      <>
        <Section />
        <Location />
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Create New Event' });
    await waitFor(() => expect(within(dialog).getByLabelText(/Campaign/)).toHaveValue('c-2'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Spring Gala' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/events');
  });
});

describe('deleting an event', () => {
  test('asks for confirmation, then deletes and removes the card', async () => {
    const { calls } = serveApi();
    renderEvents();
    const card = await screen.findByRole('article', { name: 'Spring Gala' });
    await userEvent.click(within(card).getByRole('button', { name: 'Delete Spring Gala' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete Event' });
    expect(within(dialog).getByText('Are you sure you want to delete "Spring Gala"?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(within(card).getByRole('button', { name: 'Delete Spring Gala' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Spring Gala' })).not.toBeInTheDocument());
    expect(calls).toContainEqual({ method: 'DELETE', path: '/api/events/e-1', body: undefined });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('says "Failed to delete event" when the API refuses', async () => {
    serveApi((call) => (call.method === 'DELETE' ? { status: 500, body: { message: 'Database is busy' } } : undefined));
    renderEvents();
    const card = await screen.findByRole('article', { name: 'Spring Gala' });
    await userEvent.click(within(card).getByRole('button', { name: 'Delete Spring Gala' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete event')).toBeInTheDocument();
    expect(screen.getByText('Database is busy')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Spring Gala' })).toBeInTheDocument();
  });
});

describe('the event form', () => {
  test('opens with the defaults and the campaigns from GET /campaigns', async () => {
    serveApi();
    renderEvents();
    await userEvent.click(screen.getByRole('button', { name: 'New Event' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Event' });
    const tabs = within(dialog)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(tabs).toEqual(['Basic Info', 'Logistics', 'Settings']);

    expect(within(dialog).getByLabelText('Event Type')).toHaveValue('fundraiser');
    expect(within(dialog).getByLabelText('Status')).toHaveValue('draft');
    const campaign = within(dialog).getByLabelText(/Campaign/);
    await waitFor(() => expect(within(campaign).getByRole('option', { name: 'School Bond' })).toBeInTheDocument());

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Logistics' }));
    expect(within(dialog).getByLabelText('Virtual event')).not.toBeChecked();
    expect(within(dialog).getByLabelText('Max Attendees')).toHaveAttribute('min', '0');

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Settings' }));
    expect(within(dialog).getByLabelText('Public event')).toBeChecked();
    expect(within(dialog).getByLabelText('Allow donations')).toBeChecked();
    expect(within(dialog).getByLabelText('Requires RSVP')).not.toBeChecked();
    for (const label of ['Ticket Price', 'Fundraising Goal']) {
      expect(within(dialog).getByLabelText(label)).toHaveAttribute('min', '0');
      expect(within(dialog).getByLabelText(label)).toHaveAttribute('step', '0.01');
    }
  });

  test('shows every validation text and sends nothing', async () => {
    const { calls } = serveApi();
    renderEvents();
    await userEvent.click(screen.getByRole('button', { name: 'New Event' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(within(dialog).getByText('Event name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Campaign selection is required')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText(/Event Name/), 'Gala');
    expect(within(dialog).queryByText('Event name is required')).not.toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'School Bond' })).toBeInTheDocument());
    await userEvent.selectOptions(within(dialog).getByLabelText(/Campaign/), 'c-2');

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Logistics' }));
    await userEvent.type(within(dialog).getByLabelText('Start Date'), '2026-05-02');
    await userEvent.type(within(dialog).getByLabelText('End Date'), '2026-05-01');
    await userEvent.click(within(dialog).getByLabelText('Virtual event'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(within(dialog).getByText('End date must be after start date')).toBeInTheDocument();
    expect(within(dialog).getByText('Virtual URL is required for virtual events')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  test('creates an event with POST /events and the shaped body', async () => {
    const { calls } = serveApi();
    renderEvents();
    await screen.findByRole('article', { name: 'Spring Gala' });
    await userEvent.click(screen.getByRole('button', { name: 'New Event' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Event Name/), '  Phone Bank Night ');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'School Bond' })).toBeInTheDocument());
    await userEvent.selectOptions(within(dialog).getByLabelText(/Campaign/), 'c-2');
    await userEvent.selectOptions(within(dialog).getByLabelText('Event Type'), 'phone_bank');

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Logistics' }));
    await userEvent.type(within(dialog).getByLabelText('Start Date'), '2026-05-02');
    await userEvent.type(within(dialog).getByLabelText('End Date'), '2026-05-02');
    await userEvent.clear(within(dialog).getByLabelText('Max Attendees'));
    await userEvent.type(within(dialog).getByLabelText('Max Attendees'), '40');

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Settings' }));
    await userEvent.clear(within(dialog).getByLabelText('Ticket Price'));
    await userEvent.type(within(dialog).getByLabelText('Ticket Price'), '12.50');
    await userEvent.click(within(dialog).getByLabelText('Requires RSVP'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));

    expect(await screen.findByRole('article', { name: 'Phone Bank Night' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/events');
    expect(post?.body).toEqual({
      name: 'Phone Bank Night',
      eventType: 'phone_bank',
      status: 'draft',
      campaignId: 'c-2',
      startDate: '2026-05-02',
      endDate: '2026-05-02',
      isVirtual: false,
      isPublic: true,
      maxAttendees: 40,
      fundraisingGoal: 0,
      ticketPrice: 12.5,
      allowDonations: true,
      requiresRsvp: true,
    });

    await analytics.flush();
    const tracked = calls.filter((call) => call.path === '/api/analytics/events');
    expect(tracked.flatMap((call) => (call.body as { events: { name: string }[] }).events.map((e) => e.name))).toContain('event_created');
  });

  test('edits an event with PUT /events/:id and keeps what was not changed', async () => {
    const { calls } = serveApi();
    renderEvents();
    const card = await screen.findByRole('article', { name: 'Town Hall' });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit Town Hall' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Event' });
    expect(within(dialog).getByLabelText(/Event Name/)).toHaveValue('Town Hall');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'School Bond' })).toBeInTheDocument());
    await userEvent.selectOptions(within(dialog).getByLabelText(/Campaign/), 'c-1');
    await userEvent.selectOptions(within(dialog).getByLabelText('Status'), 'published');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Event' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/events/e-2');
    expect(put?.body).toEqual({
      name: 'Town Hall',
      eventType: 'town_hall',
      status: 'published',
      campaignId: 'c-1',
      virtualUrl: 'https://meet.example.org/town-hall',
      isVirtual: true,
      isPublic: true,
      maxAttendees: 200,
      fundraisingGoal: 50000,
      ticketPrice: 150,
      allowDonations: true,
      requiresRsvp: true,
    });
  });

  test('says "Failed to save event" with the server message and keeps the form open', async () => {
    serveApi((call) =>
      call.method === 'POST' && call.path === '/api/events' ? { status: 400, body: { message: 'End date must be after start date' } } : undefined,
    );
    renderEvents();
    await userEvent.click(screen.getByRole('button', { name: 'New Event' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Event Name/), 'Gala');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'School Bond' })).toBeInTheDocument());
    await userEvent.selectOptions(within(dialog).getByLabelText(/Campaign/), 'c-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Failed to save event')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('event details', () => {
  test('links only an http(s) virtual URL: one saved as javascript: stays text', async () => {
    serveApi((call) =>
      call.method === 'GET' && call.path === '/api/events/e-2'
        ? { body: { data: { event: { ...townHall, virtualUrl: 'javascript:alert(document.cookie)' } } } }
        : undefined,
    );
    renderEvents('/dashboard/events/e-2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Town Hall' })).toBeInTheDocument();
    const facts = screen.getByRole('heading', { name: 'Event Details' }).closest('section') as HTMLElement;
    expect(within(facts).getByText('javascript:alert(document.cookie)').closest('a')).toBeNull();
  });

  test('links an https virtual URL', async () => {
    serveApi();
    renderEvents('/dashboard/events/e-2');
    expect(await screen.findByRole('link', { name: 'https://meet.example.org/town-hall' })).toHaveAttribute('href', 'https://meet.example.org/town-hall');
  });

  test('shows type, status, start, end, location, virtual URL and the placeholder tabs', async () => {
    const { calls } = serveApi();
    renderEvents('/dashboard/events/e-2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Town Hall' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/events/e-2' });

    const facts = screen.getByRole('heading', { name: 'Event Details' }).closest('section') as HTMLElement;
    const value = (label: string) => within(facts).getByText(label).nextElementSibling?.textContent;
    expect(value('Type')).toBe('Town Hall');
    expect(value('Status')).toBe('Draft');
    expect(value('Start')).toBe('TBD');
    expect(value('End')).toBe('Not set');
    expect(value('Location')).toBe('Not set');
    expect(value('Virtual URL')).toBe('https://meet.example.org/town-hall');
    expect(value('Campaign')).toBe('No Campaign');

    const tabs = screen.getByRole('tablist', { name: 'Event management' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Attendees', 'Co-Hosts', 'Communications', 'Financials', 'Calls & Meetings']);
    for (const name of ['Attendees', 'Co-Hosts', 'Communications', 'Financials', 'Calls & Meetings']) {
      await userEvent.click(within(tabs).getByRole('tab', { name }));
      expect(screen.getByRole('tabpanel', { name })).toHaveTextContent('Event management interface coming soon...');
    }
  });

  test('opens from a card and goes back, and deleting returns to the list', async () => {
    const { calls } = serveApi();
    renderEvents();
    const card = await screen.findByRole('article', { name: 'Spring Gala' });
    await userEvent.click(within(card).getByRole('link', { name: 'View Details' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring Gala' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Event' });
    expect(within(dialog).getByText('Are you sure you want to delete "Spring Gala"?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'DELETE', path: '/api/events/e-1', body: undefined });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Spring Gala' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Town Hall' })).toBeInTheDocument();
  });
});
