import { Button } from '@caucus/design-system';
import { formatWholeUsd } from '@caucus/platform';
import { LARGEST_FEC_LIMIT } from '@caucus/contract';
import styles from '../ImportWizard.module.css';

export type ReviewNoticesProps = {
  /** Rows with validation errors, skipped by the import. */
  invalid: number;
  /** Rows to be sent that have values to check (a future date, an amount over the largest FEC limit). */
  warned: number;
  warningsConfirmed: boolean;
  onWarningsConfirmedChange: (confirmed: boolean) => void;
  /** Rows that write names in capitals. */
  capitals: number;
  onTitleCaseNames: () => void;
};

/** What the review says above its grid: rows skipped for errors, rows to confirm, names in capitals. */
export function ReviewNotices({ invalid, warned, warningsConfirmed, onWarningsConfirmedChange, capitals, onTitleCaseNames }: ReviewNoticesProps) {
  return (
    <>
      {invalid > 0 ? (
        <div role="status" className={styles.warning}>
          <strong>{invalid.toLocaleString('en-US')} rows have validation errors and will be skipped</strong>
          <span>Fix a cell by clicking it; the row is checked again at once.</span>
        </div>
      ) : null}
      {warned > 0 ? (
        <div role="status" className={styles.warning}>
          <strong>
            {warned.toLocaleString('en-US')} {warned === 1 ? 'row has values' : 'rows have values'} to check: a date in the future or an amount over{' '}
            {formatWholeUsd(LARGEST_FEC_LIMIT)}
          </strong>
          <span>They are imported as they are once you confirm. Fix a cell by clicking it, or leave the row out.</span>
          <label className={styles.confirm}>
            <input type="checkbox" checked={warningsConfirmed} onChange={(event) => onWarningsConfirmedChange(event.target.checked)} />I checked these rows:
            import them as they are
          </label>
        </div>
      ) : null}
      {capitals > 0 ? (
        <div className={styles.notice}>
          <span>
            {capitals.toLocaleString('en-US')} {capitals === 1 ? 'row writes' : 'rows write'} names in capitals (as FEC files do). They are imported as typed
            unless you change them.
          </span>
          <Button size="sm" variant="secondary" onClick={onTitleCaseNames}>
            Use title case for names
          </Button>
        </div>
      ) : null}
    </>
  );
}
