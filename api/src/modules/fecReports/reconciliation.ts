import type { Reconciliation } from '@caucus/contract';
import { toIsoDate, type DbDateTime } from '../../db/values';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { newId } from '../../lib/ids';
import { centsOf, fromCents } from '../compliance/limitEngine';
import { cashOnHandOf, cashThrough } from './cashBooks';
import type { FecReportsContext } from './context';
import { entriesExplaining } from './explainDifference';
import { ledgerEntries } from './ledgerEntries';

const lastDayOf = (month: string) => {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
};

/** A month's bank reconciliation, of one donation account or (null) the whole committee. */
export function createReconciliation(context: FecReportsContext) {
  const { repo, committeeOr404, donationAccountOr404 } = context;

  async function reconciliation(accountId: string, committeeId: string, month: string, donationAccountId: string | null = null): Promise<Reconciliation> {
    const db = repo.reader();
    await committeeOr404(db, accountId, committeeId);
    await donationAccountOr404(db, accountId, donationAccountId);
    const end = lastDayOf(month);
    const books = await cashThrough(repo, db, accountId, committeeId, end);
    const account = donationAccountId === null ? null : books.byAccount.get(donationAccountId);
    const bookCents = donationAccountId === null ? books.cash : account ? cashOnHandOf(account) : 0;
    const saved = await repo.reconciliation(db, accountId, committeeId, donationAccountId, month);
    const statement = saved ? centsOf(saved.statementBalance) : null;
    const inMonth = (date: DbDateTime) => {
      const day = toIsoDate(date) as string;
      return day >= `${month}-01` && day <= end;
    };
    // An account's entries are already in hand; the committee's are read for the month alone. An
    // account with no entry nor campaign of the committee has none.
    const entries = account
      ? ledgerEntries(
          account.entries.receipts.filter((r) => inMonth(r.donationDate)),
          account.entries.outflows.filter((o) => inMonth(o.disbursementDate)),
        )
      : donationAccountId === null
        ? ledgerEntries(
            await repo.receipts(db, accountId, committeeId, `${month}-01`, end),
            await repo.outflows(db, accountId, committeeId, `${month}-01`, end),
          )
        : [];
    const difference = statement === null ? 0 : statement - bookCents;
    return {
      committeeId,
      donationAccountId,
      month,
      statementBalance: statement === null ? null : fromCents(statement),
      bookBalance: fromCents(bookCents),
      difference: fromCents(difference),
      entries,
      explainedBy: entriesExplaining(entries, difference),
    };
  }

  return {
    reconciliation,

    /** Enters the statement's closing balance of the month (replacing one entered before). */
    async saveReconciliation(
      accountId: string,
      actor: AuditActor,
      committeeId: string,
      month: string,
      statementBalance: number,
      donationAccountId: string | null = null,
    ): Promise<Reconciliation> {
      await repo.transaction(async (trx) => {
        await committeeOr404(trx, accountId, committeeId);
        await donationAccountOr404(trx, accountId, donationAccountId);
        const saved = await repo.reconciliation(trx, accountId, committeeId, donationAccountId, month);
        const nowAt = new Date();
        const id = saved ? saved.id : newId();
        if (saved) {
          await repo.updateReconciliation(trx, accountId, id, { statementBalance, updatedAt: nowAt });
        } else {
          await repo.insertReconciliation(trx, {
            id,
            accountId,
            committeeId,
            donationAccountKey: donationAccountId ?? '',
            month,
            statementBalance,
            createdAt: nowAt,
            updatedAt: nowAt,
          });
        }
        await recordAudit(trx, {
          accountId,
          actor,
          entityType: 'bank_reconciliation',
          entityId: id,
          action: saved ? 'update' : 'create',
          before: saved ? { committeeId, donationAccountId, month, statementBalance: fromCents(centsOf(saved.statementBalance)) } : null,
          after: { committeeId, donationAccountId, month, statementBalance },
        });
      });
      return reconciliation(accountId, committeeId, month, donationAccountId);
    },
  };
}
