import { isSameDay } from '../../events/utils/calendarDates';
import { itemsOnDay, type CalendarItem } from '../../events/utils/calendarItems';

const DAY_MINUTES = 24 * 60;

/** Where a timed event sits in a day column, in percent of the column: top and height, left and width. */
export type TimedBlock = { item: CalendarItem; start: Date; end: Date; top: number; height: number; left: number; width: number };

export type DayLayout = { allDay: CalendarItem[]; timed: TimedBlock[] };

/**
 * The week and day views' all-day row takes all-day events and those that run past midnight, as
 * calendars usually do: a block cut at midnight would read as two events. An event ending at
 * midnight exactly stays on its day.
 */
export function belongsInAllDayRow(item: CalendarItem): boolean {
  return item.allDay || !isSameDay(item.start, new Date(item.end.getTime() - 1));
}

/**
 * One day's events for a time grid column: the all-day ones, and the timed ones as blocks. Events that
 * overlap share the width, each in the first column free at its start, so none hides another.
 */
export function layoutDay(items: CalendarItem[], day: Date): DayLayout {
  const onDay = itemsOnDay(items, day);
  const allDay = onDay.filter(belongsInAllDayRow);
  const timed = onDay.filter((item) => !belongsInAllDayRow(item)).sort((a, b) => a.start.getTime() - b.start.getTime() || b.end.getTime() - a.end.getTime());

  const blocks: TimedBlock[] = [];
  // A cluster is a run of events linked by overlaps; its events share its column count.
  let cluster: { block: TimedBlock; column: number }[] = [];
  let columnEnds: number[] = [];
  let clusterEnd = -Infinity;
  const closeCluster = () => {
    const columns = columnEnds.length;
    for (const { block, column } of cluster) {
      block.left = (column / columns) * 100;
      block.width = 100 / columns;
    }
    cluster = [];
    columnEnds = [];
  };

  for (const item of timed) {
    const start = item.start.getTime();
    const end = item.end.getTime();
    if (start >= clusterEnd) closeCluster();
    let column = columnEnds.findIndex((columnEnd) => columnEnd <= start);
    if (column === -1) column = columnEnds.push(end) - 1;
    else columnEnds[column] = end;
    clusterEnd = cluster.length === 0 ? end : Math.max(clusterEnd, end);
    const block: TimedBlock = {
      item,
      start: item.start,
      end: item.end,
      top: dayPercent(item.start),
      // An event ending at midnight ends at the bottom of the column, not at its top.
      height: (isSameDay(item.start, item.end) ? dayPercent(item.end) : 100) - dayPercent(item.start),
      left: 0,
      width: 100,
    };
    blocks.push(block);
    cluster.push({ block, column });
  }
  closeCluster();
  return { allDay, timed: blocks };
}

/**
 * How far down its day column a floating date is, in percent, by the workspace's wall clock: the
 * column is labelled with 24 hours, so on a daylight-saving day 18:30 still sits at the 6:30 PM line.
 */
export function dayPercent(instant: Date): number {
  return ((instant.getUTCHours() * 60 + instant.getUTCMinutes()) / DAY_MINUTES) * 100;
}
