import { Link } from 'react-router-dom';
import styles from '@caucus/design-system/auth/AuthForm.module.css';

/** A form's error as the sign-in pages show it: announced, and nothing when there is none. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className={styles.formError} role="alert">
      {message}
    </p>
  );
}

/** The way back from the account pages a link opened (reset, email change). */
export function BackToLogin() {
  return (
    <p className={styles.footer}>
      <Link to="/login" className={styles.link}>
        Back to login
      </Link>
    </p>
  );
}
