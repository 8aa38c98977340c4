/** @jest-environment-options {"timezone": "Asia/Tokyo"} */
// The browser runs in Tokyo; the workspace is in New York (the default) unless a test says otherwise:
// the calendar must place and print events on the workspace's clock, never the browser's.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { CaucusEvent } from '@caucus/contract';
import { DEFAULT_WORKSPACE_PREFERENCES, setWorkspacePreferences, workspaceInstant } from '@caucus/platform';
import { CalendarWidget } from './CalendarWidget';

/** A day cell is named by its content: its date, then the events it shows. */
const dayNamed = (date: string) => new RegExp(`^${date}( |$)`);

function makeEvent(id: string, name: string, start: Date | null, campaign: CaucusEvent['campaign'] = { id: 'c-1', name: 'Main Campaign' }): CaucusEvent {
  return {
    id,
    name,
    slug: null,
    description: null,
    eventType: 'fundraiser',
    status: 'published',
    campaignId: campaign?.id ?? null,
    campaign,
    startDate: start ? start.toISOString() : null,
    endDate: start ? new Date(start.getTime() + 2 * 60 * 60 * 1000).toISOString() : null,
    allDay: false,
    location: 'Grand Hotel',
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

/** A wall-clock time in the workspace (New York) as the instant the API stores. */
const at = (day: string, time: string) => new Date(workspaceInstant(day, time) as string);
const nov18 = (hour: number) => at('2026-11-18', `${String(hour).padStart(2, '0')}:00`);
const events = [
  makeEvent('e-1', 'Annual Fundraising Dinner and Auction', nov18(9)),
  makeEvent('e-2', 'Phone Bank', nov18(12)),
  makeEvent('e-3', 'Door Knocking', nov18(15)),
  makeEvent('e-4', 'Town Hall', at('2026-11-20', '18:00'), null),
  makeEvent('e-5', 'Volunteer Orientation', null, null),
];

afterEach(() => act(() => setWorkspacePreferences(DEFAULT_WORKSPACE_PREFERENCES)));

describe('CalendarWidget', () => {
  test('month view: six weeks when the month needs them, so a Nov 30 all-day event is in November', () => {
    const canvass = { ...makeEvent('e-6', 'Canvass', null), startDate: '2026-11-30', endDate: '2026-11-30', allDay: true };
    render(<CalendarWidget events={[canvass]} defaultDate="2026-11-18" />);
    const grid = screen.getByRole('grid', { name: 'November 2026' });
    const cells = within(grid).getAllByTestId('month-cell');
    expect(cells).toHaveLength(42);
    expect(cells[41]).toHaveAccessibleName('Sunday, December 6, 2026');
    const lastDay = within(grid).getByRole('gridcell', { name: dayNamed('Monday, November 30, 2026') });
    expect(within(lastDay).getByRole('listitem')).toHaveTextContent('Canvass');
    expect(within(grid).getByRole('gridcell', { name: dayNamed('Sunday, November 29, 2026') })).not.toHaveTextContent('Canvass');
  });

  test('month view: weeks from Monday, at most 2 events per day plus "+N more", titles cut at 20', async () => {
    render(<CalendarWidget events={events} defaultDate="2026-11-18" />);
    const grid = screen.getByRole('grid', { name: 'November 2026' });
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);

    const cells = within(grid).getAllByTestId('month-cell');
    expect(cells).toHaveLength(42);
    expect(cells[0]).toHaveAccessibleName('Monday, October 26, 2026');
    expect(cells[34]).toHaveAccessibleName('Sunday, November 29, 2026');

    const busy = within(grid).getByRole('gridcell', { name: dayNamed('Wednesday, November 18, 2026') });
    const listed = within(busy)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(listed).toEqual(['Annual Fundraising D...', 'Phone Bank']);
    expect(within(busy).getByRole('button', { name: '+1 more' })).toBeInTheDocument();
    expect(within(busy).queryByText('Door Knocking')).not.toBeInTheDocument();

    // The event with no campaign says so when picked.
    const friday = within(grid).getByRole('gridcell', { name: dayNamed('Friday, November 20, 2026') });
    await userEvent.click(within(friday).getByRole('button', { name: 'Town Hall' }));
    const details = screen.getByRole('region', { name: 'Selected event' });
    expect(within(details).getByText('No Campaign')).toBeInTheDocument();

    // '+N more' opens that day.
    await userEvent.click(within(busy).getByRole('button', { name: '+1 more' }));
    expect(await screen.findByText('Door Knocking')).toBeInTheDocument();
    expect(screen.getByText('Wednesday, November 18, 2026')).toBeInTheDocument();
  });

  test('lists events without a start as TBD, with their campaign or "No Campaign"', () => {
    render(<CalendarWidget events={events} defaultDate="2026-11-18" />);
    const list = screen.getByRole('region', { name: 'Not yet scheduled' });
    expect(within(list).getByText('Volunteer Orientatio...')).toBeInTheDocument();
    const item = within(list).getByTitle('Volunteer Orientation').closest('li') as HTMLElement;
    expect(within(item).getByText('TBD')).toBeInTheDocument();
    expect(within(item).getByText('No Campaign')).toBeInTheDocument();
  });

  test('week view runs Monday to Sunday', async () => {
    render(<CalendarWidget events={events} defaultDate="2026-11-22" defaultView="week" />);
    // The week and day views load when first shown (ADR 0014).
    const headers = (await screen.findAllByTestId('day-header')).map((header) => header.textContent);
    expect(headers).toEqual(['Mon, 11/16', 'Tue, 11/17', 'Wed, 11/18', 'Thu, 11/19', 'Fri, 11/20', 'Sat, 11/21', 'Sun, 11/22']);
    expect(screen.getByText('Nov 16 – Nov 22, 2026')).toBeInTheDocument();
    expect(screen.getByText('Annual Fundraising D...')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Month' }));
    expect(screen.getAllByTestId('month-cell')).toHaveLength(42);
    await userEvent.click(screen.getByRole('button', { name: 'Day' }));
    expect(await screen.findByText('Sunday, November 22, 2026')).toBeInTheDocument();
  });

  test('week view: each day lists its events at their times, all-day ones apart; a day header opens that day', async () => {
    const canvass = { ...makeEvent('e-6', 'Canvass', null), startDate: '2026-11-19', endDate: '2026-11-19', allDay: true };
    render(<CalendarWidget events={[...events, canvass]} defaultDate="2026-11-18" defaultView="week" />);
    const wednesday = await screen.findByRole('list', { name: 'Wednesday, November 18, 2026' });
    expect(
      within(wednesday)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['9:00 AM – 11:00 AMAnnual Fundraising D...', '12:00 PM – 2:00 PMPhone Bank', '3:00 PM – 5:00 PMDoor Knocking']);
    expect(within(wednesday).getByRole('button', { name: /Phone Bank/ })).toHaveAttribute('title', 'Phone Bank — Main Campaign');
    expect(within(screen.getByRole('list', { name: 'All day, Thursday, November 19, 2026' })).getByRole('button')).toHaveTextContent('Canvass');
    expect(within(screen.getByRole('list', { name: 'Thursday, November 19, 2026' })).queryAllByRole('button')).toHaveLength(0);

    // Picking an event shows its details, as in the month view.
    await userEvent.click(within(wednesday).getByRole('button', { name: /Door Knocking/ }));
    expect(within(screen.getByRole('region', { name: 'Selected event' })).getByRole('heading')).toHaveTextContent('Door Knocking');

    await userEvent.click(screen.getByRole('button', { name: 'Fri, 11/20' }));
    expect(await screen.findByText('Friday, November 20, 2026')).toBeInTheDocument();
    expect(screen.getAllByTestId('day-header').map((header) => header.textContent)).toEqual(['Fri, 11/20']);
    expect(within(screen.getByRole('list', { name: 'Friday, November 20, 2026' })).getByRole('button')).toHaveTextContent('Town Hall');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Saturday, November 21, 2026')).toBeInTheDocument();
  });

  test.each(['month', 'week', 'day'] as const)('%s view and toolbar have no ARIA structure violations (axe)', async (view) => {
    const { container } = render(<CalendarWidget events={events} defaultDate="2026-11-18" defaultView={view} />);
    await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).toBeNull());
    // Rules on roles, names and lists: layout-dependent ones (contrast, scrolling) need a real browser (e2e).
    const results = await axe.run(container, {
      runOnly: {
        type: 'rule',
        values: [
          'aria-required-children',
          'aria-required-parent',
          'aria-allowed-role',
          'aria-valid-attr-value',
          'button-name',
          'list',
          'listitem',
          'nested-interactive',
          'aria-prohibited-attr',
        ],
      },
      resultTypes: ['violations'],
    });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('toolbar: Back and Next move by the period of the view, Today comes back; the view shown is pressed', async () => {
    render(<CalendarWidget events={events} defaultDate="2026-11-18" />);
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'false');
    // The period is a polite live region: moving is announced.
    expect(screen.getByText('November 2026')).toHaveAttribute('aria-live', 'polite');

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('grid', { name: 'October 2026' })).toBeInTheDocument();
    expect(screen.getByText('October 2026')).toHaveAttribute('aria-live', 'polite');

    // Back went to Thursday October 1st: its week runs Monday September 28 to Sunday October 4, and
    // Back from there keeps the weekday.
    await userEvent.click(screen.getByRole('button', { name: 'Week' }));
    // The month stays until the week's code is there.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByText('Sep 28 – Oct 4, 2026')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Sep 21 – Sep 27, 2026')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Day' }));
    expect(await screen.findByText('Thursday, September 24, 2026')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    // Today is the workspace's today, which is not always the browser's.
    const today = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'America/New_York' }).format(
      new Date(),
    );
    expect(screen.getByText(today, { selector: '[aria-live]' })).toBeInTheDocument();
  });

  test('navigates month by month', async () => {
    render(<CalendarWidget events={events} defaultDate="2026-11-18" />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
    // December 2026 fits five weeks: 35 cells, from Monday November 30.
    expect(screen.getAllByTestId('month-cell')).toHaveLength(35);
    expect(screen.getAllByTestId('month-cell')[0]).toHaveAccessibleName('Monday, November 30, 2026');
  });
});
