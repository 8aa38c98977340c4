import type { Knex } from 'knex';
import { engineOf } from './knex';

// SQLite allows 32766 bound variables per statement and MariaDB 65535 placeholders; stay under both.
const MAX_BINDINGS = 30000;
// knex writes a SQLite multi-row insert as INSERT ... SELECT ... UNION ALL ..., and SQLite caps a
// compound SELECT at 500 terms.
const SQLITE_MAX_ROWS = 500;

/**
 * Multi-row INSERTs of at most `maxRows` rows (fewer when rows are wide or on SQLite). Every row must
 * carry the same keys: SQLite fills a missing key with NULL where MariaDB uses the column default.
 */
export async function insertInBatches(
  db: Knex | Knex.Transaction,
  table: string,
  rows: Record<string, unknown>[],
  maxRows = 1000,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Math.max(1, Object.keys(rows[0]).length);
  const rowCap = engineOf(db) === 'sqlite' ? Math.min(maxRows, SQLITE_MAX_ROWS) : maxRows;
  const size = Math.max(1, Math.min(rowCap, Math.floor(MAX_BINDINGS / columns)));
  for (let i = 0; i < rows.length; i += size) {
    await db(table).insert(rows.slice(i, i + size));
  }
}
