import { useState } from 'react';
import { Button, Checkbox } from '@caucus/design-system';
import type { ImportDuplicateFinding } from '@caucus/contract';
import { formatUsd } from '@caucus/platform';
import styles from './ImportWizard.module.css';

export type DuplicateGiftsProps = {
  /** Possible duplicates by row index. */
  findings: Map<number, ImportDuplicateFinding>;
  /** Row indexes the user chose to import anyway. */
  included: Set<number>;
  onChange: (included: Set<number>) => void;
};

const SHOWN = 20;

/**
 * The review's possible duplicate gifts: each row with the gift it repeats (already recorded, or an
 * earlier row of the file). They are skipped, and listed in the import's report with that reason,
 * unless the user includes them.
 */
export function DuplicateGifts({ findings, included, onChange }: DuplicateGiftsProps) {
  const [shown, setShown] = useState(SHOWN);
  if (findings.size === 0) return null;
  const entries = [...findings.entries()].sort((x, y) => x[0] - y[0]);
  const toggle = (index: number, on: boolean) => {
    const next = new Set(included);
    if (on) next.add(index);
    else next.delete(index);
    onChange(next);
  };
  const skipped = findings.size - [...included].filter((i) => findings.has(i)).length;
  return (
    <section className={styles.duplicates} aria-labelledby="possible-duplicates-heading">
      <h3 id="possible-duplicates-heading">Possible duplicates ({findings.size.toLocaleString('en-US')})</h3>
      <p>{skipped.toLocaleString('en-US')} of these rows will be skipped and listed in the import's report. Include a row to import its gift anyway.</p>
      <div className={styles.duplicateActions}>
        <Button variant="secondary" size="sm" onClick={() => onChange(new Set(findings.keys()))} disabled={skipped === 0}>
          Include all
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onChange(new Set())} disabled={skipped === findings.size}>
          Skip all
        </Button>
      </div>
      <ul className={styles.duplicateList}>
        {entries.slice(0, shown).map(([index, finding]) => (
          <li key={index}>
            <Checkbox
              label={`Row ${finding.rowNumber}: include`}
              checked={included.has(index)}
              onChange={(event) => toggle(index, event.target.checked)}
              description={
                finding.existing
                  ? `Possible duplicate of ${finding.existing.contactName}'s ${formatUsd(finding.existing.donationAmount)} ${finding.existing.checkNumber ? `check ${finding.existing.checkNumber}` : (finding.existing.paymentMethod ?? '')} of ${finding.existing.donationDate ?? 'no date'}, already recorded`
                  : finding.reason
              }
            />
          </li>
        ))}
      </ul>
      {entries.length > shown ? (
        <Button variant="ghost" size="sm" onClick={() => setShown(shown + 100)}>
          Show {Math.min(100, entries.length - shown)} more of {(entries.length - shown).toLocaleString('en-US')}
        </Button>
      ) : null}
    </section>
  );
}
