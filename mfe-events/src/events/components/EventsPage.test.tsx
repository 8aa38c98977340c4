import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Section } from '../../Section';
import { mockApi, pending, renderAt } from '@caucus/design-system/testing';
import { EVENTS_SUBTITLE } from './EventsPage';

const gala = {
  id: 'e-1',
  name: 'Spring Gala',
  description: null,
  eventType: 'fundraiser',
  status: 'published',
  startDate: '2026-04-18T23:30:00.000Z',
  endDate: null,
  location: 'Grand Hotel, Springfield',
  isVirtual: false,
  virtualUrl: null,
};
const townHall = { ...gala, id: 'e-2', name: 'Town Hall', eventType: 'town_hall', status: 'draft', startDate: null, location: null, isVirtual: true };

function renderEvents() {
  return renderAt('/dashboard/events', '/dashboard/events/*', <Section />);
}

describe('events section', () => {
  test('shows the title, subtitle and a card per event', async () => {
    const fetchMock = mockApi(() => ({ body: { data: { events: [gala, townHall] } } }));
    renderEvents();

    expect(screen.getByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    expect(screen.getByText(EVENTS_SUBTITLE)).toBeInTheDocument();

    const card = await screen.findByRole('article', { name: 'Spring Gala' });
    expect(within(card).getByText('Fundraiser')).toBeInTheDocument();
    expect(within(card).getByText('Published')).toBeInTheDocument();
    expect(within(card).getByText('Grand Hotel, Springfield')).toBeInTheDocument();
    // US English date and time, in the viewer's time zone.
    const expected = new Date(gala.startDate).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
    expect(expected).toMatch(/^Apr 1[89], 2026, \d{1,2}:\d{2}\s[AP]M$/);
    expect(within(card).getByText(expected)).toBeInTheDocument();

    const tbd = screen.getByRole('article', { name: 'Town Hall' });
    expect(within(tbd).getByText('TBD')).toBeInTheDocument();
    expect(within(tbd).getByText('Town hall')).toBeInTheDocument();
    expect(within(tbd).getByText('Online')).toBeInTheDocument();

    expect(new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost').pathname).toBe('/api/events');
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

  test('shows the empty state', async () => {
    mockApi(() => ({ body: { data: { events: [] } } }));
    renderEvents();
    expect(await screen.findByText('No events found')).toBeInTheDocument();
  });
});
