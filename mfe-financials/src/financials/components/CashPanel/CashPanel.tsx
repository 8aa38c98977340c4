import { useState, type FormEvent } from 'react';
import { Button, ErrorState, Select, Skeleton, TextField, VisuallyHidden } from '@caucus/design-system';
import { toast, useCan, useMutation, useQuery, useQueryClient, formatUsd, workspaceCalendarDate } from '@caucus/platform';
import { fetchCash, fetchReconciliation, financialsKeys, saveReconciliation } from '../../api/financialsApi';
import styles from '../Financials.module.css';

export type CashPanelProps = { committeeId: string };

/** Cash on hand today, and a month's bank reconciliation: the statement balance against the books. */
export function CashPanel({ committeeId }: CashPanelProps) {
  // Saving a statement balance needs money.write (contract/permissions.ts); other roles read.
  const canWrite = useCan('money.write');
  const queryClient = useQueryClient();
  const cash = useQuery({ queryKey: financialsKeys.cash(committeeId), queryFn: ({ signal }) => fetchCash(committeeId, signal) });
  const [month, setMonth] = useState(workspaceCalendarDate().slice(0, 7));
  // '' reconciles the committee as a whole (its opening balance included); otherwise one donation account.
  const [accountChoice, setAccountChoice] = useState('');
  const donationAccountId = accountChoice || null;
  const monthValid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const reconciliation = useQuery({
    queryKey: financialsKeys.reconciliation(committeeId, month, donationAccountId),
    queryFn: ({ signal }) => fetchReconciliation(committeeId, month, donationAccountId, signal),
    enabled: monthValid,
  });
  const accounts = (cash.data?.accounts ?? []).filter((row) => row.donationAccountId !== null);
  const [balance, setBalance] = useState('');
  const [balanceError, setBalanceError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (amount: number) => saveReconciliation(committeeId, month, amount, donationAccountId),
    onSuccess: (data) => {
      queryClient.setQueryData(financialsKeys.reconciliation(committeeId, month, data.donationAccountId), data);
      toast.success('Statement balance saved', `${month}: difference ${formatUsd(data.difference)}`);
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
            <dd>{formatUsd(cash.data.openingCash)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>Receipts</dt>
            <dd>{formatUsd(cash.data.receipts)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>Disbursements</dt>
            <dd>{formatUsd(cash.data.disbursements)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>Cash on hand {cash.data.through}</dt>
            <dd>{formatUsd(cash.data.cashOnHand)}</dd>
          </div>
        </dl>
      )}
      {cash.data && cash.data.accounts.length > 1 ? (
        <div className={styles.tableWrap} role="region" aria-label="Cash on hand by account" tabIndex={0}>
          <table className={styles.table}>
            <caption>
              <VisuallyHidden>Cash on hand by donation account through {cash.data.through}</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">Account</th>
                <th scope="col" className={styles.amount}>
                  Opening
                </th>
                <th scope="col" className={styles.amount}>
                  Receipts
                </th>
                <th scope="col" className={styles.amount}>
                  Disbursements
                </th>
                <th scope="col" className={styles.amount}>
                  Cash on hand
                </th>
              </tr>
            </thead>
            <tbody>
              {cash.data.accounts.map((row) => (
                <tr key={row.donationAccountId ?? 'none'}>
                  <th scope="row">{row.name}</th>
                  <td className={styles.amount}>{formatUsd(row.openingCash)}</td>
                  <td className={styles.amount}>{formatUsd(row.receipts)}</td>
                  <td className={styles.amount}>{formatUsd(row.disbursements)}</td>
                  <td className={styles.amount}>{formatUsd(row.cashOnHand)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <h2 id="reconcile-heading">Bank reconciliation</h2>
      <form className={styles.toolbar} onSubmit={handleSubmit} aria-labelledby="reconcile-heading">
        {accounts.length > 0 ? (
          <Select
            label="Account"
            value={accountChoice}
            onChange={(event) => setAccountChoice(event.target.value)}
            options={[{ value: '', label: 'Whole committee' }, ...accounts.map((row) => ({ value: row.donationAccountId as string, label: row.name }))]}
          />
        ) : null}
        <TextField
          label="Month"
          type="month"
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          error={monthValid ? undefined : 'Month must be YYYY-MM'}
        />
        <TextField
          label="Statement balance"
          inputMode="decimal"
          value={balance}
          onChange={(event) => setBalance(event.target.value)}
          error={balanceError ?? undefined}
        />
        {canWrite ? (
          <Button type="submit" loading={save.isPending} disabled={!monthValid}>
            Save statement balance
          </Button>
        ) : null}
      </form>
      {reconciliation.isError ? (
        <ErrorState
          title="Failed to load the reconciliation"
          error={reconciliation.error}
          onRetry={() => void reconciliation.refetch()}
          retrying={reconciliation.isFetching}
        />
      ) : data ? (
        <>
          <dl className={styles.figures} aria-label={`Reconciliation ${data.month}`}>
            <div className={styles.figure}>
              <dt>Statement balance</dt>
              <dd>{data.statementBalance === null ? 'Not entered' : formatUsd(data.statementBalance)}</dd>
            </div>
            <div className={styles.figure}>
              <dt>Books at month end</dt>
              <dd>{formatUsd(data.bookBalance)}</dd>
            </div>
            <div className={styles.figure}>
              <dt>Difference</dt>
              <dd>{data.statementBalance === null ? '' : formatUsd(data.difference)}</dd>
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
                      <td className={styles.amount}>{formatUsd(entry.amount)}</td>
                      <td>{data.statementBalance !== null && data.explainedBy.includes(entry.id) ? 'Yes: not on the statement yet' : ''}</td>
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
