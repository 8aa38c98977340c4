import styles from './Page.module.css';

const SETTINGS_AREAS = [
  { title: 'Account', text: 'Your name, email, phone, timezone, language, date format and notification toggles.' },
  { title: 'Organization', text: 'Organization name, type, website, address, tax id, colours, logo and favicon.' },
  { title: 'Security', text: 'Password change, two-factor authentication, active sessions and login alerts.' },
  { title: 'Payment', text: 'Payment methods, billing details, subscription and invoices.' },
  { title: 'Notifications', text: 'Email and push notifications for campaigns, donations, events and reports.' },
];

/** The settings overview reached from the top bar; each area's form arrives with the settings issue. */
export function SettingsOverview() {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Settings</h1>
      <p className={styles.subtitle}>Manage your account and organization preferences.</p>
      <ul className={styles.cards}>
        {SETTINGS_AREAS.map((area) => (
          <li key={area.title} className={styles.card}>
            <h2 className={styles.cardTitle}>{area.title}</h2>
            <p className={styles.cardText}>{area.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
