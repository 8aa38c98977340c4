import { Spinner } from '@caucus/design-system';
import { formatDateTime, formatDay, formatUsd } from '@caucus/platform';
import { auditFieldLabel } from '@caucus/contract';
import type { MoneyHistoryEntry } from '../../api/financialsApi';
import { optionLabel } from '../../utils/financialForms';
import styles from './MoneyHistory.module.css';

export type MoneyHistoryProps = {
  contactId: string;
  query: { isPending: boolean; isError: boolean; data?: MoneyHistoryEntry[] };
  /** Campaign names by id, from the contact's gifts: a change of campaign reads by name. */
  campaignNames: ReadonlyMap<string, string>;
};

const ACTIONS: Record<string, string> = {
  create: 'recorded',
  update: 'changed',
  import: 'imported',
  'import-undo': 'removed by an import undo',
  remove: 'removed',
  refund: 'excess refunded',
  redesignate: 'excess redesignated',
  reattribute: 'excess reattributed',
  move: 'moved to another contributor',
  review: 'marked reviewed',
};

// The fields a gift's trace shows, in this order; their labels are the contract's (auditLabels.ts).
const FIELDS = [
  'donationAmount',
  'pledgeAmount',
  'donationDate',
  'pledgeDate',
  'dueDate',
  'status',
  'paymentMethod',
  'campaignId',
  'electionCode',
  'pledgeId',
  'contactId',
  'needsReview',
];

/** One field's value as the treasurer reads it. */
function shown(field: string, value: unknown, contactId: string, campaignNames: ReadonlyMap<string, string>): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (field === 'donationAmount' || field === 'pledgeAmount') return formatUsd(value as number);
  if (field.endsWith('Date')) return formatDay(String(value));
  if (field === 'status' || field === 'paymentMethod') return optionLabel(String(value));
  if (field === 'campaignId') return campaignNames.get(String(value)) ?? 'another campaign';
  if (field === 'contactId') return value === contactId ? 'this contact' : 'another contact';
  if (field === 'pledgeId') return 'linked';
  if (field === 'needsReview') return value ? 'yes' : 'no';
  return String(value);
}

/** What an entry changed: each field before → after, or for a gift recorded or removed, its amount and date. */
function changes(entry: MoneyHistoryEntry, contactId: string, campaignNames: ReadonlyMap<string, string>): string[] {
  const { before, after } = entry;
  const whole = after ?? before;
  if (!before || !after) {
    if (!whole) return [];
    const amount = whole.donationAmount ?? whole.pledgeAmount;
    const date = whole.donationDate ?? whole.pledgeDate;
    return [
      `${formatUsd(amount as number)}${date ? ` on ${formatDay(String(date))}` : ''}${whole.campaignId ? ` to ${shown('campaignId', whole.campaignId, contactId, campaignNames)}` : ''}`,
    ];
  }
  return FIELDS.filter((field) => field in after && JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null)).map(
    (field) => `${auditFieldLabel(field)}: ${shown(field, before[field], contactId, campaignNames)} → ${shown(field, after[field], contactId, campaignNames)}`,
  );
}

/**
 * The trace of the contact's money: who recorded, changed, remedied or removed each gift, when, and
 * what it was before and after (the ledger writes one entry per change, in the change's transaction).
 */
export function MoneyHistory({ contactId, query, campaignNames }: MoneyHistoryProps) {
  return (
    <section className={styles.history} aria-label="History of changes">
      <h3 className={styles.heading}>History of changes</h3>
      {query.isPending ? (
        <Spinner label="Loading history" />
      ) : query.isError ? (
        <p role="alert" className={styles.none}>
          The history could not be loaded.
        </p>
      ) : (query.data ?? []).length === 0 ? (
        <p className={styles.none}>No changes to this contact&apos;s gifts yet.</p>
      ) : (
        <ol className={styles.entries}>
          {(query.data ?? []).map((entry) => (
            <li key={entry.id} className={styles.entry}>
              <p className={styles.what}>
                {entry.entityType === 'pledge' ? 'Pledge' : 'Donation'} {ACTIONS[entry.action] ?? entry.action}
              </p>
              <p className={styles.meta}>
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time> ·{' '}
                {entry.userName ?? (entry.userId ? 'A former member' : 'The system')}
              </p>
              <ul className={styles.changes}>
                {changes(entry, contactId, campaignNames).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
