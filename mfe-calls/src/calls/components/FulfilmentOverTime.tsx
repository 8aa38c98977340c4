import { useId } from 'react';
import type { FulfilmentWeek } from '@caucus/contract';
import { formatCalendarDate, formatAmount } from '@caucus/platform';
import { formatRate } from '../utils/format';
import styles from './calls.module.css';

export type FulfilmentOverTimeProps = { weeks: FulfilmentWeek[]; caption: string };

/**
 * Pledge fulfilment week by week, as a table: the rate to date is the figure to watch (first after
 * the week, so a phone shows it without scrolling), with a bar beside it for the eye (the bar is
 * decorative; the percentage next to it is what is read out). On a phone each week stacks into
 * label/value lines; the explicit table roles keep it a table for screen readers when it does.
 */
export function FulfilmentOverTime({ weeks, caption }: FulfilmentOverTimeProps) {
  const captionId = useId();
  if (weeks.length === 0) return <p className={styles.muted}>No pledges yet: the weeks start with the first pledge.</p>;
  return (
    <table className={`${styles.table} ${styles.stacked}`} role="table" aria-labelledby={captionId}>
      <caption id={captionId} className={styles.caption}>
        {caption}
      </caption>
      <thead role="rowgroup">
        <tr role="row">
          <th scope="col" role="columnheader">
            Week of
          </th>
          <th scope="col" role="columnheader">
            Rate to date
          </th>
          <th scope="col" role="columnheader" className={styles.number}>
            Fulfilled to date
          </th>
          <th scope="col" role="columnheader" className={styles.number}>
            Pledged
          </th>
          <th scope="col" role="columnheader" className={styles.number}>
            Came in
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {weeks.map((week) => (
          <tr key={week.weekStart} role="row">
            <th scope="row" role="rowheader">
              {formatCalendarDate(week.weekStart)}
            </th>
            <td role="cell" data-label="Rate to date">
              <span className={styles.rate}>
                <span className={styles.rateBar} aria-hidden="true">
                  <span className={styles.rateFill} style={{ width: `${Math.min(100, Math.round((week.fulfilmentRate ?? 0) * 100))}%` }} />
                </span>
                {formatRate(week.fulfilmentRate)}
              </span>
            </td>
            <td role="cell" data-label="Fulfilled to date" className={styles.number}>
              {formatAmount(week.fulfilledToDate)} of {formatAmount(week.pledgedToDate)}
            </td>
            <td role="cell" data-label="Pledged" className={styles.number}>
              {formatAmount(week.pledgedAmount)}
            </td>
            <td role="cell" data-label="Came in" className={styles.number}>
              {formatAmount(week.fulfilledAmount)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
