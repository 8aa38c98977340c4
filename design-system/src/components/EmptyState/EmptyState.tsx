import type { ReactNode } from 'react';
import { cx } from '../../utils/cx';
import styles from './EmptyState.module.css';

export type EmptyStateProps = {
  title: ReactNode;
  message?: ReactNode;
  /** A decorative icon or illustration (hidden from assistive tech). */
  icon?: ReactNode;
  /** Usually a Button that creates the first item. */
  action?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  className?: string;
};

export function EmptyState({ title, message, icon, action, headingLevel = 3, className }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as 'h2' | 'h3' | 'h4';
  return (
    <div className={cx(styles.empty, className)}>
      {icon ? (
        <div className={styles.icon} aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Heading className={styles.title}>{title}</Heading>
      {message ? <p className={styles.message}>{message}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
