import { cx } from '../../utils/cx';
import { VisuallyHidden } from '../VisuallyHidden';
import styles from './Spinner.module.css';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export type SpinnerProps = {
  size?: SpinnerSize;
  /** Announced to screen readers; pass null when a parent already announces the busy state. */
  label?: string | null;
  className?: string;
};

export function Spinner({ size = 'md', label = 'Loading', className }: SpinnerProps) {
  const ring = <span className={cx(styles.spinner, styles[size], className)} aria-hidden="true" />;
  if (label === null) return ring;
  return (
    <span role="status" className={styles.wrapper}>
      {ring}
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}
