/** @jest-environment-options {"timezone": "America/Chicago"} */
// The calendar's days are floating dates (UTC fields): a browser zone with daylight saving changes nothing.
import type { CaucusEvent } from '@caucus/contract';
import type { CalendarItem } from '../../events/utils/calendarItems';
import { belongsInAllDayRow, dayPercent, layoutDay } from './timeGridLayout';

const day = new Date(Date.UTC(2026, 10, 18));
const at = (hour: number, minute = 0, date = 18) => new Date(Date.UTC(2026, 10, date, hour, minute));

function item(id: string, start: Date, end: Date, allDay = false): CalendarItem {
  return { id, title: id, start, end, allDay, event: { id } as CaucusEvent };
}

describe('layoutDay', () => {
  test('places a timed event by the clock: 18:30 to 20:30 starts 77.08% down and is 8.33% tall', () => {
    const { timed, allDay } = layoutDay([item('rally', at(18, 30), at(20, 30))], day);
    expect(allDay).toEqual([]);
    expect(timed).toHaveLength(1);
    expect(timed[0].top).toBeCloseTo((18.5 / 24) * 100);
    expect(timed[0].height).toBeCloseTo((2 / 24) * 100);
    expect(timed[0]).toMatchObject({ left: 0, width: 100 });
  });

  test('overlapping events share the width; a later one that overlaps neither takes the whole width', () => {
    const { timed } = layoutDay([item('a', at(9), at(11)), item('b', at(10), at(12)), item('c', at(11), at(13)), item('d', at(14), at(15))], day);
    const byId = Object.fromEntries(timed.map((block) => [block.item.id, block]));
    // a and b overlap; c starts when a ends, so it reuses a's column: two columns for the three.
    expect(byId.a).toMatchObject({ left: 0, width: 50 });
    expect(byId.b).toMatchObject({ left: 50, width: 50 });
    expect(byId.c).toMatchObject({ left: 0, width: 50 });
    expect(byId.d).toMatchObject({ left: 0, width: 100 });
  });

  test('all-day events and events past midnight go to the all-day row; one ending at midnight stays timed', () => {
    const canvass = item('canvass', new Date(Date.UTC(2026, 10, 18)), new Date(Date.UTC(2026, 10, 19)), true);
    const overnight = item('overnight', at(22), at(2, 0, 19));
    const late = item('late', at(22), new Date(Date.UTC(2026, 10, 19)));
    const { timed, allDay } = layoutDay([canvass, overnight, late], day);
    expect(allDay.map((entry) => entry.id)).toEqual(['canvass', 'overnight']);
    expect(timed.map((block) => block.item.id)).toEqual(['late']);
    expect(timed[0].top + timed[0].height).toBeCloseTo(100);
    expect(belongsInAllDayRow(late)).toBe(false);
    // The overnight event is listed on the next day too, not on the day after.
    expect(layoutDay([overnight], new Date(Date.UTC(2026, 10, 19))).allDay).toEqual([overnight]);
    expect(layoutDay([overnight], new Date(Date.UTC(2026, 10, 20))).allDay).toEqual([]);
  });
});

test('dayPercent reads the wall clock', () => {
  expect(dayPercent(at(0))).toBe(0);
  expect(dayPercent(at(12))).toBe(50);
});
