import { useId, useMemo, useState } from 'react';
import { Calendar, type ViewsProp } from 'react-big-calendar';
import type { CaucusEvent } from '@caucus/api/contract';
import { truncateTitle } from '../../events/utils/calendarDates';
import { toCalendarItems, type CalendarItem } from '../../events/utils/calendarItems';
import { formatEventStart } from '../../events/utils/format';
import { calendarLocalizer } from '../utils/localizer';
import { cx } from '../utils/cx';
import { MonthGridView } from './MonthGridView';
import { DayView, WeekView } from './TimeGridView';
import rbc from './rbcScoped.module.css';
import styles from './CalendarWidget.module.css';

export type CalendarView = 'month' | 'week' | 'day';

export type CalendarWidgetProps = {
  events: CaucusEvent[];
  /** Opening view; the dashboard home opens on the month. */
  defaultView?: CalendarView;
  /** Opening date; today by default. */
  defaultDate?: Date;
};

// All three views are Caucus's own (RBC keeps the toolbar and navigation): RBC's month view has no
// per-cell limit, and its week and day views are not valid ARIA (see TimeGridView).
const VIEWS: ViewsProp<CalendarItem> = { month: MonthGridView, week: WeekView, day: DayView };
const MESSAGES = { today: 'Today', previous: 'Back', next: 'Next', month: 'Month', week: 'Week', day: 'Day' };

/**
 * The dashboard home's event calendar (exposed as mfe_events/CalendarWidget): month (35-day grid, six weeks when the month needs them),
 * week (Monday to Sunday) and day views, with the picked event's details under it.
 */
export function CalendarWidget({ events, defaultView = 'month', defaultDate }: CalendarWidgetProps) {
  const { scheduled, unscheduled } = useMemo(() => toCalendarItems(events), [events]);
  const [view, setView] = useState<CalendarView>(defaultView);
  const [date, setDate] = useState<Date>(() => defaultDate ?? new Date());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const unscheduledId = useId();
  const selected = events.find((event) => event.id === selectedId) ?? null;

  return (
    <div className={styles.widget}>
      <div className={cx(rbc.calendar, styles.calendar, view === 'month' && styles.monthMode)}>
        <Calendar<CalendarItem>
          localizer={calendarLocalizer}
          culture="en-US"
          events={scheduled}
          views={VIEWS}
          view={view}
          date={date}
          onView={(next) => setView(next as CalendarView)}
          onNavigate={(next) => setDate(next)}
          onSelectEvent={(item) => setSelectedId(item.id)}
          titleAccessor="title"
          allDayAccessor="allDay"
          messages={MESSAGES}
        />
      </div>
      {selected ? (
        <section className={styles.details} aria-label="Selected event">
          <div className={styles.detailsHeader}>
            <h3 className={styles.detailsTitle}>{selected.name}</h3>
            <button type="button" className={styles.close} aria-label="Close event details" onClick={() => setSelectedId(null)}>
              ×
            </button>
          </div>
          <p className={styles.meta}>
            <span>{formatEventStart(selected.startDate)}</span>
            <span>{selected.campaign?.name ?? 'No Campaign'}</span>
            {selected.location ? <span>{selected.location}</span> : null}
          </p>
        </section>
      ) : null}
      {unscheduled.length > 0 ? (
        <section className={styles.unscheduled} aria-labelledby={unscheduledId}>
          <h3 id={unscheduledId} className={styles.unscheduledTitle}>
            Not yet scheduled
          </h3>
          <ul className={styles.list}>
            {unscheduled.map((event) => (
              <li key={event.id} className={styles.item}>
                <span className={styles.itemName} title={event.name}>
                  {truncateTitle(event.name)}
                </span>
                <span>TBD</span>
                <span>{event.campaign?.name ?? 'No Campaign'}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export default CalendarWidget;
