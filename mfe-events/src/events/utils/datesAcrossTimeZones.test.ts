/** @jest-environment-options {"timezone": "Asia/Kolkata"} */
import type { CaucusEvent } from '@caucus/contract';
import { eventRecord } from '../../test/eventRecord';
import { floatingDay, monthGrid } from './calendarDates';
import { itemsOnDay, toCalendarItems } from './calendarItems';
import { formFromEvent, shapeEventForSave } from './eventForm';
import { formatEventEnd, formatEventStart } from './format';

// A date without a time is a calendar day: the same day in every time zone. An instant is shown in
// the workspace's zone. The browser runs in Kolkata (the docblock above), a zone no workspace here uses.
const ZONES = [
  { zone: 'America/New_York', evening: 'Nov 30, 2026, 7:00 PM' },
  { zone: 'America/Los_Angeles', evening: 'Nov 30, 2026, 4:00 PM' },
  { zone: 'Pacific/Honolulu', evening: 'Nov 30, 2026, 2:00 PM' },
];

const plain = (text: string) => text.replace(/\s/g, ' ');

const event = (fields: Partial<CaucusEvent>): CaucusEvent => eventRecord({ name: 'Canvass', eventType: 'canvass', ...fields });
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
    const november = monthGrid(floatingDay('2026-11-01'));
    const daysWithIt = november.filter((day) => itemsOnDay(scheduled, day).length > 0);
    expect(daysWithIt.map((day) => day.toISOString())).toEqual(['2026-11-30T00:00:00.000Z']);
  });

  test("a calendar day is that day's floating midnight, whatever the browser's zone", () => {
    const day = floatingDay('2026-11-30');
    expect([day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), day.getUTCHours()]).toEqual([2026, 10, 30, 0]);
  });

  test('a multi-day all-day event covers each of its days', () => {
    const { scheduled } = toCalendarItems([event({ startDate: '2026-11-29', endDate: '2026-12-01', allDay: true })]);
    const covered = ['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01'].map((day) => itemsOnDay(scheduled, floatingDay(day)).length);
    expect(covered).toEqual([0, 1, 1, 1]);
    expect(itemsOnDay(scheduled, floatingDay('2026-12-02'))).toHaveLength(0);
  });

  test('the form keeps an all-day event a date without a time, both ways', () => {
    const values = formFromEvent(allDayNov30);
    expect(values).toMatchObject({ startDate: '2026-11-30', startTime: '', endDate: '2026-11-30', endTime: '' });
    expect(shapeEventForSave(values)).toMatchObject({ startDate: '2026-11-30', endDate: '2026-11-30' });
  });
});
