import type { CampaignTotalsResponse } from '../api/campaignsApi';
import { formatUsd } from '@caucus/platform';
import styles from './RaisedChart.module.css';

export type RaisedChartProps = {
  totals: CampaignTotalsResponse;
  formatPeriod: (periodStart: string) => string;
};

/**
 * Raised per period as bars, with the exact figures in a table beside them: the bars give the shape,
 * the table the cents (and is what assistive technology reads).
 */
export function RaisedChart({ totals, formatPeriod }: RaisedChartProps) {
  const max = Math.max(...totals.points.map((point) => point.raised), 0);
  const unit = totals.interval === 'month' ? 'month' : 'week';
  return (
    <div className={styles.chart}>
      <p className={styles.summary}>
        <strong>{formatUsd(totals.totalRaised)}</strong> raised from {totals.donationCount.toLocaleString('en-US')} completed{' '}
        {totals.donationCount === 1 ? 'donation' : 'donations'} over {totals.points.length.toLocaleString('en-US')}{' '}
        {totals.points.length === 1 ? unit : `${unit}s`}
      </p>
      <ol className={styles.bars} aria-hidden="true">
        {totals.points.map((point) => (
          <li key={point.periodStart} className={styles.column} title={`${formatPeriod(point.periodStart)}: ${formatUsd(point.raised)}`}>
            <span className={styles.bar} style={{ height: `${max > 0 ? Math.max((point.raised / max) * 100, point.raised > 0 ? 2 : 0) : 0}%` }} />
          </li>
        ))}
      </ol>
      <details className={styles.figures}>
        <summary>Show figures by {unit}</summary>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className={styles.srOnly}>Raised by {unit}</caption>
            <thead>
              <tr>
                <th scope="col">{unit === 'month' ? 'Month' : 'Week'}</th>
                <th scope="col" className={styles.number}>
                  Raised
                </th>
                <th scope="col" className={styles.number}>
                  Donations
                </th>
                <th scope="col" className={styles.number}>
                  Running Total
                </th>
              </tr>
            </thead>
            <tbody>
              {totals.points.map((point) => (
                <tr key={point.periodStart}>
                  <th scope="row">{formatPeriod(point.periodStart)}</th>
                  <td className={styles.number}>{formatUsd(point.raised)}</td>
                  <td className={styles.number}>{point.donationCount.toLocaleString('en-US')}</td>
                  <td className={styles.number}>{formatUsd(point.cumulativeRaised)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
