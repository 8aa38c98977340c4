import { lazy, Suspense, useState } from 'react';
import { Button, ConfirmDialog, EmptyState, ErrorState, Skeleton, VisuallyHidden } from '@caucus/design-system';
import { toast, useMutation, useQuery, useQueryClient } from '@caucus/design-system/session';
import { fetchDisbursements, financialsKeys, voidDisbursement, type Disbursement } from '../../api/financialsApi';
import { DISBURSEMENT_KIND_LABELS, formatMoney, todayDate } from '../../utils/format';
import styles from '../Financials.module.css';

// The form (the contract's schemas) loads when first opened (ADR 0008).
const DisbursementDialog = lazy(async () => ({ default: (await import('../DisbursementDialog')).DisbursementDialog }));

export type DisbursementsPanelProps = { committeeId: string };

/** The committee's money going out, newest first; a void is its own negative row and the voided entry stays. */
export function DisbursementsPanel({ committeeId }: DisbursementsPanelProps) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: financialsKeys.disbursements(committeeId), queryFn: ({ signal }) => fetchDisbursements(committeeId, signal) });
  const [editing, setEditing] = useState<Disbursement | 'new' | null>(null);
  const [voiding, setVoiding] = useState<Disbursement | null>(null);
  const doVoid = useMutation({
    mutationFn: (entry: Disbursement) => voidDisbursement(entry.id, todayDate()),
    onSuccess: async (entry) => {
      toast.success('Disbursement voided', `A negative entry of ${formatMoney(entry.amount)} was recorded`);
      setVoiding(null);
      await queryClient.invalidateQueries({ queryKey: ['financials'] });
    },
    onError: (error) => toast.error('Could not void the disbursement', error.message),
  });

  return (
    <section className={styles.stack} aria-labelledby="disbursements-heading">
      <div className={styles.toolbar}>
        <h2 id="disbursements-heading">Disbursements</h2>
        <Button onClick={() => setEditing('new')}>Record disbursement</Button>
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
                  <td className={styles.amount}>{formatMoney(entry.amount)}</td>
                  <td>
                    {entry.voidOfId || entry.voidedById ? (
                      <span className={styles.hint}>{entry.voidedById ? 'Voided' : 'Void entry'}</span>
                    ) : (
                      <div className={styles.actions}>
                        {entry.kind !== 'refund' ? (
                          <Button size="sm" variant="secondary" onClick={() => setEditing(entry)} aria-label={`Edit ${entry.payeeName} ${entry.disbursementDate}`}>
                            Edit
                          </Button>
                        ) : null}
                        <Button size="sm" variant="ghost" onClick={() => setVoiding(entry)} aria-label={`Void ${entry.payeeName} ${entry.disbursementDate}`}>
                          Void
                        </Button>
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
                <td className={styles.amount}>{formatMoney(list.data.total)}</td>
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
      <ConfirmDialog
        open={voiding !== null}
        title="Void disbursement"
        confirmLabel="Void"
        pending={doVoid.isPending}
        onConfirm={() => voiding && doVoid.mutate(voiding)}
        onClose={() => setVoiding(null)}
      >
        {voiding ? `Void ${formatMoney(voiding.amount)} to ${voiding.payeeName}? A negative entry dated today is recorded; the original stays on the reports that showed it.` : null}
      </ConfirmDialog>
    </section>
  );
}
