import { Link } from 'react-router-dom';
import { buttonClassName } from '@caucus/design-system';
import styles from './NotFoundPage.module.css';

export function NotFoundPage() {
  return (
    <section className={styles.page}>
      <p className={styles.code}>404</p>
      <h1 className={styles.title}>Page not found</h1>
      <p className={styles.text}>The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
        Back to home
      </Link>
    </section>
  );
}
