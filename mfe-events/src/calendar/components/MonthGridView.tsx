import { cx } from '../utils/cx';
import { MAX_EVENTS_PER_CELL, cellEvents, isSameDay, monthGrid, truncateTitle } from '../../events/utils/calendarDates';
import { itemsOnDay } from '../../events/utils/calendarItems';
import type { CalendarViewProps } from '../utils/calendarViews';
import { formatNamed } from '../utils/dateFormats';
import styles from './MonthGridView.module.css';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * Month view: 35 cells from the Monday on or before the 1st (six weeks when the month needs them), at
 * most two events per cell and '+N more' (docs/product/limits-and-defaults.md, Limits and sizes).
 */
export function MonthGridView({ date, items, now, dateFormat, onSelect, onOpenDay }: CalendarViewProps) {
  const cells = monthGrid(date);
  const weeks = Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));

  return (
    <div className={styles.month} role="grid" aria-label={formatNamed(date, 'monthHeader', dateFormat)}>
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
            const { shown, moreCount } = cellEvents(itemsOnDay(items, day), MAX_EVENTS_PER_CELL);
            const label = formatNamed(day, 'dayHeader', dateFormat);
            return (
              <div
                key={day.toISOString()}
                role="gridcell"
                data-testid="month-cell"
                className={cx(styles.cell, day.getUTCMonth() !== date.getUTCMonth() && styles.outside, isSameDay(day, now) && styles.today)}
              >
                {/* The cell is named by its content (axe: a label must hold the visible text, and a cell
                    shows its events): the day button reads as the full date, shown as its number. */}
                <button type="button" className={styles.dayNumber} onClick={() => onOpenDay(day)}>
                  <span aria-hidden="true">{day.getUTCDate()}</span>
                  <span className={styles.srOnly}>{label}</span>
                </button>
                <ul className={styles.events}>
                  {shown.map((item) => (
                    <li key={item.id}>
                      <button type="button" className={styles.event} title={item.title} onClick={() => onSelect(item)}>
                        {truncateTitle(item.title)}
                      </button>
                    </li>
                  ))}
                </ul>
                {moreCount > 0 ? (
                  <button type="button" className={styles.more} onClick={() => onOpenDay(day)}>
                    {`+${moreCount.toLocaleString('en-US')} more`}
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
