import type { Knex } from 'knex';

// Statements sent on a driver connection past knex's query runner, for the few paths where its
// per-statement work (placeholder rewriting, the runner's promises and events) was a measured share of
// the time: an import's bulk INSERTs (db/batch.ts) and the hot reads compiled once (db/compiledQuery.ts).
// Measured in docs/benchmarks.md.

type MysqlConnection = { query(options: MysqlQueryOptions, bindings: unknown[], done: (err: Error | null, result?: unknown) => void): void };

/** mysql2's options of one statement (its connection's stand for the rest). */
export type MysqlQueryOptions = { sql: string; dateStrings?: boolean };

/** The part of knex's client these paths use: its pool and its events. */
export type DriverClient = {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<void>;
  emit(event: string, ...args: unknown[]): boolean;
  listenerCount(event: string): number;
};

/** Names the statements sent past knex in its events, as its own query ids do. */
let statementSerial = 0;

export function driverClientOf(db: Knex | Knex.Transaction): DriverClient {
  return db.client as unknown as DriverClient;
}

/**
 * Runs `send` for one statement, telling the listeners of knex's `query` and `query-response` events
 * about it as knex would (tests and the benchmarks' SQL floor read the statements there).
 */
export async function observed<T>(
  client: DriverClient,
  statement: { sql: string; bindings: unknown[]; txid?: string },
  send: () => T | Promise<T>,
): Promise<T> {
  const watched = client.listenerCount('query') > 0 || client.listenerCount('query-response') > 0;
  if (!watched) return send();
  const query = { method: 'raw', sql: statement.sql, bindings: statement.bindings, __knexQueryUid: `direct-${++statementSerial}`, __knexTxId: statement.txid };
  client.emit('query', query);
  const result = await send();
  client.emit('query-response', result, query);
  return result;
}

/** One statement on a MariaDB/MySQL connection, its values bound by mysql2 as knex would have them. */
export function queryMysqlConnection(connection: unknown, options: MysqlQueryOptions, bindings: unknown[]): Promise<unknown> {
  return new Promise((resolve, reject) => (connection as MysqlConnection).query(options, bindings, (err, result) => (err ? reject(err) : resolve(result))));
}

/** One statement on a connection of knex's MariaDB/MySQL pool, given back to the pool after it. */
export async function queryMysqlPool(db: Knex, options: MysqlQueryOptions, bindings: unknown[]): Promise<unknown> {
  const client = driverClientOf(db);
  const connection = await client.acquireConnection();
  try {
    return await observed(client, { sql: options.sql, bindings }, () => queryMysqlConnection(connection, options, bindings));
  } finally {
    await client.releaseConnection(connection);
  }
}
