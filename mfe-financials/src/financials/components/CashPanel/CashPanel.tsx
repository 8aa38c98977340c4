import { useState, type FormEvent } from 'react';
import { Button, ErrorState, Skeleton, TextField, VisuallyHidden } from '@caucus/design-system';
import { toast, useMutation, useQuery, useQueryClient } from '@caucus/design-system/session';
import { fetchCash, fetchReconciliation, financialsKeys, saveReconciliation } from '../../api/financialsApi';
import { formatMoney, todayDate } from '../../utils/format';
import styles from '../Financials.module.css';

export type CashPanelProps = { committeeId: string };

/** Cash on hand today, and a month's bank reconciliation: the statement balance against the books. */
export function CashPanel({ committeeId }: CashPanelProps) {
  const queryClient = useQueryClient();
  const cash = useQuery({ queryKey: financialsKeys.cash(committeeId), queryFn: ({ signal }) => fetchCash(committeeId, signal) });
  const [month, setMonth] = useState(todayDate().slice(0, 7));
  const monthValid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const reconciliation = useQuery({
    queryKey: financialsKeys.reconciliation(committeeId, month),
    queryFn: ({ signal }) => fetchReconciliation(committeeId, month, signal),
    enabled: monthValid,
  });
  const [balance, setBalance] = useState('');
  const [balanceError, setBalanceError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (amount: number) => saveReconciliation(committeeId, month, amount),
    onSuccess: (data) => {
      queryClient.setQueryData(financialsKeys.reconciliation(committeeId, month), data);
      toast.success('Statement balance saved', `${month}: difference ${formatMoney(data.difference)}`);
    },
    onError: (error) => setBalanceError(error.message),
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const amount = Number(balance.replace(/[$,\s]/g, ''));
    if (balance.trim() === '' || !Number.isFinite(amount)) {
      setBalanceError('Statement balance must be a number');
      return;
    }
    setBalanceError(null);
    save.mutate(amount);
  };
  const data = reconciliation.data;
  return (
    <section className={styles.stack} aria-labelledby="cash-heading">
      <h2 id="cash-heading">Cash on hand</h2>
      {cash.isError ? (
        <ErrorState title="Failed to load cash on hand" error={cash.error} onRetry={() => void cash.refetch()} retrying={cash.isFetching} />
      ) : !cash.data ? (
        <Skeleton lines={2} />
      ) : (
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>Opening balance{cash.data.openingDate ? ` (${cash.data.openingDate})` : ''}</dt>
            <dd>{formatMoney(cash.data.openingCash)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>Receipts</dt>
            <dd>{formatMoney(cash.data.receipts)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>Disbursements</dt>
            <dd>{formatMoney(cash.data.disbursements)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>Cash on hand {cash.data.through}</dt>
            <dd>{formatMoney(cash.data.cashOnHand)}</dd>
          </div>
        </dl>
      )}

      <h2 id="reconcile-heading">Bank reconciliation</h2>
      <form className={styles.toolbar} onSubmit={handleSubmit} aria-labelledby="reconcile-heading">
        <TextField label="Month" type="month" value={month} onChange={(event) => setMonth(event.target.value)} error={monthValid ? undefined : 'Month must be YYYY-MM'} />
        <TextField label="Statement balance" inputMode="decimal" value={balance} onChange={(event) => setBalance(event.target.value)} error={balanceError ?? undefined} />
        <Button type="submit" loading={save.isPending} disabled={!monthValid}>
          Save statement balance
        </Button>
      </form>
      {reconciliation.isError ? (
        <ErrorState title="Failed to load the reconciliation" error={reconciliation.error} onRetry={() => void reconciliation.refetch()} retrying={reconciliation.isFetching} />
      ) : data ? (
        <>
          <dl className={styles.figures} aria-label={`Reconciliation ${data.month}`}>
            <div className={styles.figure}>
              <dt>Statement balance</dt>
              <dd>{data.statementBalance === null ? 'Not entered' : formatMoney(data.statementBalance)}</dd>
            </div>
            <div className={styles.figure}>
              <dt>Books at month end</dt>
              <dd>{formatMoney(data.bookBalance)}</dd>
            </div>
            <div className={styles.figure}>
              <dt>Difference</dt>
              <dd>{data.statementBalance === null ? '' : formatMoney(data.difference)}</dd>
            </div>
          </dl>
          <p className={styles.hint}>
            {data.statementBalance === null
              ? 'Enter the closing balance of the bank statement for this month.'
              : data.difference === 0
                ? 'The statement and the books agree.'
                : 'The entries below explain a difference: checks not yet cleared by the bank, deposits in transit, or an entry missing from the books.'}
          </p>
          <div className={styles.tableWrap} role="region" aria-label="Entries of the month" tabIndex={0}>
            <table className={styles.table}>
              <caption>
              <VisuallyHidden>Entries of {data.month}</VisuallyHidden>
            </caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Entry</th>
                  <th scope="col" className={styles.amount}>
                    Amount
                  </th>
                  <th scope="col">Explains the difference</th>
                </tr>
              </thead>
              <tbody>
                {data.entries.length === 0 ? (
                  <tr>
                    <td colSpan={4}>No entries this month.</td>
                  </tr>
                ) : (
                  data.entries.map((entry) => (
                    <tr key={`${entry.type}-${entry.id}`}>
                      <td>{entry.date}</td>
                      <td>{entry.description}</td>
                      <td className={styles.amount}>{formatMoney(entry.amount)}</td>
                      <td>{data.statementBalance !== null && data.difference !== 0 && Math.abs(entry.amount + data.difference) < 0.005 ? 'Yes: not on the statement yet' : ''}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </>
      ) : monthValid ? (
        <Skeleton lines={3} />
      ) : null}
    </section>
  );
}
