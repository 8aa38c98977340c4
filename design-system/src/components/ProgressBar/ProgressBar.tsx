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

/** Percent of max; 0 when max is not positive or a value is not a number. */
export function progressPercent(value: number, max = 100): number {
  if (!Number.isFinite(value) || !Number.isFinite(max) || max <= 0) return 0;
  return (value / max) * 100;
}

export function formatPercent(percent: number): string {
  return `${percent.toFixed(1)}%`;
}

/**
 * The bar and aria-valuenow stop at 100%; the text keeps the true figure (a campaign at
 * 150% of its goal reads '150.0%' while the bar is simply full).
 */
export function ProgressBar({ value, max = 100, label, showLabel = false, showPercent = true, tone = 'brand', size = 'md', className }: ProgressBarProps) {
  const percent = progressPercent(value, max);
  const capped = Math.min(100, Math.max(0, percent));
  const text = formatPercent(Math.max(0, percent));
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
