import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LogoMark } from '../dashboard/icons';
import styles from '@caucus/design-system/auth/AuthLayout.module.css';

type AuthLayoutProps = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** The login page's side panel; the other auth pages are a single card. */
  aside?: ReactNode;
};

/** Standalone auth pages (docs/product/screens.md): no public header/footer, just the brand and a card. */
export function AuthLayout({ title, subtitle, children, aside }: AuthLayoutProps) {
  return (
    <div className={styles.screen}>
      <div className={`${styles.panel} ${aside ? styles.withAside : ''}`}>
        {/* The main landmark; the login page's side panel stays a landmark of its own beside it. */}
        <main className={styles.formSide}>
          <Link to="/" className={styles.brand} aria-label="Caucus home">
            <LogoMark />
            <span>Caucus</span>
          </Link>
          <h1 className={styles.title}>{title}</h1>
          {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
          {children}
        </main>
        {aside ? <aside className={styles.aside}>{aside}</aside> : null}
      </div>
    </div>
  );
}
