import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BACK_TO_SETTINGS, SETTINGS_PATH } from './sections';
import styles from './Settings.module.css';

export type SettingsPageProps = { title: string; subtitle: string; children: ReactNode };

/** The frame of every settings section: the back link to the overview, the title, the content. */
export function SettingsPage({ title, subtitle, children }: SettingsPageProps) {
  return (
    <div className={styles.page}>
      <Link to={SETTINGS_PATH} className={styles.back}>
        <span aria-hidden="true">← </span>
        {BACK_TO_SETTINGS}
      </Link>
      <header>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.subtitle}>{subtitle}</p>
      </header>
      {children}
    </div>
  );
}

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.groupTitle}>{title}</legend>
      {children}
    </fieldset>
  );
}
