import { Link } from 'react-router-dom';
import { buttonClassName } from '@caucus/design-system';
import type { ContentPage } from '../content/pages';
import { PageHero } from './PageHero';
import styles from './Page.module.css';

export function ContentPageView({ page }: { page: ContentPage }) {
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead} />
      <div className={`${styles.container} ${styles.narrow} ${styles.prose}`}>
        {page.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.text ? <p>{section.text}</p> : null}
            {section.items ? (
              <ul>
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </div>
      {page.cta ? (
        <div className={styles.container}>
          <div className={styles.banner}>
            <div>
              <h2>{page.cta.title}</h2>
              <p>{page.cta.text}</p>
            </div>
            <Link to={page.cta.to} className={`${buttonClassName({ variant: 'secondary', size: 'lg' })} ${styles.ctaInverse}`}>
              {page.cta.label}
            </Link>
          </div>
        </div>
      ) : null}
    </>
  );
}
