import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../../utils/cx';
import styles from './Card.module.css';

export type CardProps = Omit<HTMLAttributes<HTMLElement>, 'title'> & {
  title?: ReactNode;
  subtitle?: ReactNode;
  /** Buttons or links at the right of the header. */
  actions?: ReactNode;
  footer?: ReactNode;
  padding?: 'none' | 'sm' | 'md' | 'lg';
  /** Heading level of the title, to fit the page outline. */
  headingLevel?: 2 | 3 | 4;
};

export function Card({ title, subtitle, actions, footer, padding = 'md', headingLevel = 3, className, children, ...rest }: CardProps) {
  const Heading = `h${headingLevel}` as 'h2' | 'h3' | 'h4';
  const hasHeader = title !== undefined || actions !== undefined;
  return (
    <section {...rest} className={cx(styles.card, styles[padding], className)}>
      {hasHeader ? (
        <header className={styles.header}>
          <div className={styles.heading}>
            {title !== undefined ? <Heading className={styles.title}>{title}</Heading> : null}
            {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
          </div>
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </header>
      ) : null}
      {children}
      {footer ? <footer className={styles.footer}>{footer}</footer> : null}
    </section>
  );
}
