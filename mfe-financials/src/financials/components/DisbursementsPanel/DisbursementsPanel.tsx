import { lazy, Suspense, useState } from 'react';
import { Button, ConfirmDialog, EmptyState, ErrorState, Modal, Skeleton, VisuallyHidden } from '@caucus/design-system';
import { toast, useCan, useMutation, useQuery, useQueryClient, formatUsd, workspaceCalendarDate } from '@caucus/platform';
import { fetchDisbursements, financialsKeys, voidDisbursement, type Disbursement } from '../../api/financialsApi';
import { DISBURSEMENT_KIND_LABELS } from '../../utils/format';
import styles from '../Financials.module.css';
import { ReceiptsSection } from '../ReceiptsSection';

// The form (the contract's schemas) loads when first opened (ADR 0008).
const DisbursementDialog = lazy(async () => ({ default: (await import('../DisbursementDialog')).DisbursementDialog }));
// The import wizard brings the spreadsheet parsers (SheetJS): loaded only when opened.
const ImportDisbursementsDialog = lazy(async () => ({ default: (await import('../ImportDisbursementsDialog')).ImportDisbursementsDialog }));

export type DisbursementsPanelProps = { committeeId: string };

/** The committee's money going out, newest first; a void is its own negative row and the voided entry stays. */
export function DisbursementsPanel({ committeeId }: DisbursementsPanelProps) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: financialsKeys.disbursements(committeeId), queryFn: ({ signal }) => fetchDisbursements(committeeId, signal) });
  const [editing, setEditing] = useState<Disbursement | 'new' | null>(null);
  const [voiding, setVoiding] = useState<Disbursement | null>(null);
  // Recording, editing and voiding need money.write (contract/permissions.ts); other roles read.
  const canWrite = useCan('money.write');
  const [receiptsOf, setReceiptsOf] = useState<Disbursement | null>(null);
  const [importing, setImporting] = useState(false);
  const doVoid = useMutation({
    mutationFn: (entry: Disbursement) => voidDisbursement(entry.id, workspaceCalendarDate()),
    onSuccess: async (entry) => {
      toast.success('Disbursement voided', `A negative entry of ${formatUsd(entry.amount)} was recorded`);
      setVoiding(null);
      await queryClient.invalidateQueries({ queryKey: ['financials'] });
    },
    onError: (error) => toast.error('Could not void the disbursement', error.message),
  });

  const receiptsButton = (entry: Disbursement) => (
    <Button size="sm" variant="ghost" onClick={() => setReceiptsOf(entry)} aria-label={`Receipts of ${entry.payeeName} ${entry.disbursementDate}`}>
      Receipts
    </Button>
  );

  return (
    <section className={styles.stack} aria-labelledby="disbursements-heading">
      <div className={styles.toolbar}>
        <h2 id="disbursements-heading">Disbursements</h2>
        {canWrite ? (
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setImporting(true)}>
              Import from file
            </Button>
            <Button onClick={() => setEditing('new')}>Record disbursement</Button>
          </div>
        ) : null}
      </div>
      {list.isError ? (
        <ErrorState title="Failed to load the disbursements" error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : !list.data ? (
        <Skeleton lines={4} />
      ) : list.data.disbursements.length === 0 ? (
        <EmptyState headingLevel={3} title="No disbursements yet" message="Record what the committee pays out: vendors, payroll, refunds of contributions." />
      ) : (
        <div className={styles.tableWrap} role="region" aria-label="Disbursements table" tabIndex={0}>
          <table className={styles.table}>
            <caption>
              <VisuallyHidden>Disbursements, newest first</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Payee</th>
                <th scope="col">Purpose</th>
                <th scope="col">Kind</th>
                <th scope="col">Check</th>
                <th scope="col" className={styles.amount}>
                  Amount
                </th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.data.disbursements.map((entry) => (
                <tr key={entry.id}>
                  <td>{entry.disbursementDate}</td>
                  <td className={entry.voidedById ? styles.voided : undefined}>{entry.payeeName}</td>
                  <td>{entry.voidOfId ? `Void: ${entry.memo ?? entry.purpose}` : entry.purpose}</td>
                  <td>{DISBURSEMENT_KIND_LABELS[entry.kind] ?? entry.kind}</td>
                  <td>{entry.checkNumber ?? ''}</td>
                  <td className={styles.amount}>{formatUsd(entry.amount)}</td>
                  <td>
                    {entry.voidOfId || entry.voidedById ? (
                      <div className={styles.actions}>
                        <span className={styles.hint}>{entry.voidedById ? 'Voided' : 'Void entry'}</span>
                        {entry.voidedById ? receiptsButton(entry) : null}
                      </div>
                    ) : (
                      <div className={styles.actions}>
                        {canWrite && entry.kind !== 'refund' ? (
                          <Button
                            size="sm"
                            variant="secondary"
                            onClick={() => setEditing(entry)}
                            aria-label={`Edit ${entry.payeeName} ${entry.disbursementDate}`}
                          >
                            Edit
                          </Button>
                        ) : null}
                        {receiptsButton(entry)}
                        {canWrite ? (
                          <Button size="sm" variant="ghost" onClick={() => setVoiding(entry)} aria-label={`Void ${entry.payeeName} ${entry.disbursementDate}`}>
                            Void
                          </Button>
                        ) : null}
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={5}>
                  Net total
                </th>
                <td className={styles.amount}>{formatUsd(list.data.total)}</td>
                <td />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {editing ? (
        <Suspense fallback={null}>
          <DisbursementDialog committeeId={committeeId} existing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      {importing ? (
        <Suspense fallback={null}>
          <ImportDisbursementsDialog committeeId={committeeId} onClose={() => setImporting(false)} />
        </Suspense>
      ) : null}
      {receiptsOf ? (
        <Modal
          open
          title={`Receipts: ${receiptsOf.payeeName}, ${formatUsd(receiptsOf.amount)} on ${receiptsOf.disbursementDate}`}
          onClose={() => setReceiptsOf(null)}
        >
          <ReceiptsSection disbursementId={receiptsOf.id} payeeName={receiptsOf.payeeName} />
        </Modal>
      ) : null}
      <ConfirmDialog
        open={voiding !== null}
        title="Void disbursement"
        confirmLabel="Void"
        pending={doVoid.isPending}
        onConfirm={() => voiding && doVoid.mutate(voiding)}
        onClose={() => setVoiding(null)}
      >
        {voiding
          ? `Void ${formatUsd(voiding.amount)} to ${voiding.payeeName}? A negative entry dated today is recorded; the original stays on the reports that showed it.`
          : null}
      </ConfirmDialog>
    </section>
  );
}
