import { Button } from '@caucus/design-system';
import styles from './LoadError.module.css';

export type LoadErrorProps = { title: string; error: unknown; onRetry: () => void; retrying?: boolean };

/** The server's message (ApiError) is what the user needs to see; anything else gets the client's default. */
export function LoadError({ title, error, onRetry, retrying = false }: LoadErrorProps) {
  const message = error instanceof Error && error.message ? error.message : 'An error occurred';
  return (
    <div role="alert" className={styles.box}>
      <div>
        <p className={styles.title}>{title}</p>
        <p className={styles.message}>{message}</p>
      </div>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        Retry
      </Button>
    </div>
  );
}
