import { Button } from '@caucus/design-system';
import type { CalendarView } from '../utils/calendarViews';
import styles from './CalendarToolbar.module.css';

const VIEWS: { view: CalendarView; label: string }[] = [
  { view: 'month', label: 'Month' },
  { view: 'week', label: 'Week' },
  { view: 'day', label: 'Day' },
];

export type CalendarToolbarProps = {
  view: CalendarView;
  /** The period shown: 'November 2026', 'Nov 16 – Nov 22, 2026', 'Sunday, November 22, 2026'. */
  title: string;
  onToday: () => void;
  onStep: (direction: -1 | 1) => void;
  onView: (view: CalendarView) => void;
};

/**
 * Today, Back and Next, the period shown, and the view buttons. The title is a polite live region, so
 * moving to another period is announced; the current view's button is pressed (aria-pressed).
 */
export function CalendarToolbar({ view, title, onToday, onStep, onView }: CalendarToolbarProps) {
  return (
    <div className={styles.toolbar}>
      <div className={styles.group} role="group" aria-label="Go to">
        <Button variant="secondary" size="sm" onClick={onToday}>
          Today
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onStep(-1)}>
          Back
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onStep(1)}>
          Next
        </Button>
      </div>
      <p className={styles.title} aria-live="polite">
        {title}
      </p>
      <div className={styles.group} role="group" aria-label="View">
        {VIEWS.map((option) => (
          <Button
            key={option.view}
            variant={option.view === view ? 'primary' : 'secondary'}
            size="sm"
            aria-pressed={option.view === view}
            onClick={() => onView(option.view)}
          >
            {option.label}
          </Button>
        ))}
      </div>
    </div>
  );
}
