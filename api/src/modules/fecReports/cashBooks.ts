import type { Knex } from 'knex';
import { toIsoDate } from '../../db/values';
import { centsOf } from '../compliance/limitEngine';
import { textOrNull } from './format';
import type { FecReportsRepository, OutflowEntryRow, ReceiptEntryRow } from './repository';

// The committee's books as cash: where they start and what is on hand through a day, for the
// committee and for each of its bank accounts (donation accounts).

type Db = Knex | Knex.Transaction;

export type Opening = { cents: number; date: string | null };

/** One donation account's cash through the day, with the entries that make it up. */
export type AccountCash = {
  opening: number;
  receipts: number;
  disbursements: number;
  entries: { receipts: ReceiptEntryRow[]; outflows: OutflowEntryRow[] };
};

export const cashOnHandOf = (account: AccountCash) => account.opening + account.receipts - account.disbursements;

/** Where the books start: the committee's first report's opening cash on its first day, else 0 from the beginning. */
export async function openingOf(repo: FecReportsRepository, db: Db, accountId: string, committeeId: string): Promise<Opening> {
  const first = (await repo.reports(db, accountId, committeeId))
    .filter((r) => !r.amendsId)
    .sort((x, y) => String(toIsoDate(x.coverageFrom)).localeCompare(String(toIsoDate(y.coverageFrom))))[0];
  if (!first) return { cents: 0, date: null };
  return { cents: centsOf(first.openingCash), date: toIsoDate(first.coverageFrom) };
}

/**
 * Cash through a day, for the committee and split by donation account: a gift counts in its own
 * account, else its campaign's; the opening balance and entries naming no account are the row
 * with a null account.
 */
export async function cashThrough(repo: FecReportsRepository, db: Db, accountId: string, committeeId: string, through: string) {
  const opening = await openingOf(repo, db, accountId, committeeId);
  const beforeBooks = opening.date !== null && through < opening.date;
  const start = beforeBooks ? null : opening.date;
  const receiptRows = beforeBooks ? [] : await repo.receipts(db, accountId, committeeId, start, through);
  const outflowRows = beforeBooks ? [] : await repo.outflows(db, accountId, committeeId, start, through);
  const byAccount = new Map<string | null, AccountCash>();
  const bucket = (key: string | null) => {
    let entry = byAccount.get(key);
    if (!entry) byAccount.set(key, (entry = { opening: 0, receipts: 0, disbursements: 0, entries: { receipts: [], outflows: [] } }));
    return entry;
  };
  bucket(null).opening = opening.cents;
  for (const id of await repo.committeeDonationAccountIds(db, accountId, committeeId)) bucket(id);
  for (const row of receiptRows) {
    const entry = bucket(textOrNull(row.donationAccountId) ?? textOrNull(row.campaignDonationAccountId));
    entry.receipts += centsOf(row.donationAmount);
    entry.entries.receipts.push(row);
  }
  for (const row of outflowRows) {
    const entry = bucket(textOrNull(row.donationAccountId));
    entry.disbursements += centsOf(row.amount);
    entry.entries.outflows.push(row);
  }
  const receipts = receiptRows.reduce((sum, row) => sum + centsOf(row.donationAmount), 0);
  const disbursements = outflowRows.reduce((sum, row) => sum + centsOf(row.amount), 0);
  return { opening, receipts, disbursements, cash: opening.cents + receipts - disbursements, byAccount };
}
