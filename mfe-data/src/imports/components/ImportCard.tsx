import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Modal, ProgressBar, buttonClassName } from '@caucus/design-system';
import { toast } from '@caucus/design-system/session';
import { reportUrl, retryImport, undoImport, type ImportRecord } from '../api/historyApi';
import { importsKeys } from '../api/importsApi';
import { formatDateTime, humanise, importTypeIcon, statusTone, visibleErrors } from '../utils/format';
import { reviewSkipsOf } from '../utils/reviewSkips';
import styles from './ImportCard.module.css';

const count = (n: number) => n.toLocaleString('en-US');

export function ImportCard({ record }: { record: ImportRecord }) {
  const titleId = `import-${record.id}`;
  const { shown, more } = visibleErrors(record.errors, record.errorCount);
  const queryClient = useQueryClient();
  const [confirmUndo, setConfirmUndo] = useState(false);
  // Rows with validation errors were never sent, so only this browser knows them (from the wizard).
  const skippedInReview = reviewSkipsOf(record.id);
  const refresh = () => queryClient.invalidateQueries({ queryKey: importsKeys.all });

  const retry = useMutation({
    mutationFn: () => retryImport(record.id),
    onSuccess: () => {
      toast.success('Import resumed', `${record.fileName} continues from the first row not done.`);
      void refresh();
    },
    onError: (error) => toast.error('Retry failed', error instanceof Error ? error.message : undefined),
  });
  const undo = useMutation({
    mutationFn: () => undoImport(record.id),
    onSuccess: (result) => {
      const r = result.removed;
      toast.success(
        'Import undone',
        `Removed ${count(r.donations)} donations, ${count(r.pledges)} pledges, ${count(r.notes)} notes and ${count(r.contacts)} new contacts; restored ${count(result.restoredContacts)} contacts.`,
      );
      setConfirmUndo(false);
      void refresh();
    },
    onError: (error) => toast.error('Undo failed', error instanceof Error ? error.message : undefined),
  });

  const processing = record.status === 'processing';
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
          <p className={styles.counts}>
            <span className={styles.imported}>{count(record.recordsImported)} imported</span>
            {record.recordsSkipped > 0 ? <span className={styles.skipped}>{count(record.recordsSkipped)} skipped</span> : null}
            {skippedInReview > 0 ? <span className={styles.skipped}>{count(skippedInReview)} skipped in review (not sent)</span> : null}
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
            {record.status === 'failed' ? (
              <Button size="sm" onClick={() => retry.mutate()} loading={retry.isPending}>
                Retry
              </Button>
            ) : null}
            {!processing && !record.undoneAt ? (
              <Button size="sm" variant="ghost" onClick={() => setConfirmUndo(true)}>
                Undo
              </Button>
            ) : null}
          </div>
        </div>
      </article>
      <Modal
        open={confirmUndo}
        onClose={() => setConfirmUndo(false)}
        title="Undo this import?"
        description={`This removes the donations, pledges, notes and new contacts that ${record.fileName} created and empties the fields it filled. Totals are recomputed.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmUndo(false)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => undo.mutate()} loading={undo.isPending}>
              Undo import
            </Button>
          </>
        }
      />
    </Card>
  );
}
