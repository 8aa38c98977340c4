import { Link } from 'react-router-dom';
import { FOOTER_GROUPS } from '../content/navigation';
import styles from './SiteFooter.module.css';

export function SiteFooter() {
  const handleBackToTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <p className={styles.logo}>Caucus</p>
          <p className={styles.tagline}>
            Donor CRM, campaign finance and events for political campaigns, nonprofits and the people who organize them.
          </p>
        </div>
        <nav aria-label="Footer" className={styles.groups}>
          {FOOTER_GROUPS.map((group) => (
            <div key={group.title} className={styles.group}>
              <h2 className={styles.groupTitle}>{group.title}</h2>
              <ul className={styles.links}>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={styles.link}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className={styles.bottom}>
        <p>© {new Date().getFullYear()} Caucus. All rights reserved.</p>
        <button type="button" className={styles.top} onClick={handleBackToTop} data-back-to-top="">
          ↑ Back to Top
        </button>
      </div>
    </footer>
  );
}
