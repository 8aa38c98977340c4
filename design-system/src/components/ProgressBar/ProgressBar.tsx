import { cx } from '../../utils/cx';
import styles from './ProgressBar.module.css';

export type ProgressBarTone = 'brand' | 'success' | 'warning' | 'danger';

export type ProgressBarProps = {
  value: number;
  max?: number;
  /** Accessible name, e.g. 'Fundraising progress'. */
  label: string;
  /** Shows the label above the bar (it is always available to assistive tech). */
  showLabel?: boolean;
  /** Shows the percentage, to one decimal, beside the bar. */
  showPercent?: boolean;
  tone?: ProgressBarTone;
  size?: 'sm' | 'md';
  className?: string;
};

// The bar's own geometry. The product's percent of goal is session/format.ts's progressPercent
// (capped at 100, docs/product/limits-and-defaults.md); the UI entry never imports the session
// entry (src/index.ts), so the bar measures value against max itself.
function percentOfMax(value: number, max: number): number {
  if (!Number.isFinite(value) || !Number.isFinite(max) || max <= 0) return 0;
  return (value / max) * 100;
}

/**
 * The bar and aria-valuenow stop at 100%; the text keeps the true figure of value/max (150 of 100
 * reads '150.0%' while the bar is simply full). Campaign progress passes its capped percent of goal.
 */
export function ProgressBar({ value, max = 100, label, showLabel = false, showPercent = true, tone = 'brand', size = 'md', className }: ProgressBarProps) {
  const percent = percentOfMax(value, max);
  const capped = Math.min(100, Math.max(0, percent));
  const text = `${Math.max(0, percent).toFixed(1)}%`;
  return (
    <div className={cx(styles.wrapper, className)}>
      {showLabel ? <span className={styles.label}>{label}</span> : null}
      <div className={styles.row}>
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(capped * 10) / 10}
          aria-valuetext={text}
          className={cx(styles.track, styles[size])}
        >
          <div className={cx(styles.fill, styles[tone])} style={{ width: `${capped}%` }} data-testid="progress-fill" />
        </div>
        {showPercent ? <span className={styles.percent}>{text}</span> : null}
      </div>
    </div>
  );
}
