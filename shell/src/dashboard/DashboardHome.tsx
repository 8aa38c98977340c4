import { Link } from 'react-router-dom';
import { useSession } from '@caucus/design-system/session';
import { DASHBOARD_SECTIONS } from './sections';
import { SectionIcon } from './icons';
import styles from './DashboardHome.module.css';

export function DashboardHome() {
  const { session } = useSession();
  const firstName = session?.user.firstName || session?.user.name || 'there';
  const sections = DASHBOARD_SECTIONS.filter((section) => section.id !== 'dashboard');

  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <p className={styles.eyebrow}>{session?.accountName}</p>
        <h1 className={styles.title}>Welcome back, {firstName}!</h1>
        <p className={styles.subtitle}>
          Here is everything {session?.accountName ? <strong>{session.accountName}</strong> : 'your organization'} runs on
          Caucus. Pick up where you left off.
        </p>
      </header>

      <section aria-labelledby="sections-heading">
        <h2 id="sections-heading" className={styles.sectionHeading}>
          Your workspace
        </h2>
        <ul className={styles.grid}>
          {sections.map((section) => (
            <li key={section.id}>
              <Link to={section.path} className={styles.card}>
                <span className={styles.cardIcon}>
                  <SectionIcon id={section.id} />
                </span>
                <span className={styles.cardBody}>
                  <span className={styles.cardTitle}>
                    {section.label}
                    {section.underDevelopment ? <span className={styles.devTag}>under development</span> : null}
                  </span>
                  <span className={styles.cardText}>{section.description}</span>
                </span>
                <span className={styles.arrow} aria-hidden="true">
                  →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
