import { Card, ErrorState, Skeleton } from '@caucus/design-system';
import { api, formatDateTime, useCan, useQuery } from '@caucus/design-system/session';
import styles from './ContactHistory.module.css';

type AuditEntry = {
  id: string;
  action: string;
  userId: string | null;
  userName: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
};

const ACTIONS: Record<string, string> = { create: 'Created', update: 'Changed', delete: 'Deleted', merge: 'Merged' };
const show = (value: unknown): string => (value === null || value === undefined || value === '' ? '(empty)' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The contact's identity and contact details as they changed, newest first (the audit trail). */
export function ContactHistory({ contactId }: { contactId: string }) {
  const allowed = useCan('audit.read');
  const history = useQuery({
    queryKey: ['audit', 'contact', contactId],
    queryFn: ({ signal }) => api.get<{ entries: AuditEntry[] }>('/audit', { signal, query: { entityType: 'contact', entityId: contactId } }),
    enabled: allowed,
  });
  if (!allowed) return null;
  return (
    <Card title="History" headingLevel={2}>
      {history.isPending ? (
        <Skeleton width="100%" height="3rem" />
      ) : history.isError ? (
        <ErrorState title="The history could not be loaded" error={history.error} onRetry={() => void history.refetch()} />
      ) : (history.data.entries ?? []).length === 0 ? (
        <p className={styles.none}>No recorded changes yet.</p>
      ) : (
        <ol className={styles.entries} aria-label="Contact history">
          {history.data.entries.map((entry) => {
            const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
            return (
              <li key={entry.id} className={styles.entry}>
                <strong>{ACTIONS[entry.action] ?? entry.action}</strong>{' '}
                <span className={styles.meta}>
                  {formatDateTime(entry.createdAt)} · {entry.userName ?? (entry.userId ? 'Former user' : 'System')}
                </span>
                {entry.action === 'update' ? (
                  <dl className={styles.changes}>
                    {fields.map((field) => (
                      <div key={field}>
                        <dt>{field}</dt>
                        <dd>
                          {show(entry.before?.[field])} → {show(entry.after?.[field])}
                        </dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
