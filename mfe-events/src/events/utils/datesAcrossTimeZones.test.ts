import type { CaucusEvent } from '@caucus/api/contract';
import { monthGrid } from './calendarDates';
import { itemsOnDay, localDay, toCalendarItems } from './calendarItems';
import { formFromEvent, shapeEventForSave } from './eventForm';
import { formatEventEnd, formatEventStart } from './format';

// A date without a time is a calendar day: the same day in every time zone. An instant is shown in
// the viewer's zone. Jest gives a test file its own copy of process.env, so the zones are named
// through Intl's timeZone rather than TZ.
const ZONES = [
  { zone: 'America/New_York', evening: 'Nov 30, 2026, 7:00 PM' },
  { zone: 'America/Los_Angeles', evening: 'Nov 30, 2026, 4:00 PM' },
  { zone: 'Pacific/Honolulu', evening: 'Nov 30, 2026, 2:00 PM' },
];

const plain = (text: string) => text.replace(/\s/g, ' ');

const event = (fields: Partial<CaucusEvent>): CaucusEvent => ({
  id: 'e-1',
  name: 'Canvass',
  slug: null,
  description: null,
  eventType: 'canvass',
  status: 'published',
  campaignId: null,
  campaign: null,
  startDate: null,
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
  ...fields,
});

const allDayNov30 = event({ startDate: '2026-11-30', endDate: '2026-11-30', allDay: true });
// 7 PM on November 30 in New York.
const eveningInstant = '2026-12-01T00:00:00.000Z';

describe.each(ZONES)('in $zone', ({ zone, evening }) => {
  test('an all-day event prints as its calendar day, never the evening before', () => {
    expect(formatEventStart('2026-11-30', zone)).toBe('Nov 30, 2026');
    expect(formatEventEnd('2026-01-01', zone)).toBe('Jan 1, 2026');
  });

  test('an instant prints in that zone, US English', () => {
    expect(plain(formatEventStart(eveningInstant, zone))).toBe(evening);
  });
});

describe("on the viewer's calendar", () => {
  test('an all-day event sits on its own day of the month grid, and only there', () => {
    const { scheduled } = toCalendarItems([allDayNov30]);
    expect(scheduled[0].allDay).toBe(true);
    const november = monthGrid(new Date(2026, 10, 1));
    const daysWithIt = november.filter((day) => itemsOnDay(scheduled, day).length > 0);
    expect(daysWithIt.map((day) => day.toDateString())).toEqual([new Date(2026, 10, 30).toDateString()]);
  });

  test('a calendar day is local midnight of that day, whatever the zone', () => {
    const day = localDay('2026-11-30');
    expect([day.getFullYear(), day.getMonth(), day.getDate(), day.getHours()]).toEqual([2026, 10, 30, 0]);
  });

  test('a multi-day all-day event covers each of its days', () => {
    const { scheduled } = toCalendarItems([event({ startDate: '2026-11-29', endDate: '2026-12-01', allDay: true })]);
    const covered = [28, 29, 30, 31].map((day) => itemsOnDay(scheduled, new Date(2026, 10, day)).length);
    // November 31 is December 1.
    expect(covered).toEqual([0, 1, 1, 1]);
    expect(itemsOnDay(scheduled, new Date(2026, 11, 2))).toHaveLength(0);
  });

  test('the form keeps an all-day event a date without a time, both ways', () => {
    const values = formFromEvent(allDayNov30);
    expect(values).toMatchObject({ startDate: '2026-11-30', startTime: '', endDate: '2026-11-30', endTime: '' });
    expect(shapeEventForSave(values)).toMatchObject({ startDate: '2026-11-30', endDate: '2026-11-30' });
  });
});
