import { useId } from 'react';
import type { CallerStats } from '@caucus/contract';
import { formatAmount } from '@caucus/platform';
import { formatPerHour, formatRate } from '../utils/format';
import styles from './calls.module.css';

export type CallerTableProps = { callers: CallerStats[]; caption: string };

const COLUMNS = ['Calls', 'Calls per hour', 'Contact rate', 'Pledged', 'Fulfilled', 'Fulfilment rate'] as const;

/**
 * Each caller's figures side by side, to compare callers. On a phone each caller stacks into
 * label/value lines (FulfilmentOverTime says why the table roles are explicit).
 */
export function CallerTable({ callers, caption }: CallerTableProps) {
  const captionId = useId();
  if (callers.length === 0) return <p className={styles.muted}>No calls yet.</p>;
  return (
    <table className={`${styles.table} ${styles.stacked}`} role="table" aria-labelledby={captionId}>
      <caption id={captionId} className={styles.caption}>
        {caption}
      </caption>
      <thead role="rowgroup">
        <tr role="row">
          <th scope="col" role="columnheader">
            Caller
          </th>
          {COLUMNS.map((name) => (
            <th key={name} scope="col" role="columnheader" className={styles.number}>
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {callers.map(({ caller, stats }) => {
          const values: Record<(typeof COLUMNS)[number], string> = {
            Calls: String(stats.calls),
            'Calls per hour': formatPerHour(stats.callsPerHour),
            'Contact rate': formatRate(stats.contactRate),
            Pledged: formatAmount(stats.pledgedAmount),
            Fulfilled: formatAmount(stats.fulfilledAmount),
            'Fulfilment rate': formatRate(stats.fulfilmentRate),
          };
          return (
            <tr key={caller.id} role="row">
              <th scope="row" role="rowheader">
                {caller.name}
              </th>
              {COLUMNS.map((name) => (
                <td key={name} role="cell" data-label={name} className={styles.number}>
                  {values[name]}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
