/** @jest-environment-options {"timezone": "America/Chicago"} */
// The calendar's days are floating dates (UTC fields): a browser zone with daylight saving changes nothing.
import { cellEvents, monthGrid, truncateTitle, weekDays, weekStartMonday } from './calendarDates';

const ymd = (date: Date) => `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;

describe('monthGrid', () => {
  test('has six weeks when five do not reach the last day: November 2026 ends on Monday the 30th', () => {
    // November 2026 starts on a Sunday, so the grid starts on Monday 26 October.
    const cells = monthGrid(new Date(Date.UTC(2026, 10, 18)));
    expect(cells).toHaveLength(42);
    expect(ymd(cells[0])).toBe('2026-10-26');
    expect(cells[0].getUTCDay()).toBe(1);
    expect(cells.map(ymd)).toContain('2026-11-30');
    expect(ymd(cells[41])).toBe('2026-12-06');
    for (let index = 1; index < cells.length; index += 1) {
      expect(cells[index].getTime()).toBeGreaterThan(cells[index - 1].getTime());
      expect(cells[index].getUTCHours()).toBe(0);
    }
  });

  test('keeps 35 cells when five weeks hold the month', () => {
    const october = monthGrid(new Date(Date.UTC(2026, 9, 1))); // Thursday 1st to Saturday 31st
    expect(october).toHaveLength(35);
    expect(ymd(october[0])).toBe('2026-09-28');
    expect(ymd(october[34])).toBe('2026-11-01');
    // February 2027 starts on a Monday: exactly four weeks of it, still a 35-cell page.
    expect(monthGrid(new Date(Date.UTC(2027, 1, 10)))).toHaveLength(35);
  });

  test('starts on the 1st itself when the month begins on a Monday', () => {
    const cells = monthGrid(new Date(Date.UTC(2026, 5, 30))); // June 2026 starts on a Monday
    expect(ymd(cells[0])).toBe('2026-06-01');
    expect(ymd(cells[34])).toBe('2026-07-05');
  });

  test('every day of every month of 2026-2028 is on its own month page', () => {
    for (let month = 0; month < 36; month += 1) {
      const cells = monthGrid(new Date(Date.UTC(2026, month, 1))).map(ymd);
      expect([35, 42]).toContain(cells.length);
      const days = new Date(Date.UTC(2026, month + 1, 0)).getUTCDate();
      for (let day = 1; day <= days; day += 1) expect(cells).toContain(ymd(new Date(Date.UTC(2026, month, day))));
      // Six weeks only when five would leave a day out.
      if (cells.length === 42) expect(cells.slice(0, 35)).not.toContain(ymd(new Date(Date.UTC(2026, month, days))));
    }
  });

  test('keeps whole days across a daylight-saving change', () => {
    const cells = monthGrid(new Date(Date.UTC(2026, 2, 10)));
    expect(new Set(cells.map(ymd)).size).toBe(cells.length);
  });
});

describe('weekStartMonday and weekDays', () => {
  test('a Sunday belongs to the week that began the Monday before', () => {
    expect(ymd(weekStartMonday(new Date(Date.UTC(2026, 10, 22, 15, 30))))).toBe('2026-11-16');
  });

  test('a Monday starts its own week', () => {
    const monday = weekStartMonday(new Date(Date.UTC(2026, 10, 16, 9)));
    expect(ymd(monday)).toBe('2026-11-16');
    expect(monday.getUTCHours()).toBe(0);
  });

  test('a week runs Monday to Sunday', () => {
    const days = weekDays(new Date(Date.UTC(2026, 10, 19)));
    expect(days.map((day) => day.getUTCDay())).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(days.map(ymd)).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']);
  });
});

describe('truncateTitle', () => {
  test('keeps titles of up to 20 characters whole', () => {
    expect(truncateTitle('Spring Gala')).toBe('Spring Gala');
    expect(truncateTitle('12345678901234567890')).toBe('12345678901234567890');
  });

  test('cuts longer titles at 20 characters', () => {
    expect(truncateTitle('Annual Fundraising Dinner and Auction')).toBe('Annual Fundraising D...');
  });
});

describe('cellEvents', () => {
  test('lists at most two and counts the rest', () => {
    expect(cellEvents(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b'], moreCount: 2 });
    expect(cellEvents(['a'])).toEqual({ shown: ['a'], moreCount: 0 });
  });
});
