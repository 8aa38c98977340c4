import type { Knex } from 'knex';

// SQLite allows 32766 bound variables per statement and MariaDB 65535 placeholders; stay under both.
const MAX_BINDINGS = 30000;

/** Multi-row INSERTs of at most `maxRows` rows (fewer when rows are wide). */
export async function insertInBatches(
  db: Knex | Knex.Transaction,
  table: string,
  rows: Record<string, unknown>[],
  maxRows = 1000,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Math.max(1, Object.keys(rows[0]).length);
  const size = Math.max(1, Math.min(maxRows, Math.floor(MAX_BINDINGS / columns)));
  for (let i = 0; i < rows.length; i += size) {
    await db(table).insert(rows.slice(i, i + size));
  }
}
