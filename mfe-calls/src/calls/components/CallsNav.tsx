import { NavLink, useLocation } from 'react-router-dom';
import { CALLS_PATH, FOLLOW_UPS_PATH, MEETINGS_PATH } from '../paths';
import styles from './calls.module.css';

const LINKS = [
  { to: CALLS_PATH, label: 'Call time' },
  { to: FOLLOW_UPS_PATH, label: 'Follow-ups' },
  { to: MEETINGS_PATH, label: 'Meetings' },
];

/** The area a path belongs to: "Call time" stays current on a session's pages too. */
export function currentArea(pathname: string): string {
  if (pathname.startsWith(FOLLOW_UPS_PATH)) return FOLLOW_UPS_PATH;
  if (pathname.startsWith(MEETINGS_PATH)) return MEETINGS_PATH;
  return CALLS_PATH;
}

export function CallsNav() {
  const area = currentArea(useLocation().pathname);
  return (
    <nav aria-label="Calls and meetings" className={styles.nav}>
      {LINKS.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          aria-current={area === link.to ? 'page' : undefined}
          className={area === link.to ? `${styles.navLink} ${styles.navLinkActive}` : styles.navLink}
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
