import { Badge, Button, EmptyState, Spinner } from '@caucus/design-system';
import { optionLabel, pledgeStatusTone } from '../utils/financialForms';
import { formatUsd } from '@caucus/platform';
import styles from './Financials.module.css';

/** What one row shows of a pledge or a donation. */
export type FinancialRow = { id: string; amount: number | string | null; details: (string | null | undefined)[]; status: string; needsReview?: boolean };

export type FinancialListProps<T> = {
  /** 'pledge' or 'donation': the button, loading, empty and edit texts. */
  noun: 'pledge' | 'donation';
  query: { isPending: boolean; isError: boolean; data?: T[] };
  row: (item: T) => FinancialRow;
  readOnly: boolean;
  onAdd: () => void;
  onEdit: (item: T) => void;
  /** Opens the item's History (donations); without it, no History button. */
  onHistory?: (item: T) => void;
};

/** The Pledges or Donations sub-tab: add button, then each item's amount, details and status. */
export function FinancialList<T>({ noun, query, row, readOnly, onAdd, onEdit, onHistory }: FinancialListProps<T>) {
  const Noun = optionLabel(noun);
  const items = query.data ?? [];
  return (
    <div className={styles.tab}>
      {readOnly ? null : (
        <div className={styles.toolbar}>
          <Button onClick={onAdd}>+ Add {Noun}</Button>
        </div>
      )}
      {query.isPending ? (
        <Spinner label={`Loading ${noun}s`} />
      ) : query.isError ? (
        <p className={styles.notice}>Unable to load {noun}s</p>
      ) : items.length === 0 ? (
        <EmptyState title={`No ${noun}s yet`} headingLevel={4} />
      ) : (
        <ul className={styles.list} aria-label={`${Noun}s`}>
          {items.map((item) => {
            const { id, amount, details, status, needsReview } = row(item);
            const tone = pledgeStatusTone(status);
            return (
              <li key={id} className={styles.item}>
                <div className={styles.itemMain}>
                  <span className={styles.amount}>{formatUsd(amount)}</span>
                  <span className={styles.meta}>{details.filter(Boolean).join(' · ')}</span>
                </div>
                <div className={styles.itemSide}>
                  <Badge tone={tone} data-tone={tone}>
                    {optionLabel(status)}
                  </Badge>
                  {needsReview ? <Badge tone="warning">Waiting for review</Badge> : null}
                  {onHistory ? (
                    <Button variant="ghost" size="sm" aria-label={`History of ${noun} of ${formatUsd(amount)}`} onClick={() => onHistory(item)}>
                      History
                    </Button>
                  ) : null}
                  {readOnly ? null : (
                    <Button variant="ghost" size="sm" aria-label={`Edit ${noun} of ${formatUsd(amount)}`} onClick={() => onEdit(item)}>
                      Edit
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
