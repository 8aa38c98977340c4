import type { ReactNode } from 'react';
import styles from './Page.module.css';

export type PageHeroProps = { eyebrow?: string; title: string; lead?: ReactNode; children?: ReactNode };

export function PageHero({ eyebrow, title, lead, children }: PageHeroProps) {
  return (
    <section className={styles.hero}>
      <div className={styles.heroInner}>
        {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
        <h1 className={styles.title}>{title}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}
