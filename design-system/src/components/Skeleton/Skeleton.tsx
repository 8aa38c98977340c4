import type { CSSProperties } from 'react';
import { cx } from '../../utils/cx';
import styles from './Skeleton.module.css';

export type SkeletonProps = {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** Several text-like bars; the last one is shorter, as a paragraph ends. */
  lines?: number;
  circle?: boolean;
  className?: string;
};

/** Placeholder shapes while data loads. Hidden from assistive tech: pair it with a busy region or Spinner. */
export function Skeleton({ width, height, lines, circle = false, className }: SkeletonProps) {
  if (lines && lines > 1) {
    return (
      <span className={cx(styles.lines, className)} aria-hidden="true" data-testid="skeleton">
        {Array.from({ length: lines }, (_, index) => (
          <span key={index} className={styles.bone} style={{ width: index === lines - 1 ? '60%' : '100%', height: height ?? '0.875em' }} />
        ))}
      </span>
    );
  }
  return (
    <span
      className={cx(styles.bone, circle && styles.circle, className)}
      style={{ width: width ?? (circle ? (height ?? 40) : '100%'), height: height ?? (circle ? (width ?? 40) : '1em') }}
      aria-hidden="true"
      data-testid="skeleton"
    />
  );
}
