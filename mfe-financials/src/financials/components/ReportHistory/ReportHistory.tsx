import { Spinner } from '@caucus/design-system';
import { api, formatDateTime, useCan, useQuery } from '@caucus/platform';
import { auditFieldLabel } from '@caucus/contract';
import styles from '../Financials.module.css';

type AuditEntry = {
  id: string;
  action: string;
  userId: string | null;
  userName: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
};

const ACTIONS: Record<string, string> = {
  create: 'Created',
  update: 'Changed',
  file: 'Filed',
  filed: 'Marked filed',
  unfiled: 'Marked not filed',
  amend: 'Amended',
};
const show = (value: unknown): string =>
  value === null || value === undefined || value === '' ? '(empty)' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** A report's History: who created, changed, filed or amended it, when, and what changed (the audit trail). */
export function ReportHistory({ reportId }: { reportId: string }) {
  // The trail is read with audit.read (contract/permissions.ts); a role without it sees no History.
  const allowed = useCan('audit.read');
  const history = useQuery({
    queryKey: ['financials', 'report', reportId, 'history'],
    queryFn: ({ signal }) => api.get<{ entries: AuditEntry[] }>('/audit', { signal, query: { entityType: 'fec_report', entityId: reportId } }),
    enabled: allowed,
  });
  if (!allowed) return null;
  return (
    <section className={styles.stack} aria-labelledby="report-history-heading">
      <h2 id="report-history-heading">History</h2>
      {history.isPending ? (
        <Spinner label="Loading the report's history" />
      ) : history.isError ? (
        <p role="alert">The history could not be loaded.</p>
      ) : history.data.entries.length === 0 ? (
        <p className={styles.hint}>No recorded changes yet.</p>
      ) : (
        <ol aria-label="Report history">
          {history.data.entries.map((entry) => {
            const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
            return (
              <li key={entry.id}>
                <strong>{ACTIONS[entry.action] ?? entry.action}</strong>{' '}
                <span className={styles.hint}>
                  {formatDateTime(entry.createdAt)} · {entry.userName ?? (entry.userId ? 'Former user' : 'System')}
                </span>
                {entry.before && entry.after ? (
                  <ul>
                    {fields.map((field) => (
                      <li key={field}>
                        {auditFieldLabel(field)}: {show(entry.before?.[field])} → {show(entry.after?.[field])}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
