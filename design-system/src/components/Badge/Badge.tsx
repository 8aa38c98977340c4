import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../../utils/cx';
import styles from './Badge.module.css';

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info';

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & {
  tone?: BadgeTone;
  size?: 'sm' | 'md';
  children: ReactNode;
};

/** A badge's classes, for markup drawn without React (the public site's islands, ADR 0014). */
export function badgeClassName({ tone = 'neutral', size = 'md' }: { tone?: BadgeTone; size?: 'sm' | 'md' } = {}): string {
  return cx(styles.badge, styles[tone], styles[size]);
}

export function Badge({ tone = 'neutral', size = 'md', className, children, ...rest }: BadgeProps) {
  return (
    <span {...rest} className={cx(badgeClassName({ tone, size }), className)}>
      {children}
    </span>
  );
}
