import type { Knex } from 'knex';
import { engineOf } from './knex';

// Reads of a few contacts' gifts (their figures, the campaigns they gave to, their campaign-reach
// rows) name a contact index. MariaDB's optimizer weighs it against the covering (account, campaign,
// contact, ...) and (account, status, ...) ones from the table's statistics, and when those lag
// behind the table (right after a bulk load, or inside a transaction that has just moved thousands of
// gifts) it walks every gift of the account instead: 0.4-0.5 s a read at 1,000,000 gifts against a
// few milliseconds (docs/benchmarks.md). SQLite's planner, without statistics, takes the covering
// (account, campaign, contact) index for the same reads and walks the account's gifts too. A handful
// of contacts is always best read by contact, whatever the statistics say.

type Db = Knex | Knex.Transaction;
export type GiftTable = 'donations' | 'pledges';

const CONTACT_INDEX: Record<GiftTable, string> = {
  donations: 'donations_contact_id_status_index',
  pledges: 'pledges_account_id_contact_id_index',
};

/** The text of a FROM clause that reads `table` by its contact index, on either engine. */
export function giftsByContactSql(db: Db, table: GiftTable): string {
  return engineOf(db) === 'mysql' ? `\`${table}\` force index (\`${CONTACT_INDEX[table]}\`)` : `"${table}" indexed by "${CONTACT_INDEX[table]}"`;
}

/** The table to select a few contacts' gifts from, by its contact index. */
export function giftsByContact(db: Db, table: GiftTable): Knex.Raw {
  return db.raw(giftsByContactSql(db, table));
}
