import { Navigate, Outlet } from 'react-router-dom';
import { ErrorState, Spinner } from '@caucus/design-system';
import { useSessionCheck } from '@caucus/platform';
import styles from './RequireSession.module.css';

/**
 * The dashboard needs a signed-in user (docs/product/screens.md, The dashboard), else /login.
 * Signed in means the browser is: a tab with nothing cached yet (a link opened in a new tab, a URL
 * typed into one) asks the server first, so it is not sent to /login while the session cookie is
 * valid.
 */
export function RequireSession() {
  const check = useSessionCheck();
  if (check.status === 'signed-in') return <Outlet />;
  if (check.status === 'signed-out') return <Navigate to="/login" replace />;
  return (
    <main className={styles.screen}>
      {check.status === 'unreachable' ? (
        <ErrorState className={styles.problem} title="Could not check your sign-in" error={check.error} onRetry={check.retry} />
      ) : (
        <Spinner size="lg" label="Checking your sign-in" />
      )}
    </main>
  );
}
