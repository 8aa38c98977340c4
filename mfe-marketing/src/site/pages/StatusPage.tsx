import { PageHero } from './PageHero';
import styles from './StatusPage.module.css';

// The status page is static (docs/product/screens.md, Public site) and shows every component operational.
const COMPONENTS = [
  { name: 'Web application', text: 'Dashboard, contacts, lists, campaigns and events' },
  { name: 'API', text: 'Every request the application makes under /api' },
  { name: 'Sign-in and accounts', text: 'Login, password reset and signup' },
  { name: 'Payments and billing', text: 'Plan checkout and subscription management' },
  { name: 'Data import', text: 'CSV, XLS and XLSX imports and import history' },
  { name: 'File storage', text: 'Profile images and contact documents' },
  { name: 'Email delivery', text: 'Password reset, welcome and support emails' },
];

export function StatusPage() {
  return (
    <>
      <PageHero eyebrow="System status" title="All systems operational" lead="Live status of every Caucus service. Scheduled maintenance is announced here and by email at least 72 hours ahead." />
      <div className={styles.container}>
        <ul className={styles.list} aria-label="Components">
          {COMPONENTS.map((component) => (
            <li key={component.name} className={styles.item}>
              <div>
                <p className={styles.name}>{component.name}</p>
                <p className={styles.text}>{component.text}</p>
              </div>
              <span className={styles.status}>
                <span className={styles.dot} aria-hidden="true" />
                Operational
              </span>
            </li>
          ))}
        </ul>
        <section className={styles.history}>
          <h2 className={styles.historyTitle}>Past incidents</h2>
          <p className={styles.text}>No incidents reported in the last 90 days.</p>
        </section>
      </div>
    </>
  );
}
