import type { Knex } from 'knex';
import { engineOf } from './knex';

// Galera refuses a transaction whose write set holds more rows than wsrep_max_ws_rows (0: no bound):
// the batch transactions that write many rows at once (an import's batch, its undo) keep under it by
// their size (docs/adr/0013-capacity-and-scale-out.md "What Galera asks of the code").

/**
 * The most search entries one contact has on MariaDB: a piece of one, two, three and four bytes
 * starting at each byte of its search text, the text being at most 650 bytes
 * (migration 20261128010000_contact_search_grams_lengths).
 */
const MAX_SEARCH_ENTRIES_PER_CONTACT = 650 + 649 + 648 + 647;

/**
 * The most rows an import batch writes per row of the file, counting what triggers write: the contact
 * and its account tally, the donation or pledge with its campaign reach and tally, the roll-up day and
 * amount rows, the donor's years (replaced: deleted and inserted, two scopes by two years), the
 * contact's figures, the audit trace, a note, an associate with its association, the import's
 * effects, skipped rows and a few smart-list memberships (32 at most), and the contact's search
 * entries, deleted and written again when a row fills in its text. A bound for the longest text: a
 * typical contact has about 148 entries, so a batch's write set is usually far under it.
 */
export const MAX_ROWS_WRITTEN_PER_IMPORTED_ROW = 32 + 2 * MAX_SEARCH_ENTRIES_PER_CONTACT;

/** The batch size that keeps a batch's write set under maxWriteSetRows (null or 0: no bound). */
export function batchSizeWithinWriteSet(batchSize: number, maxWriteSetRows: number | null): number {
  if (!maxWriteSetRows || maxWriteSetRows <= 0) return batchSize;
  return Math.max(1, Math.min(batchSize, Math.floor(maxWriteSetRows / MAX_ROWS_WRITTEN_PER_IMPORTED_ROW)));
}

/** wsrep_max_ws_rows when the database is a Galera node (wsrep_on), else null. */
export async function galeraMaxWriteSetRows(knex: Knex): Promise<number | null> {
  if (engineOf(knex) !== 'mysql') return null;
  try {
    const [rows] = (await knex.raw('select @@wsrep_on as wsrep_on, @@wsrep_max_ws_rows as max_rows')) as [Array<{ wsrepOn: unknown; maxRows: unknown }>];
    const row = rows[0];
    return row && Number(row.wsrepOn) === 1 ? Number(row.maxRows) || null : null;
  } catch {
    // MySQL and a MariaDB built without wsrep have no such variables: not a Galera node.
    return null;
  }
}
