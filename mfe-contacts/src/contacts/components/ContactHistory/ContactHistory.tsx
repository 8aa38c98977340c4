import { Button, Card, ErrorState, Skeleton } from '@caucus/design-system';
import { api, ApiError, formatDateTime, toast, useCan, useMutation, useQuery, useQueryClient } from '@caucus/platform';
import { auditActionLabel, auditFieldLabel, auditValueLabel, UNDO_WINDOW_DAYS } from '@caucus/contract';
import { undoMerge } from '../../../duplicates/api/duplicatesApi';
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

// The trail's words (contract/auditLabels.ts), capitalised: no record type comes before them here.
const actionLabel = (action: string) => {
  const label = auditActionLabel(action);
  return label.charAt(0).toUpperCase() + label.slice(1);
};
const show = (field: string, value: unknown): string =>
  value === null || value === undefined || value === '' ? '(empty)' : typeof value === 'object' ? JSON.stringify(value) : auditValueLabel(field, String(value));

const mergeIdOf = (entry: AuditEntry): string | null => {
  const id = entry.after?.mergeId;
  return typeof id === 'string' ? id : null;
};

/** A merge this contact received that can still be undone: not undone yet, and within the window. */
function undoableMerge(entry: AuditEntry, entries: AuditEntry[], now: number): string | null {
  const mergeId = entry.action === 'merge' ? mergeIdOf(entry) : null;
  if (!mergeId) return null;
  if (entries.some((other) => other.action === 'unmerge' && mergeIdOf(other) === mergeId)) return null;
  return now - Date.parse(entry.createdAt) <= UNDO_WINDOW_DAYS * 86_400_000 ? mergeId : null;
}

/** The contact's identity and contact details as they changed, newest first (the audit trail). */
export function ContactHistory({ contactId }: { contactId: string }) {
  const allowed = useCan('audit.read');
  // Undoing a merge moves gifts back: the merge's own permission (contract/permissions.ts).
  const canUndo = useCan('money.write');
  const queryClient = useQueryClient();
  const undo = useMutation({
    mutationFn: (mergeId: string) => undoMerge(mergeId),
    onSuccess: async () => {
      toast.success('Merge undone', 'Both records are back as they were, with their gifts.');
      await queryClient.invalidateQueries();
    },
    onError: (error) => toast.error('The merge could not be undone', error instanceof ApiError ? error.message : 'Please try again.'),
  });
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
            const mergeId = canUndo ? undoableMerge(entry, history.data.entries, Date.now()) : null;
            return (
              <li key={entry.id} className={styles.entry}>
                <strong>{actionLabel(entry.action)}</strong>{' '}
                <span className={styles.meta}>
                  {formatDateTime(entry.createdAt)} · {entry.userName ?? (entry.userId ? 'Former user' : 'System')}
                </span>
                {mergeId ? (
                  <>
                    {' '}
                    <Button size="sm" variant="secondary" loading={undo.isPending && undo.variables === mergeId} onClick={() => undo.mutate(mergeId)}>
                      Undo merge
                    </Button>
                  </>
                ) : null}
                {entry.action === 'update' ? (
                  <dl className={styles.changes}>
                    {fields.map((field) => (
                      <div key={field}>
                        <dt>{auditFieldLabel(field)}</dt>
                        <dd>
                          {show(field, entry.before?.[field])} → {show(field, entry.after?.[field])}
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
