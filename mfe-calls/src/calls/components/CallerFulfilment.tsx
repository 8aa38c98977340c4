import type { CallerStats } from '@caucus/contract';
import { formatAmount } from '@caucus/platform';
import { formatRate } from '../utils/format';
import { FulfilmentOverTime } from './FulfilmentOverTime';
import styles from './calls.module.css';

export type CallerFulfilmentProps = { callers: CallerStats[] };

/**
 * Each caller's pledges fulfilled week by week, one disclosure per caller who took a pledge: the
 * summary line gives the rate to date, the week-by-week table opens under it. Closed by default so
 * a phone scrolls past callers it does not need.
 */
export function CallerFulfilment({ callers }: CallerFulfilmentProps) {
  const pledgers = callers.filter(({ stats }) => stats.overTime.length > 0);
  if (pledgers.length === 0) return <p className={styles.muted}>No caller has taken a pledge yet.</p>;
  return (
    <div>
      {pledgers.map(({ caller, stats }) => (
        <details key={caller.id} className={styles.callerStats}>
          <summary>
            {caller.name}: {formatRate(stats.fulfilmentRate)} fulfilled ({formatAmount(stats.fulfilledAmount)} of {formatAmount(stats.pledgedAmount)})
          </summary>
          <FulfilmentOverTime weeks={stats.overTime} caption={`Pledges taken by ${caller.name} fulfilled, week by week`} />
        </details>
      ))}
    </div>
  );
}
