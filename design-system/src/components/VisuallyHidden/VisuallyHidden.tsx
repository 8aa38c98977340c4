import type { ReactNode } from 'react';
import styles from './VisuallyHidden.module.css';

export type VisuallyHiddenProps = { children: ReactNode };

/**
 * Text for screen readers only: out of sight, still in the accessibility tree (unlike display:none).
 * For words that complete a visible label, e.g. "Download CSV" + " of Donation Report".
 */
export function VisuallyHidden({ children }: VisuallyHiddenProps) {
  return <span className={styles.hidden}>{children}</span>;
}
