import type { CashResponse } from '@caucus/contract';
import { fromCents } from '../compliance/limitEngine';
import { cashOnHandOf, cashThrough } from './cashBooks';
import type { FecReportsContext } from './context';

const NO_ACCOUNT_NAME = 'No donation account (opening balance and entries without one)';

/** Cash on hand through a day: the committee's, and each donation account's (the one without an account last). */
export function createCashOnHand({ repo, committeeOr404, today }: FecReportsContext) {
  return {
    async cash(accountId: string, committeeId: string, through: string | null): Promise<CashResponse> {
      const db = repo.reader();
      await committeeOr404(db, accountId, committeeId);
      const day = through ?? (await today(accountId));
      const books = await cashThrough(repo, db, accountId, committeeId, day);
      const names = await repo.donationAccountNames(
        db,
        accountId,
        [...books.byAccount.keys()].filter((key): key is string => key !== null),
      );
      const accounts = [...books.byAccount.entries()]
        .filter(([key, entry]) => key !== null || entry.opening !== 0 || entry.receipts !== 0 || entry.disbursements !== 0)
        .map(([key, entry]) => ({
          donationAccountId: key,
          name: key === null ? NO_ACCOUNT_NAME : (names.get(key) ?? 'Donation account'),
          openingCash: fromCents(entry.opening),
          receipts: fromCents(entry.receipts),
          disbursements: fromCents(entry.disbursements),
          cashOnHand: fromCents(cashOnHandOf(entry)),
        }))
        .sort((x, y) => (x.donationAccountId === null ? 1 : y.donationAccountId === null ? -1 : x.name.localeCompare(y.name)));
      return {
        committeeId,
        through: day,
        openingCash: fromCents(books.opening.cents),
        openingDate: books.opening.date,
        receipts: fromCents(books.receipts),
        disbursements: fromCents(books.disbursements),
        cashOnHand: fromCents(books.cash),
        accounts,
      };
    },
  };
}
