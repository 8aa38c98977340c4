import type { Knex } from 'knex';
import { engineOf } from './knex';
import { toSnake } from './naming';
import { driverClientOf, observed, queryMysqlConnection } from './driverQuery';

// SQLite allows 32766 bound variables per statement and MariaDB 65535 placeholders; stay under both.
const MAX_BINDINGS = 30000;

/** `(?, ?, ?)` for each row: a statement's text depends only on its table, columns and row count. */
function insertSql(table: string, columns: string[], rowCount: number, suffix: string): string {
  const row = `(${columns.map(() => '?').join(', ')})`;
  const sql = `insert into \`${table}\` (${columns.map((c) => `\`${toSnake(c)}\``).join(', ')}) values ${new Array(rowCount).fill(row).join(', ')}`;
  return suffix ? `${sql} ${suffix}` : sql;
}

/** The statement texts already made, by table, columns and row count: an import repeats the same few. */
const SQL_KEPT = 200;
const sqlKept = new Map<string, string>();
function cachedInsertSql(table: string, columns: string[], rowCount: number, suffix: string): string {
  const key = `${table}\n${columns.join(',')}\n${rowCount}\n${suffix}`;
  let sql = sqlKept.get(key);
  if (sql === undefined) {
    sql = insertSql(table, columns, rowCount, suffix);
    if (sqlKept.size >= SQL_KEPT) sqlKept.delete(sqlKept.keys().next().value as string);
    sqlKept.set(key, sql);
  }
  return sql;
}

type SqliteStatement = { run(bindings: unknown[]): unknown };
type SqliteConnection = { prepare(sql: string): SqliteStatement };

/**
 * Runs one INSERT on the transaction's own driver connection, its values bound as they are. Through
 * knex (`db.raw(sql, bindings)`) every value of every row went through its placeholder rewriting,
 * and its query runner's promises and events per statement: measured at about a tenth of an import's
 * time on SQLite (docs/benchmarks.md). The values are the ones knex's drivers would have bound: on
 * SQLite a Date as its milliseconds and a boolean as 0 or 1 (knex's better-sqlite3 dialect), on
 * MariaDB as mysql2 formats them. Listeners of knex's `query` and `query-response` events still see
 * the statement.
 */
async function runOnConnection(trx: Knex.Transaction, sql: string, bindings: unknown[]): Promise<void> {
  // As knex refuses it: on SQLite's one connection a finished transaction's statement would run on its own.
  if (trx.isCompleted()) throw new Error('Transaction query already complete');
  const client = driverClientOf(trx);
  const connection = await client.acquireConnection();
  const statement = { sql, bindings, txid: (trx as { txid?: string }).txid };
  if (engineOf(trx) === 'sqlite') {
    for (let i = 0; i < bindings.length; i++) {
      const value = bindings[i];
      if (value instanceof Date) bindings[i] = value.valueOf();
      else if (typeof value === 'boolean') bindings[i] = Number(value);
    }
    await observed(client, statement, () => (connection as SqliteConnection).prepare(sql).run(bindings));
    return;
  }
  await observed(client, statement, () => queryMysqlConnection(connection, { sql }, bindings));
}

/**
 * Multi-row INSERTs of at most `maxRows` rows (fewer when rows are wide). Every row must carry the
 * same keys, in any order. Written as one VALUES list with the rows' values bound in column order:
 * knex's query builder re-wrote every column name of every row and, on SQLite, built a compound
 * SELECT capped at 500 rows; at an import's 200,000 rows a batch that was seconds of JavaScript.
 * Inside a transaction the statements go to its connection directly (runOnConnection). A value left
 * undefined has no single meaning across engines (MariaDB's column default, SQLite's NULL), so it is
 * refused. `suffix` follows each statement's VALUES list (an upsert's `on conflict ...` clause).
 */
export async function insertInBatches(db: Knex | Knex.Transaction, table: string, rows: Record<string, unknown>[], maxRows = 1000, suffix = ''): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const width = columns.length;
  const size = Math.max(1, Math.min(maxRows, Math.floor(MAX_BINDINGS / Math.max(1, width))));
  const direct = (db as Knex.Transaction).isTransaction === true;
  for (let i = 0; i < rows.length; i += size) {
    const count = Math.min(size, rows.length - i);
    const bindings: unknown[] = new Array(count * width);
    let at = 0;
    for (let r = i; r < i + count; r++) {
      const row = rows[r];
      // Counting keys without an array of them: the same keys, as many, in any order.
      let keys = 0;
      for (const key in row) if (Object.prototype.hasOwnProperty.call(row, key)) keys++;
      if (keys !== width) throw new Error(`insertInBatches(${table}): rows with different columns`);
      for (let c = 0; c < width; c++) {
        const value = row[columns[c]];
        if (value === undefined) throw new Error(`insertInBatches(${table}): ${columns[c]} is undefined in a row`);
        bindings[at++] = value;
      }
    }
    const sql = cachedInsertSql(table, columns, count, suffix);
    if (direct) await runOnConnection(db as Knex.Transaction, sql, bindings);
    else await db.raw(sql, bindings as Knex.RawBinding[]);
  }
}
