import type { ReactNode } from 'react';
import { cx } from '../../utils/cx';
import { Button } from '../Button';
import styles from './ErrorState.module.css';

export const FALLBACK_ERROR_MESSAGE = 'An error occurred';

export type ErrorStateProps = {
  /** What failed, in the section's words, e.g. 'Failed to load import history'. */
  title: ReactNode;
  /** The caught error: its message is shown (the API client puts the server's message there). */
  error: unknown;
  onRetry: () => void;
  /** Disables Retry while the refetch runs. */
  retrying?: boolean;
  className?: string;
};

/** The message a user sees for a caught value: an Error's own message, else the API client's default. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : FALLBACK_ERROR_MESSAGE;
}

export function ErrorState({ title, error, onRetry, retrying = false, className }: ErrorStateProps) {
  return (
    <div role="alert" className={cx(styles.box, className)}>
      <div>
        <p className={styles.title}>{title}</p>
        <p className={styles.message}>{errorMessage(error)}</p>
      </div>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        Retry
      </Button>
    </div>
  );
}
