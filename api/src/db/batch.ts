import type { Knex } from 'knex';
import { toSnake } from './naming';

// SQLite allows 32766 bound variables per statement and MariaDB 65535 placeholders; stay under both.
const MAX_BINDINGS = 30000;

/** `(?, ?, ?)` for each row: a statement's text depends only on its table, columns and row count. */
function insertSql(table: string, columns: string[], rowCount: number): string {
  const row = `(${columns.map(() => '?').join(', ')})`;
  return `insert into \`${table}\` (${columns.map((c) => `\`${toSnake(c)}\``).join(', ')}) values ${new Array(rowCount).fill(row).join(', ')}`;
}

/**
 * Multi-row INSERTs of at most `maxRows` rows (fewer when rows are wide). Every row must carry the
 * same keys, in any order. Written as one VALUES list with the rows' values bound in column order:
 * knex's query builder re-wrote every column name of every row and, on SQLite, built a compound
 * SELECT capped at 500 rows; at an import's 200,000 rows a batch that was seconds of JavaScript. A
 * value left undefined has no single meaning across engines (MariaDB's column default, SQLite's
 * NULL), so it is refused.
 */
export async function insertInBatches(db: Knex | Knex.Transaction, table: string, rows: Record<string, unknown>[], maxRows = 1000): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const size = Math.max(1, Math.min(maxRows, Math.floor(MAX_BINDINGS / Math.max(1, columns.length))));
  let fullSql: string | undefined;
  for (let i = 0; i < rows.length; i += size) {
    const batch = rows.slice(i, i + size);
    const bindings: unknown[] = new Array(batch.length * columns.length);
    let at = 0;
    for (const row of batch) {
      if (Object.keys(row).length !== columns.length) throw new Error(`insertInBatches(${table}): rows with different columns`);
      for (const column of columns) {
        const value = row[column];
        if (value === undefined) throw new Error(`insertInBatches(${table}): ${column} is undefined in a row`);
        bindings[at++] = value;
      }
    }
    const sql = batch.length === size ? (fullSql ??= insertSql(table, columns, size)) : insertSql(table, columns, batch.length);
    await db.raw(sql, bindings as Knex.RawBinding[]);
  }
}
