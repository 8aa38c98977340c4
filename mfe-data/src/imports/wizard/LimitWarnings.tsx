import type { ImportLimitWarning } from '@caucus/contract';
import { formatUsd } from '@caucus/platform';
import styles from './ImportWizard.module.css';

const SHOWN = 50;

/**
 * The review's contribution limit warnings: each row whose gift takes its contributor past the limit
 * for the election, with the aggregate before it. A warning, not a block: the excess is the
 * treasurer's to refund, redesignate or reattribute within 60 days, and the Compliance tab lists it.
 */
export function LimitWarnings({ warnings }: { warnings: ImportLimitWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <section className={styles.duplicates} aria-labelledby="limit-warnings-heading">
      <h3 id="limit-warnings-heading">Over the contribution limit ({warnings.length.toLocaleString('en-US')})</h3>
      <p>
        These gifts take their contributor past the limit for the election. They will be imported and flagged on the Compliance tab: the excess must be
        refunded, redesignated or reattributed within 60 days.
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
    </section>
  );
}
