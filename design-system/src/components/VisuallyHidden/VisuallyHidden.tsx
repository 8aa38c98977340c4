import type { ReactNode } from 'react';
import styles from './VisuallyHidden.module.css';

export type VisuallyHiddenProps = {
  children: ReactNode;
  /** 'div' for block content (a table that repeats a chart's figures); a span otherwise. */
  as?: 'span' | 'div';
};

/**
 * Text for screen readers only: out of sight, still in the accessibility tree (unlike display:none).
 * For words that complete a visible label, e.g. "Download CSV" + " of Donation Report".
 */
export function VisuallyHidden({ children, as: Element = 'span' }: VisuallyHiddenProps) {
  return <Element className={styles.hidden}>{children}</Element>;
}
