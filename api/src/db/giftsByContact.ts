import type { Knex } from 'knex';
import { engineOf } from './knex';

// Reads of a few contacts' gifts (their figures, the campaigns they gave to, their campaign-reach
// rows) go by a contact index, named on MariaDB. Its optimizer weighs that index against the covering
// (account, campaign, contact, ...) and (account, status, ...) ones from the table's statistics, and
// when those lag behind the table (right after a bulk load, or inside a transaction that has just
// moved thousands of gifts) it walks every gift of the account instead: 0.4-0.5 s a read at 1,000,000
// gifts against a few milliseconds (docs/benchmarks.md). A handful of contacts is always best read by
// contact, whatever the statistics say. SQLite's planner takes the contact index by itself.

type Db = Knex | Knex.Transaction;
export type GiftTable = 'donations' | 'pledges';

const CONTACT_INDEX: Record<GiftTable, string> = {
  donations: 'donations_contact_id_status_index',
  pledges: 'pledges_account_id_contact_id_index',
};

/** The table to select a few contacts' gifts from: by its contact index on MariaDB. */
export function giftsByContact(db: Db, table: GiftTable): Knex.Raw | GiftTable {
  return engineOf(db) === 'mysql' ? db.raw('?? force index (??)', [table, CONTACT_INDEX[table]]) : table;
}

/** The same, as the text of a FROM clause for a raw statement. */
export function giftsByContactSql(db: Db, table: GiftTable): string {
  return engineOf(db) === 'mysql' ? `${table} force index (${CONTACT_INDEX[table]})` : table;
}
