import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { buttonClassName } from '@caucus/design-system';
import { HEADER_ACTIONS, HEADER_LINKS } from '../content/navigation';
import styles from './SiteHeader.module.css';

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();

  // A link chosen from the mobile menu should not leave the menu covering the new page.
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        {/* Named by its visible text (the mark is hidden): a label that differs from it fails WCAG 2.5.3. */}
        <Link to="/" className={styles.logo}>
          <span className={styles.mark} aria-hidden="true">
            C
          </span>
          Caucus
        </Link>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className={styles.bars} data-open={menuOpen} aria-hidden="true" />
        </button>
        <div id="site-menu" className={styles.menu} data-open={menuOpen}>
          <nav aria-label="Main" className={styles.nav}>
            {HEADER_LINKS.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                end
                className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
              >
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className={styles.actions}>
            <Link to={HEADER_ACTIONS.login.to} className={buttonClassName({ variant: 'ghost' })}>
              {HEADER_ACTIONS.login.label}
            </Link>
            <Link to={HEADER_ACTIONS.signup.to} className={buttonClassName({ variant: 'primary' })}>
              {HEADER_ACTIONS.signup.label}
            </Link>
          </div>
        </div>
      </div>
    </header>
  );
}
