import { countText, rowsText } from '../../utils/format';
import styles from '../ImportWizard.module.css';

/** A batch upload that failed after the first batch: part of the file is on the server. */
export type PartialFailure = { message: string; importId: string; rowsSent: number; rowsTotal: number; markedFailed: boolean };

export type PartialFailureAlertProps = { failure: PartialFailure };

/** Says which rows of a failed import reached the server, and to undo that import before trying again. */
export function PartialFailureAlert({ failure }: PartialFailureAlertProps) {
  return (
    <div role="alert" className={styles.error}>
      <strong>Import Failed</strong>
      <span>{failure.message}</span>
      <span>
        The first {rowsText(failure.rowsSent)} of {countText(failure.rowsTotal)} were sent as import <code>{failure.importId}</code>; the other{' '}
        {rowsText(failure.rowsTotal - failure.rowsSent)} were not.{' '}
        {failure.markedFailed ? 'That import is marked failed in Import History.' : 'Check that import in Import History.'} Undo it there before importing the
        file again, so no row is imported twice.
      </span>
    </div>
  );
}
