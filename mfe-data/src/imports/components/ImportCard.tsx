import { lazy, Suspense, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Modal, ProgressBar, Spinner, buttonClassName } from '@caucus/design-system';
import { toast, useCan, formatDateTime } from '@caucus/platform';
import { reportUrl, retryImport, undoImport, type ImportRecord } from '../api/historyApi';
import { importsKeys } from '../api/importsApi';
import { humanise, importTypeIcon, statusTone, visibleErrors } from '../utils/format';
import styles from './ImportCard.module.css';

const count = (n: number) => n.toLocaleString('en-US');
// The fix table checks rows with the contract (and zod): loaded when it is opened (ADR 0008).
const SkippedRows = lazy(() => import('./SkippedRows/SkippedRows'));

export function ImportCard({ record }: { record: ImportRecord }) {
  const titleId = `import-${record.id}`;
  const { shown, more } = visibleErrors(record.errors, record.errorCount);
  const queryClient = useQueryClient();
  const [confirmUndo, setConfirmUndo] = useState(false);
  const [fixing, setFixing] = useState(false);
  // Fixing, retrying and undoing need imports.write (contract/permissions.ts); other roles read the report.
  const canWrite = useCan('imports.write');
  const refresh = () => queryClient.invalidateQueries({ queryKey: importsKeys.all });

  const retry = useMutation({
    mutationFn: () => retryImport(record.id),
    onSuccess: () => {
      toast.success('Import resumed', `${record.fileName} continues from the first row not done.`);
      void refresh();
    },
    onError: (error) => toast.error('Retry failed', error instanceof Error ? error.message : undefined),
  });
  const undoMutation = useMutation({
    mutationFn: () => undoImport(record.id),
    onSuccess: () => {
      toast.success('Undo started', `${record.fileName} is being undone. Its progress shows here; you can leave this page.`);
      setConfirmUndo(false);
      void refresh();
    },
    onError: (error) => toast.error('Undo failed', error instanceof Error ? error.message : undefined),
  });

  const processing = record.status === 'processing';
  /** The undo job's state (the history polls it): running with its progress, failed, or done. */
  const undo = record.undo;
  const undoing = undo?.status === 'running';
  const removed = undo?.status === 'done' ? undo.removed : null;
  return (
    <Card>
      <article aria-labelledby={titleId} className={styles.body}>
        <span className={styles.icon} aria-hidden="true">
          {importTypeIcon(record.importType)}
        </span>
        <div className={styles.main}>
          <div className={styles.top}>
            <h3 id={titleId} className={styles.file}>
              {record.fileName}
            </h3>
            <Badge tone={statusTone(record.status)}>{humanise(record.status)}</Badge>
            {record.undoneAt ? <Badge tone="neutral">Undone</Badge> : null}
          </div>
          <p className={styles.meta}>
            {humanise(record.importType)}
            {record.campaignName ? ` · ${record.campaignName}` : ''}
          </p>
          {processing ? (
            <ProgressBar
              value={record.recordsImported + record.recordsSkipped}
              max={Math.max(1, record.recordsTotal)}
              label={`Progress of ${record.fileName}: ${count(record.recordsImported + record.recordsSkipped)} of ${count(record.recordsTotal)} rows`}
              size="sm"
            />
          ) : null}
          {undoing ? (
            <ProgressBar
              value={undo.done}
              max={Math.max(1, undo.total)}
              label={`Undoing ${record.fileName}: ${count(undo.done)} of ${count(undo.total)} gifts removed`}
              showLabel
              size="sm"
            />
          ) : null}
          {undo?.status === 'failed' ? (
            <p className={styles.undoFailed} role="status">
              Undo stopped after {count(undo.done)} of {count(undo.total)} gifts. Undo again to continue.
            </p>
          ) : null}
          {removed && undo ? (
            <p className={styles.meta}>
              Undone: removed {count(removed.donations)} donations, {count(removed.pledges)} pledges, {count(removed.notes)} notes and {count(removed.contacts)}{' '}
              new contacts; restored {count(undo.restoredContacts)} contacts.
            </p>
          ) : null}
          <p className={styles.counts}>
            <span className={styles.imported}>{count(record.recordsImported)} imported</span>
            {record.recordsSkipped > 0 ? <span className={styles.skipped}>{count(record.recordsSkipped)} skipped</span> : null}
            {record.contactsCreated > 0 ? <span>{count(record.contactsCreated)} new contacts</span> : null}
            {record.contactsUpdated > 0 ? <span>{count(record.contactsUpdated)} updated</span> : null}
          </p>
          {shown.length > 0 ? (
            <ul className={styles.errors} aria-label="Import errors">
              {shown.map((error, index) => (
                <li key={index}>{error}</li>
              ))}
              {more > 0 ? <li className={styles.more}>+{more} more errors</li> : null}
            </ul>
          ) : null}
          <p className={styles.when}>
            {formatDateTime(record.createdAt)}
            {record.createdBy ? ` by ${record.createdBy.firstName} ${record.createdBy.lastName}`.trimEnd() : ''}
          </p>
          <div className={styles.actions}>
            <a className={buttonClassName({ variant: 'secondary', size: 'sm' })} href={reportUrl(record.id)} download>
              Download report
            </a>
            {canWrite && record.status === 'completed' && record.recordsSkipped > 0 && !record.undoneAt && !undo ? (
              <Button size="sm" variant="secondary" onClick={() => setFixing(true)}>
                Fix skipped rows
              </Button>
            ) : null}
            {canWrite && record.status === 'failed' && !undo ? (
              <Button size="sm" onClick={() => retry.mutate()} loading={retry.isPending}>
                Retry
              </Button>
            ) : null}
            {canWrite && !processing && !record.undoneAt && !undoing ? (
              <Button size="sm" variant="ghost" onClick={() => setConfirmUndo(true)}>
                {undo?.status === 'failed' ? 'Undo again' : 'Undo'}
              </Button>
            ) : null}
          </div>
        </div>
      </article>
      <Modal open={fixing} onClose={() => setFixing(false)} title={`Fix skipped rows of ${record.fileName}`} size="xl">
        <Suspense fallback={<Spinner label="Loading skipped rows" />}>
          <SkippedRows importId={record.id} fileName={record.fileName} onImported={() => setFixing(false)} />
        </Suspense>
      </Modal>
      <Modal
        open={confirmUndo}
        onClose={() => setConfirmUndo(false)}
        title="Undo this import?"
        description={`This removes the donations, pledges, notes and new contacts that ${record.fileName} created and empties the fields it filled. Totals are recomputed. A big import takes a while: its progress shows on this card, and you can leave the page.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmUndo(false)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => undoMutation.mutate()} loading={undoMutation.isPending}>
              Undo import
            </Button>
          </>
        }
      />
    </Card>
  );
}
