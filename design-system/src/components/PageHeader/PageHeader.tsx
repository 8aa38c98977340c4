import type { ReactNode } from 'react';
import { cx } from '../../utils/cx';
import styles from './PageHeader.module.css';

export type PageHeaderProps = {
  /** The page's one h1. */
  title: ReactNode;
  /** Id of the h1, for a page region labelled by its heading (aria-labelledby). */
  titleId?: string;
  subtitle?: ReactNode;
  /** Buttons or links at the right of the title (they wrap below it on narrow screens). */
  actions?: ReactNode;
  className?: string;
};

export function PageHeader({ title, titleId, subtitle, actions, className }: PageHeaderProps) {
  return (
    <header className={cx(styles.header, className)}>
      <div>
        <h1 id={titleId} className={styles.title}>
          {title}
        </h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
}
