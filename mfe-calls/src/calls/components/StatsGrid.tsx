import type { CallStats } from '@caucus/contract';
import { formatAmount } from '@caucus/platform';
import { formatPerHour, formatRate } from '../utils/format';
import styles from './calls.module.css';

export type StatsGridProps = { stats: CallStats; label: string };

/** The figures a finance director watches during call time. */
export function StatsGrid({ stats, label }: StatsGridProps) {
  const figures: [string, string][] = [
    ['Calls', String(stats.calls)],
    ['Calls per hour', formatPerHour(stats.callsPerHour)],
    ['Contact rate', formatRate(stats.contactRate)],
    ['Pledged', `${formatAmount(stats.pledgedAmount)} (${stats.pledgeCount})`],
    ['Fulfilled', formatAmount(stats.fulfilledAmount)],
    ['Fulfilment rate', formatRate(stats.fulfilmentRate)],
    ['Given on the call', `${formatAmount(stats.giftAmount)} (${stats.giftCount})`],
  ];
  return (
    <dl className={styles.stats} aria-label={label}>
      {figures.map(([name, value]) => (
        <div key={name} className={styles.stat}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
