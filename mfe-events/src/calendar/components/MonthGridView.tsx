import type { ViewProps, ViewStatic } from 'react-big-calendar';
import { cx } from '../utils/cx';
import {
  MAX_EVENTS_PER_CELL,
  cellEvents,
  isSameDay,
  monthGrid,
  truncateTitle,
} from '../../events/utils/calendarDates';
import { itemsOnDay, type CalendarItem } from '../../events/utils/calendarItems';
import { formatNamed } from '../utils/localizer';
import styles from './MonthGridView.module.css';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * Spec point 9 month view: 35 cells from the Monday on or before the 1st (six weeks when the month
 * needs them), at most two events per cell and '+N more'. RBC's own month view has no per-cell limit,
 * so the calendar uses this view for 'month' (and TimeGridView's for week and day).
 */
function MonthGridViewComponent({ date, events, getNow, onSelectEvent, onDrillDown }: ViewProps<CalendarItem>) {
  const cells = monthGrid(date);
  const today = getNow();
  const weeks = Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));

  return (
    <div className={styles.month} role="grid" aria-label={formatNamed(date, 'monthHeader')}>
      <div role="row" className={styles.row}>
        {WEEKDAYS.map((day) => (
          <div key={day} role="columnheader" className={styles.weekday}>
            {day}
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div key={week[0].toISOString()} role="row" className={styles.row}>
          {week.map((day) => {
            const { shown, moreCount } = cellEvents(itemsOnDay(events, day), MAX_EVENTS_PER_CELL);
            const label = formatNamed(day, 'dayHeader');
            return (
              <div
                key={day.toISOString()}
                role="gridcell"
                data-testid="month-cell"
                className={cx(
                  styles.cell,
                  day.getMonth() !== date.getMonth() && styles.outside,
                  isSameDay(day, today) && styles.today,
                )}
              >
                {/* The cell is named by its content (axe: a label must hold the visible text, and a cell
                    shows its events): the day button reads as the full date, shown as its number. */}
                <button type="button" className={styles.dayNumber} onClick={() => onDrillDown(day, 'day')}>
                  <span aria-hidden="true">{day.getDate()}</span>
                  <span className={styles.srOnly}>{label}</span>
                </button>
                <ul className={styles.events}>
                  {shown.map((item) => (
                    <li key={item.id}>
                      <button
                        type="button"
                        className={styles.event}
                        title={item.title}
                        onClick={(domEvent) => onSelectEvent(item, domEvent)}
                      >
                        {truncateTitle(item.title)}
                      </button>
                    </li>
                  ))}
                </ul>
                {moreCount > 0 ? (
                  <button type="button" className={styles.more} onClick={() => onDrillDown(day, 'day')}>
                    {`+${moreCount} more`}
                  </button>
                ) : null}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

export const MonthGridView: typeof MonthGridViewComponent & ViewStatic = Object.assign(MonthGridViewComponent, {
  range: (date: Date) => {
    const cells = monthGrid(date);
    return [cells[0], cells[cells.length - 1]];
  },
  navigate: (date: Date, action: string) => {
    if (action === 'PREV') return new Date(date.getFullYear(), date.getMonth() - 1, 1);
    if (action === 'NEXT') return new Date(date.getFullYear(), date.getMonth() + 1, 1);
    return date;
  },
  title: (date: Date) => formatNamed(date, 'monthHeader'),
});

