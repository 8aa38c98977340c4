/** @jest-environment-options {"timezone": "Asia/Tokyo"} */
// One time for an event on every screen. The browser runs in Tokyo; the workspace is in New York,
// Los Angeles or Honolulu. What the user types in the event form is the workspace's wall clock, and
// the calendar, the list card and the detail print that same clock, in the workspace's date format.
import { act, render, screen, within } from '@testing-library/react';
import type { CaucusEvent } from '@caucus/contract';
import { DEFAULT_WORKSPACE_PREFERENCES, setWorkspacePreferences } from '@caucus/platform';
import { CalendarWidget } from '../calendar/components/CalendarWidget';
import { eventRecord } from '../test/eventRecord';
import { emptyEventForm, formFromEvent, shapeEventForSave, validateEventForm } from './utils/eventForm';
import { formatEventEnd, formatEventStart } from './utils/format';

const ZONES = [
  // 6:30 PM on Wednesday November 18, 2026 (standard time everywhere) in UTC.
  { timezone: 'America/New_York', start: '2026-11-18T23:30:00.000Z', end: '2026-11-19T01:30:00.000Z' },
  { timezone: 'America/Los_Angeles', start: '2026-11-19T02:30:00.000Z', end: '2026-11-19T04:30:00.000Z' },
  { timezone: 'Pacific/Honolulu', start: '2026-11-19T04:30:00.000Z', end: '2026-11-19T06:30:00.000Z' },
];

const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

function eventFrom(body: { startDate?: string; endDate?: string }): CaucusEvent {
  return eventRecord({
    name: 'Harvest Dinner',
    campaignId: 'c-1',
    campaign: { id: 'c-1', name: 'Main Campaign' },
    startDate: body.startDate ?? null,
    endDate: body.endDate ?? null,
  });
}

const typed = {
  ...emptyEventForm(),
  name: 'Harvest Dinner',
  campaignId: 'c-1',
  startDate: '2026-11-18',
  startTime: '18:30',
  endDate: '2026-11-18',
  endTime: '20:30',
};

afterEach(() => act(() => setWorkspacePreferences(DEFAULT_WORKSPACE_PREFERENCES)));

// The week and day views load when first shown (ADR 0014); loaded once here, the tests below see
// them at once, as a user does after the first switch.
beforeAll(async () => {
  for (const view of ['week', 'day'] as const) {
    const { unmount } = render(<CalendarWidget events={[]} defaultDate="2026-11-18" defaultView={view} />);
    await screen.findAllByTestId('day-header');
    unmount();
  }
});

test('the browser really is in another zone than every workspace below', () => {
  expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('Asia/Tokyo');
});

describe.each(ZONES)('workspace in $timezone', ({ timezone, start, end }) => {
  beforeEach(() => setWorkspacePreferences({ timezone, dateFormat: 'MM/DD/YYYY' }));

  test('6:30 PM typed in the form is stored as that UTC instant and reads back as 6:30 PM', () => {
    expect(validateEventForm(typed)).toEqual({});
    const body = shapeEventForSave(typed);
    expect(body).toMatchObject({ startDate: start, endDate: end });
    expect(formFromEvent(eventFrom(body))).toMatchObject({ startDate: '2026-11-18', startTime: '18:30', endDate: '2026-11-18', endTime: '20:30' });
  });

  test('the list card, the detail and the calendar all say 6:30 PM on Wednesday the 18th', async () => {
    const event = eventFrom(shapeEventForSave(typed));
    expect(plain(formatEventStart(event.startDate))).toBe('Nov 18, 2026, 6:30 PM');
    expect(plain(formatEventEnd(event.endDate))).toBe('Nov 18, 2026, 8:30 PM');

    render(<CalendarWidget events={[event]} defaultDate="2026-11-16" defaultView="week" />);
    const wednesday = screen.getByRole('list', { name: 'Wednesday, November 18, 2026' });
    expect(plain(within(wednesday).getByRole('button').textContent)).toBe('6:30 PM – 8:30 PMHarvest Dinner');
    // In Tokyo it is already Thursday: the event must not move there.
    expect(within(screen.getByRole('list', { name: 'Thursday, November 19, 2026' })).queryAllByRole('button')).toHaveLength(0);

    // The month view puts it on the 18th, and picking it prints the list's time.
    act(() => screen.getByRole('button', { name: 'Month' }).click());
    const cell = screen.getByRole('gridcell', { name: /^Wednesday, November 18, 2026/ });
    act(() => within(cell).getByRole('button', { name: 'Harvest Dinner' }).click());
    expect(plain(within(screen.getByRole('region', { name: 'Selected event' })).getByText(/2026/).textContent)).toBe('Nov 18, 2026, 6:30 PM');
  });
});

test('an event entered in New York reads 3:30 PM on every screen once the workspace moves to Pacific time', () => {
  setWorkspacePreferences({ timezone: 'America/New_York', dateFormat: 'MM/DD/YYYY' });
  const event = eventFrom(shapeEventForSave(typed));
  act(() => setWorkspacePreferences({ timezone: 'America/Los_Angeles', dateFormat: 'MM/DD/YYYY' }));
  expect(plain(formatEventStart(event.startDate))).toBe('Nov 18, 2026, 3:30 PM');
  render(<CalendarWidget events={[event]} defaultDate="2026-11-18" defaultView="day" />);
  expect(plain(within(screen.getByRole('list', { name: 'Wednesday, November 18, 2026' })).getByRole('button').textContent)).toBe(
    '3:30 PM – 5:30 PMHarvest Dinner',
  );
});

test.each([
  ['DD/MM/YYYY', ['Mon, 16/11', 'Tue, 17/11'], '16 Nov – 22 Nov 2026', 'Wednesday, 18 November 2026', '18 Nov 2026, 6:30 PM'],
  ['YYYY-MM-DD', ['Mon, 11-16', 'Tue, 11-17'], '11-16 – 2026-11-22', 'Wednesday, 2026-11-18', '2026-11-18, 6:30 PM'],
] as const)('the calendar follows the %s date format, as the list does', (dateFormat, firstDays, weekTitle, dayName, listText) => {
  setWorkspacePreferences({ timezone: 'America/New_York', dateFormat });
  const event = eventFrom(shapeEventForSave(typed));
  render(<CalendarWidget events={[event]} defaultDate="2026-11-18" defaultView="week" />);
  expect(
    screen
      .getAllByTestId('day-header')
      .map((header) => header.textContent)
      .slice(0, 2),
  ).toEqual(firstDays);
  expect(screen.getByText(weekTitle)).toBeInTheDocument();
  expect(screen.getByRole('list', { name: dayName })).toBeInTheDocument();
  expect(plain(formatEventStart(event.startDate))).toBe(listText);
});

test('a preference change re-renders the calendar on the new clock', () => {
  const event = eventFrom({ startDate: '2026-11-18T23:30:00.000Z', endDate: '2026-11-19T01:30:00.000Z' });
  render(<CalendarWidget events={[event]} defaultDate="2026-11-18" defaultView="day" />);
  const block = () => plain(within(screen.getByRole('list', { name: /November 18, 2026$/ })).getByRole('button').textContent);
  expect(block()).toBe('6:30 PM – 8:30 PMHarvest Dinner');
  act(() => setWorkspacePreferences({ timezone: 'Pacific/Honolulu', dateFormat: 'MM/DD/YYYY' }));
  expect(block()).toBe('1:30 PM – 3:30 PMHarvest Dinner');
});
