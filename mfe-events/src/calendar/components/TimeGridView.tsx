import { useLayoutEffect, useRef, type CSSProperties } from 'react';
import type { NavigateAction, ViewProps, ViewStatic } from 'react-big-calendar';
import { addDays, isSameDay, startOfDay, truncateTitle, weekDays } from '../../events/utils/calendarDates';
import type { CalendarItem } from '../../events/utils/calendarItems';
import { cx } from '../utils/cx';
import { formatNamed } from '../utils/localizer';
import { dayPercent, layoutDay } from '../utils/timeGridLayout';
import styles from './TimeGridView.module.css';

/** Week and day views open at the start of a working day rather than at midnight. */
const SCROLL_TO_HOUR = 8;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

const hourLabel = (hour: number) => formatNamed(new Date(1970, 0, 1, hour), 'time');
const timeRange = (start: Date, end: Date) => `${formatNamed(start, 'time')} – ${formatNamed(end, 'time')}`;
const tooltip = (item: CalendarItem) => `${item.title} — ${item.event.campaign?.name ?? 'No Campaign'}`;

type EventButtonProps = {
  item: CalendarItem;
  time?: string;
  onSelectEvent: ViewProps<CalendarItem>['onSelectEvent'];
};

function EventButton({ item, time, onSelectEvent }: EventButtonProps) {
  return (
    <button type="button" className={styles.event} title={tooltip(item)} onClick={(domEvent) => onSelectEvent(item, domEvent)}>
      {time ? <span className={styles.eventTime}>{time}</span> : null}
      <span className={styles.eventTitle}>{truncateTitle(item.title)}</span>
    </button>
  );
}

/**
 * The week (Monday to Sunday) and day views: a header per day, an all-day row, and a scrolling
 * 24-hour column per day with each event placed at its time. Written here rather than taken from
 * react-big-calendar, whose time grid puts ARIA table roles (rowgroup, row, columnheader) on layout
 * boxes that are not in a table, which assistive technology and axe reject. Each day is a list of
 * its events, named by its date, and every event is a button.
 */
function TimeGridViewComponent({ days, events, getNow, onSelectEvent, onDrillDown }: ViewProps<CalendarItem> & { days: Date[] }) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const now = getNow();
  const layouts = days.map((day) => layoutDay(events, day));
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
          const label = formatNamed(day, 'day');
          return (
            <div key={day.toISOString()} data-testid="day-header" className={cx(styles.dayHeader, isSameDay(day, now) && styles.today)}>
              {days.length > 1 ? (
                <button type="button" className={styles.drillDown} onClick={() => onDrillDown(day, 'day')}>
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
            <ul key={day.toISOString()} className={styles.allDayList} aria-label={`All day, ${formatNamed(day, 'dayHeader')}`}>
              {layouts[index].allDay.map((item) => (
                <li key={item.id}>
                  <EventButton item={item} onSelectEvent={onSelectEvent} />
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
            <ul className={styles.dayEvents} aria-label={formatNamed(day, 'dayHeader')}>
              {layouts[index].timed.map((block) => (
                <li
                  key={block.item.id}
                  className={styles.block}
                  style={{ top: `${block.top}%`, height: `${block.height}%`, left: `${block.left}%`, width: `${block.width}%` }}
                >
                  <EventButton item={block.item} time={timeRange(block.start, block.end)} onSelectEvent={onSelectEvent} />
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

function WeekViewComponent(props: ViewProps<CalendarItem>) {
  return <TimeGridViewComponent {...props} days={weekDays(props.date)} />;
}

function DayViewComponent(props: ViewProps<CalendarItem>) {
  return <TimeGridViewComponent {...props} days={[startOfDay(props.date)]} />;
}

const step = (days: number) => (date: Date, action: NavigateAction) => {
  if (action === 'PREV') return addDays(date, -days);
  if (action === 'NEXT') return addDays(date, days);
  return date;
};

/** Monday to Sunday (spec point 2), titled 'Nov 16 – Nov 22, 2026'. */
export const WeekView: typeof WeekViewComponent & ViewStatic = Object.assign(WeekViewComponent, {
  range: (date: Date) => weekDays(date),
  navigate: step(7),
  title: (date: Date) => {
    const days = weekDays(date);
    return `${formatNamed(days[0], 'shortDate')} – ${formatNamed(days[6], 'shortDateYear')}`;
  },
});

/** One day, titled 'Sunday, November 22, 2026'. */
export const DayView: typeof DayViewComponent & ViewStatic = Object.assign(DayViewComponent, {
  range: (date: Date) => [startOfDay(date)],
  navigate: step(1),
  title: (date: Date) => formatNamed(date, 'dayHeader'),
});
