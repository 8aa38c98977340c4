import { REMEDY_DAYS, type ImportLimitWarning } from '@caucus/contract';
import { formatUsd } from '@caucus/platform';
import styles from './ImportWizard.module.css';

const SHOWN = 50;

export type LimitWarningsProps = {
  /** The gifts to be sent that take their contributor past the limit. */
  warnings: ImportLimitWarning[];
  confirmed: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
};

/**
 * The review's contribution limit warnings: each row whose gift takes its contributor past the limit
 * for the election, with the aggregate before it. Asked, not refused (money received is recorded,
 * then remedied): the import waits until the user confirms, as it does for the other values to
 * check; the excess is then the treasurer's to refund, redesignate or reattribute within 60 days.
 */
export function LimitWarnings({ warnings, confirmed, onConfirmedChange }: LimitWarningsProps) {
  if (warnings.length === 0) return null;
  return (
    <section className={styles.duplicates} aria-labelledby="limit-warnings-heading">
      <h3 id="limit-warnings-heading">Over the contribution limit ({warnings.length.toLocaleString('en-US')})</h3>
      <p>
        These gifts take their contributor past the limit for the election. Once you confirm, they are imported and flagged on the Compliance tab: the excess
        must be refunded, redesignated or reattributed within {REMEDY_DAYS} days. Leave a row out in the grid below to import the file without it.
      </p>
      <ul className={styles.duplicateList}>
        {warnings.slice(0, SHOWN).map((warning) => (
          <li key={warning.rowNumber}>
            <strong>Row {warning.rowNumber}</strong>: {warning.contributor} has {formatUsd(warning.aggregate)} for {warning.electionCode}; this gift takes it to{' '}
            {formatUsd(warning.after)}, past the {formatUsd(warning.limit)} limit by {formatUsd(warning.after - warning.limit)}.
          </li>
        ))}
      </ul>
      {warnings.length > SHOWN ? <p>And {(warnings.length - SHOWN).toLocaleString('en-US')} more.</p> : null}
      <label className={styles.confirm}>
        <input type="checkbox" checked={confirmed} onChange={(event) => onConfirmedChange(event.target.checked)} />I checked these gifts: import them past the
        limit
      </label>
    </section>
  );
}
