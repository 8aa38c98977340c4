import { useNavigate } from 'react-router-dom';
import { Button } from '@caucus/design-system';
import styles from '../DashboardHome.module.css';

export const DASHBOARD_ERROR_TITLE = 'Unable to load dashboard';

/** The home's figures could not be loaded: Retry, or back to the sign-in. */
export function DashboardError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const navigate = useNavigate();
  return (
    <div className={styles.error} role="alert">
      <h2 className={styles.errorTitle}>{DASHBOARD_ERROR_TITLE}</h2>
      <p className={styles.errorText}>Your figures could not be loaded right now. Try again, or sign in again if the problem continues.</p>
      <div className={styles.errorActions}>
        <Button onClick={onRetry} loading={retrying}>
          Retry
        </Button>
        <Button variant="secondary" onClick={() => navigate('/login')}>
          Return to Login
        </Button>
      </div>
    </div>
  );
}
