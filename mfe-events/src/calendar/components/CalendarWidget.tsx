import { Suspense, lazy, useId, useMemo, useState, useTransition, type ComponentType } from 'react';
import type { CaucusEvent } from '@caucus/contract';
import { useWorkspaceDatePreferences, workspaceFloatingDate, type WorkspacePreferences } from '@caucus/platform';
import { floatingDay, startOfDay, truncateTitle } from '../../events/utils/calendarDates';
import { toCalendarItems } from '../../events/utils/calendarItems';
import { formatEventStart } from '../../events/utils/format';
import { periodTitle, stepDate, type CalendarView, type CalendarViewProps } from '../utils/calendarViews';
import { cx } from '../utils/cx';
import { CalendarToolbar } from './CalendarToolbar';
import { MonthGridView } from './MonthGridView';
import styles from './CalendarWidget.module.css';

export type { CalendarView };

export type CalendarWidgetProps = {
  events: CaucusEvent[];
  /** Opening view; the dashboard home opens on the month. */
  defaultView?: CalendarView;
  /** Opening day ('YYYY-MM-DD'); the workspace's today by default. */
  defaultDate?: string;
};

/** Now on the workspace's clock, as the calendar's floating date (calendarDates.ts). */
const workspaceNow = (preferences: WorkspacePreferences) => workspaceFloatingDate(new Date(), preferences) as Date;

// The week and day views (the hour grid and its layout) load when first chosen: the dashboard home
// opens on the month and most visits never leave it (ADR 0014).
const loadTimeGrid = () => import(/* webpackChunkName: "calendar-time-grid" */ './TimeGridView');
const WeekView = lazy(() => loadTimeGrid().then((module) => ({ default: module.WeekView })));
const DayView = lazy(() => loadTimeGrid().then((module) => ({ default: module.DayView })));

const VIEWS: Record<CalendarView, ComponentType<CalendarViewProps>> = { month: MonthGridView, week: WeekView, day: DayView };

/**
 * The dashboard home's event calendar (exposed as mfe_events/CalendarWidget): month (35-day grid, six
 * weeks when the month needs them), week (Monday to Sunday) and day views, with the picked event's
 * details under it. All of it is Caucus's own, on Intl and the package's date helpers: a calendar
 * library weighed more than the rest of the widget (ADR 0008).
 */
export function CalendarWidget({ events, defaultView = 'month', defaultDate }: CalendarWidgetProps) {
  // Day cells, hours and texts follow the workspace's time zone and date format, like every screen.
  const preferences = useWorkspaceDatePreferences();
  const { scheduled, unscheduled } = useMemo(() => toCalendarItems(events, preferences), [events, preferences]);
  const [view, setView] = useState<CalendarView>(defaultView);
  // A change of view is a transition: the view shown stays until the next one's code is there.
  const [, startTransition] = useTransition();
  const showView = (next: CalendarView) => startTransition(() => setView(next));
  const [date, setDate] = useState<Date>(() => (defaultDate ? floatingDay(defaultDate) : startOfDay(workspaceNow(preferences))));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const unscheduledId = useId();
  const selected = events.find((event) => event.id === selectedId) ?? null;
  const View = VIEWS[view];

  const handleOpenDay = (day: Date) => {
    startTransition(() => {
      setView('day');
      setDate(day);
    });
  };

  return (
    <div className={styles.widget}>
      <div className={cx(styles.calendar, view === 'month' && styles.monthMode)}>
        <CalendarToolbar
          view={view}
          title={periodTitle(view, date, preferences.dateFormat)}
          onToday={() => setDate(startOfDay(workspaceNow(preferences)))}
          onStep={(direction) => setDate(stepDate(view, date, direction))}
          onView={showView}
        />
        <Suspense fallback={<div className={styles.loadingView} aria-busy="true" />}>
          <View
            date={date}
            items={scheduled}
            now={workspaceNow(preferences)}
            dateFormat={preferences.dateFormat}
            onSelect={(item) => setSelectedId(item.id)}
            onOpenDay={handleOpenDay}
          />
        </Suspense>
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
