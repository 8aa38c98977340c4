import { useLayoutEffect, useRef, type CSSProperties } from 'react';
import { isSameDay, startOfDay, truncateTitle, weekDays } from '../../events/utils/calendarDates';
import type { CalendarItem } from '../../events/utils/calendarItems';
import type { CalendarViewProps } from '../utils/calendarViews';
import { cx } from '../utils/cx';
import { formatNamed } from '../utils/dateFormats';
import { dayPercent, layoutDay } from '../utils/timeGridLayout';
import styles from './TimeGridView.module.css';

/** Week and day views open at the start of a working day rather than at midnight. */
const SCROLL_TO_HOUR = 8;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

const hourLabel = (hour: number) => formatNamed(new Date(Date.UTC(1970, 0, 1, hour)), 'hour');
const timeRange = (start: Date, end: Date) => `${formatNamed(start, 'time')} – ${formatNamed(end, 'time')}`;
const tooltip = (item: CalendarItem) => `${item.title} — ${item.event.campaign?.name ?? 'No Campaign'}`;

type EventButtonProps = {
  item: CalendarItem;
  time?: string;
  onSelect: CalendarViewProps['onSelect'];
};

function EventButton({ item, time, onSelect }: EventButtonProps) {
  return (
    <button type="button" className={styles.event} title={tooltip(item)} onClick={() => onSelect(item)}>
      {time ? <span className={styles.eventTime}>{time}</span> : null}
      <span className={styles.eventTitle}>{truncateTitle(item.title)}</span>
    </button>
  );
}

/**
 * 'Mon, 11/16' as two unbreakable parts: a narrow week column (a phone shows seven in 270 px) puts
 * the date under the weekday instead of breaking the text letter by letter.
 */
function DayLabel({ text }: { text: string }) {
  const comma = text.indexOf(', ');
  if (comma < 0) return <span className={styles.labelPart}>{text}</span>;
  return (
    <>
      <span className={styles.labelPart}>{text.slice(0, comma + 1)}</span> <span className={styles.labelPart}>{text.slice(comma + 2)}</span>
    </>
  );
}

/**
 * The week (Monday to Sunday) and day views: a header per day, an all-day row, and a scrolling
 * 24-hour column per day with each event placed at its time. Each day is a list of its events, named
 * by its date, and every event is a button (no ARIA table roles on layout boxes that are not a table,
 * which assistive technology and axe reject).
 */
function TimeGrid({ days, items, now, dateFormat, onSelect, onOpenDay }: Omit<CalendarViewProps, 'date'> & { days: Date[] }) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const layouts = days.map((day) => layoutDay(items, day));
  const hasAllDay = layouts.some((layout) => layout.allDay.length > 0);
  const firstDay = days[0].getTime();

  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (body) body.scrollTop = (body.scrollHeight / HOURS.length) * SCROLL_TO_HOUR;
  }, [firstDay]);

  const columns = { '--time-grid-days': days.length } as CSSProperties;

  return (
    <div className={styles.view} style={columns}>
      <div className={styles.header}>
        <div className={styles.gutter} />
        {days.map((day) => {
          const label = <DayLabel text={formatNamed(day, 'day', dateFormat)} />;
          return (
            <div key={day.toISOString()} data-testid="day-header" className={cx(styles.dayHeader, isSameDay(day, now) && styles.today)}>
              {days.length > 1 ? (
                <button type="button" className={styles.drillDown} onClick={() => onOpenDay(day)}>
                  {label}
                </button>
              ) : (
                label
              )}
            </div>
          );
        })}
      </div>
      {hasAllDay ? (
        <div className={styles.header}>
          <div className={cx(styles.gutter, styles.allDayLabel)}>All day</div>
          {days.map((day, index) => (
            <ul key={day.toISOString()} className={styles.allDayList} aria-label={`All day, ${formatNamed(day, 'dayHeader', dateFormat)}`}>
              {layouts[index].allDay.map((item) => (
                <li key={item.id}>
                  <EventButton item={item} onSelect={onSelect} />
                </li>
              ))}
            </ul>
          ))}
        </div>
      ) : null}
      {/* Focusable so the hours can be scrolled from the keyboard on a day without events. */}
      <div ref={bodyRef} className={styles.body} tabIndex={0} role="group" aria-label="Hours">
        <div className={styles.gutter} aria-hidden="true">
          {HOURS.map((hour) => (
            <div key={hour} className={styles.hourLabel}>
              {hourLabel(hour)}
            </div>
          ))}
        </div>
        {days.map((day, index) => (
          <div key={day.toISOString()} className={cx(styles.dayColumn, isSameDay(day, now) && styles.today)}>
            <ul className={styles.dayEvents} aria-label={formatNamed(day, 'dayHeader', dateFormat)}>
              {layouts[index].timed.map((block) => (
                <li
                  key={block.item.id}
                  className={styles.block}
                  style={{ top: `${block.top}%`, height: `${block.height}%`, left: `${block.left}%`, width: `${block.width}%` }}
                >
                  <EventButton item={block.item} time={timeRange(block.start, block.end)} onSelect={onSelect} />
                </li>
              ))}
            </ul>
            {isSameDay(day, now) ? <div className={styles.now} style={{ top: `${dayPercent(now)}%` }} aria-hidden="true" /> : null}
          </div>
        ))}
      </div>
    </div>
  );
}

/** Monday to Sunday (docs/product/screens.md, Dashboard home). */
export function WeekView({ date, ...props }: CalendarViewProps) {
  return <TimeGrid {...props} days={weekDays(date)} />;
}

export function DayView({ date, ...props }: CalendarViewProps) {
  return <TimeGrid {...props} days={[startOfDay(date)]} />;
}
