import { Link } from 'react-router-dom';
import { buttonClassName } from '@caucus/design-system';
import type { DashboardSection } from './sections';
import { SectionIcon } from './icons';
import styles from './Page.module.css';

/** Communication and Calls & Meetings are marked under development (SPEC.md point 2). */
export function UnderDevelopment({ section }: { section: DashboardSection }) {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{section.label}</h1>
      <div className={styles.notice} role="status">
        <span className={styles.noticeIcon}>
          <SectionIcon id={section.id} />
        </span>
        <h2 className={styles.noticeTitle}>{section.label} is under development</h2>
        <p className={styles.noticeText}>
          This section is not available yet. {section.description} will arrive in a future release of Caucus.
        </p>
        <Link to="/dashboard" className={buttonClassName({ variant: 'secondary' })}>
          Back to Dashboard
        </Link>
      </div>
    </div>
  );
}
