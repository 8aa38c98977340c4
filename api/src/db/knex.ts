import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { camelizeResult, toSnake } from './naming';

export type Engine = 'sqlite' | 'mysql';

/** Seconds a MariaDB statement waits for a row lock before ER_LOCK_WAIT_TIMEOUT (retried by inTransaction). */
const LOCK_WAIT_TIMEOUT_SECONDS = 5;

/**
 * During a database outage a request answers 503 (errorHandler) within these, not after the OS or
 * knex's defaults give up: a new connection must complete its handshake within MYSQL_CONNECT_TIMEOUT_MS,
 * and a request waits at most POOL_ACQUIRE_TIMEOUT_MS for a pooled one. Both stay well above what a
 * healthy database on the same network needs (milliseconds), so load alone does not trip them.
 */
export const MYSQL_CONNECT_TIMEOUT_MS = 3000;
export const POOL_ACQUIRE_TIMEOUT_MS = 4000;

export const DEFAULT_SQLITE_FILE = './data/caucus.sqlite';

export interface CreateKnexOptions {
  /** `mysql://user:password@host:port/database`; anything else (or nothing) selects SQLite. */
  databaseUrl?: string;
  /** SQLite file path (default ./data/caucus.sqlite); `:memory:` is allowed. */
  sqliteFile?: string;
  /** How long a query waits for a pooled MariaDB connection (default POOL_ACQUIRE_TIMEOUT_MS). */
  acquireTimeoutMs?: number;
}

type ClientConstructor = new (config: Knex.Config) => Knex.Client;

// The dialect classes are not part of knex's typed surface; its own resolver loads them the same way.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- an untyped internal module of knex
const { getDialectByNameOrAlias } = require('knex/lib/dialects') as {
  getDialectByNameOrAlias(name: string): ClientConstructor;
};

interface ProcessedQuery {
  method?: string;
  pluck?: string;
}

/**
 * `pluck('firstName')` reads the raw driver row before postProcessResponse runs, so it would look
 * for a `firstName` key in a row that has `first_name`. A thin subclass renames the plucked column;
 * a subclass (not an instance patch) because transactions build their client from the prototype.
 */
function withSnakePluck(name: string): ClientConstructor {
  const Base = getDialectByNameOrAlias(name) as unknown as new (config: Knex.Config) => {
    processResponse(obj: ProcessedQuery, runner: unknown): unknown;
  };
  class CaucusClient extends Base {
    override processResponse(obj: ProcessedQuery, runner: unknown): unknown {
      if (obj && obj.method === 'pluck' && typeof obj.pluck === 'string') {
        obj.pluck = toSnake(obj.pluck);
      }
      return super.processResponse(obj, runner);
    }
  }
  return CaucusClient as unknown as ClientConstructor;
}

const SqliteClient = withSnakePluck('better-sqlite3');
const MysqlClient = withSnakePluck('mysql2');

const engines = new WeakMap<object, Engine>();

const naming: Pick<Knex.Config, 'wrapIdentifier' | 'postProcessResponse'> = {
  wrapIdentifier: (value, origImpl) => origImpl(toSnake(value)),
  postProcessResponse: (result) => camelizeResult(result),
};

/**
 * knex prepares every query anew; compiling a 500-row INSERT costs SQLite more than running it. The
 * connection keeps its most recent statements by SQL text (a statement is reusable once run, and
 * SQLite re-prepares one whose schema changed).
 */
const PREPARED_STATEMENTS_KEPT = 200;
function cachedPrepare<T>(prepare: (sql: string) => T): (sql: string) => T {
  const kept = new Map<string, T>();
  return (sql) => {
    let statement = kept.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      if (kept.size >= PREPARED_STATEMENTS_KEPT) kept.delete(kept.keys().next().value as string);
    } else {
      kept.delete(sql);
    }
    kept.set(sql, statement);
    return statement;
  };
}

export function isMysqlUrl(url: string | undefined): url is string {
  return typeof url === 'string' && /^mysql:\/\//i.test(url.trim());
}

export function mysqlConnectionFromUrl(databaseUrl: string) {
  const url = new URL(databaseUrl.trim());
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  return {
    host: url.hostname || '127.0.0.1',
    port: url.port ? Number(url.port) : 3306,
    user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password || ''),
    ...(database ? { database } : {}),
    charset: 'utf8mb4',
    // DECIMAL as JS numbers, DATETIME as UTC Date, DATE as 'YYYY-MM-DD' (ADR 0001).
    decimalNumbers: true,
    dateStrings: ['DATE' as const],
    timezone: 'Z',
    supportBigNumbers: true,
    multipleStatements: false,
    // An unreachable server fails a request in seconds (a 503), not after the OS gives up.
    connectTimeout: MYSQL_CONNECT_TIMEOUT_MS,
  };
}

export function createKnex(opts: CreateKnexOptions = {}): Knex {
  if (isMysqlUrl(opts.databaseUrl)) {
    const knex = knexFactory({
      client: MysqlClient as unknown as typeof Knex.Client,
      connection: mysqlConnectionFromUrl(opts.databaseUrl),
      pool: {
        min: 2,
        // Enough that one request's quick statements do not queue here behind other requests' slow
        // ones (search scans): MariaDB shares its cores between running statements. Measured on the
        // large seed (docs/product/performance.md): with 10, the dashboard waited 160-530 ms behind twenty requests in
        // flight, and 100 clients got ~20% fewer contact pages per second than with 30.
        max: 30,
        // InnoDB's default lock wait is 50 s; a request should give up (and be retried) far sooner.
        afterCreate: (conn: { query(sql: string, done: (err: Error | null) => void): void }, done: (err: Error | null, conn: unknown) => void) => {
          conn.query(`SET SESSION innodb_lock_wait_timeout = ${LOCK_WAIT_TIMEOUT_SECONDS}`, (err) => done(err, conn));
        },
      },
      // Waiting longer for a pooled connection only piles requests up behind a database in trouble.
      acquireConnectionTimeout: opts.acquireTimeoutMs ?? POOL_ACQUIRE_TIMEOUT_MS,
      ...naming,
    });
    engines.set(knex, 'mysql');
    return knex;
  }

  const filename = opts.sqliteFile ?? DEFAULT_SQLITE_FILE;
  if (filename !== ':memory:') {
    fs.mkdirSync(path.dirname(path.resolve(filename)), { recursive: true });
  }
  const knex = knexFactory({
    client: SqliteClient as unknown as typeof Knex.Client,
    connection: { filename },
    useNullAsDefault: true,
    // One connection: SQLite serialises writers anyway, and a single connection keeps a :memory:
    // database alive and visible to every query.
    pool: {
      min: 1,
      max: 1,
      idleTimeoutMillis: Number.MAX_SAFE_INTEGER,
      afterCreate: (conn: { pragma(sql: string): unknown; prepare(sql: string): unknown }, done: (err: Error | null, conn: unknown) => void) => {
        try {
          conn.pragma('foreign_keys = ON');
          conn.pragma('journal_mode = WAL');
          conn.pragma('busy_timeout = 5000');
          conn.pragma('synchronous = NORMAL');
          // The default page cache is 2 MB: at 100,000 contacts their fifteen indexes no longer fit,
          // and every insert or lookup goes to the file. 64 MB keeps a large account's indexes in
          // memory (the cache grows only as pages are used), and temporary b-trees stay in memory.
          conn.pragma('cache_size = -65536');
          conn.pragma('temp_store = MEMORY');
          // Fewer, larger checkpoints: an import's 5,000-row batch commits tens of MB, and
          // checkpointing after each (the default, at 1,000 pages) cost a third of its time. At
          // 50,000 pages (200 MB of WAL at most) a 100,000-row import checkpoints a few times: 10%
          // faster than at 10,000.
          conn.pragma('wal_autocheckpoint = 50000');
          conn.prepare = cachedPrepare(conn.prepare.bind(conn));
          done(null, conn);
        } catch (err) {
          done(err as Error, conn);
        }
      },
    },
    ...naming,
  });
  engines.set(knex, 'sqlite');
  return knex;
}

export function engineOf(knex: Knex | Knex.Transaction): Engine {
  const known = engines.get(knex);
  if (known) return known;
  // Transactions are separate objects; fall back to the driver they run on.
  const driver = (knex.client as { driverName?: string }).driverName;
  return driver === 'mysql2' || driver === 'mysql' ? 'mysql' : 'sqlite';
}
