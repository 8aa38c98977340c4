import { Link } from 'react-router-dom';
import { can, useSession } from '@caucus/platform';
import { SETTINGS_SECTIONS } from './sections';
import styles from './Settings.module.css';

/** The settings overview reached from the top bar's settings button. */
export function SettingsOverview() {
  const { session } = useSession();
  // What the role cannot open is not offered (the API refuses it anyway).
  const sections = SETTINGS_SECTIONS.filter((section) => !section.permission || can(session, section.permission));
  return (
    <div className={styles.page}>
      <header>
        <h1 className={styles.title}>Settings</h1>
        <p className={styles.subtitle}>Manage your account and organization preferences.</p>
      </header>
      <ul className={styles.overview}>
        {sections.map((section) => (
          <li key={section.id} className={styles.overviewCard}>
            <h2 className={styles.overviewTitle}>
              <Link to={section.path} className={styles.overviewLink}>
                {section.title}
              </Link>
            </h2>
            <p className={styles.overviewText}>{section.description}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
