import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import mysql from 'mysql2/promise';
import { createKnex, engineOf, migrateLatest, mysqlConnectionFromUrl, type Engine } from '../../src/db';
import { PREPARED_SCRIPT_ENV } from './preparedScript';

export const DEFAULT_TEST_DATABASE_URL = 'mysql://root@127.0.0.1:3306/caucus_test';

export interface TestDb {
  knex: Knex;
  engine: Engine;
  /** How another process (a spawned API server) reaches the same database. */
  env: { DATABASE_URL: string; SQLITE_FILE?: string };
  destroy(): Promise<void>;
}

export function testEngine(): Engine {
  return process.env.TEST_ENGINE === 'mysql' ? 'mysql' : 'sqlite';
}

function withDatabase(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A fresh, migrated database per call, so parallel jest workers and test files never share state.
 * SQLite: a temporary file. MySQL (TEST_ENGINE=mysql): a new database `caucus_t_<random>` on the
 * server of DATABASE_URL, dropped by destroy().
 */
export async function createTestDb(options: { acquireTimeoutMs?: number } = {}): Promise<TestDb> {
  return testEngine() === 'mysql' ? createMysqlTestDb(options.acquireTimeoutMs) : createSqliteTestDb();
}

async function createSqliteTestDb(): Promise<TestDb> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caucus-test-'));
  const file = path.join(dir, 'test.sqlite');
  const knex = createKnex({ sqliteFile: file });
  try {
    await migrateLatest(knex);
  } catch (err) {
    await knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    knex,
    engine: engineOf(knex),
    env: { DATABASE_URL: '', SQLITE_FILE: file },
    destroy: async () => {
      await knex.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function createMysqlTestDb(acquireTimeoutMs?: number): Promise<TestDb> {
  const serverUrl = process.env.DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const database = `caucus_t_${randomBytes(6).toString('hex')}`;
  const copySchema = await schemaCopyScript(serverUrl);
  const admin = await adminConnection(serverUrl);
  try {
    await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.query(`USE \`${database}\`; ${copySchema}`);
  } catch (err) {
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
    throw err;
  } finally {
    await admin.end();
  }

  const knex = createKnex({ databaseUrl: withDatabase(serverUrl, database), acquireTimeoutMs });
  const drop = async () => {
    await knex.destroy();
    const cleanup = createKnex({ databaseUrl: withDatabase(serverUrl, '') });
    try {
      await cleanup.raw(`DROP DATABASE IF EXISTS \`${database}\``);
    } finally {
      await cleanup.destroy();
    }
  };
  return { knex, engine: engineOf(knex), env: { DATABASE_URL: withDatabase(serverUrl, database) }, destroy: drop };
}

/**
 * MariaDB takes about 3 s to run the migrations and 0.3 s to copy their result, and the suite makes
 * a database per test file (often more). So the migrations run once per server and set of migrations,
 * into a template database named by their hash (the real migrateLatest, so they are still tested on
 * every run), and each test database is a copy of it: its tables, their rows (the migration log and
 * anything a migration inserts) and its triggers, made in one round trip.
 *
 * jest's global setup (test/support/globalSetup.ts) builds the template and writes the copy script
 * before any test starts, outside every test's timeout (on a loaded machine the migrations took more
 * than a hook's 60 s); the workers it starts read the script. Without it (a script that imports this
 * file directly), the first call builds them.
 */
let copyScript: Promise<string> | undefined;
function schemaCopyScript(serverUrl: string): Promise<string> {
  const prepared = process.env[PREPARED_SCRIPT_ENV];
  copyScript ??= prepared ? fs.promises.readFile(prepared, 'utf8') : buildSchemaCopyScript(serverUrl);
  return copyScript;
}

/** The template built and its copy script, for the global setup's child process (prepareTemplate.ts). */
export function templateCopyScript(): Promise<string> {
  return buildSchemaCopyScript(process.env.DATABASE_URL || DEFAULT_TEST_DATABASE_URL);
}

const MIGRATIONS_DIR = path.join(__dirname, '../../src/db/migrations');
const TEMPLATE_READY = 'zz_template_ready';

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of [
    ...fs
      .readdirSync(MIGRATIONS_DIR)
      .sort()
      .map((name) => path.join(MIGRATIONS_DIR, name)),
    path.join(MIGRATIONS_DIR, '../migrate.ts'),
  ]) {
    hash.update(file).update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * A connection to the server itself, for setup. The product's 3 s handshake bound is for requests; a
 * suite's setup on a machine as loaded as CI's (its handshakes took longer) waits for the server
 * instead of failing every test after it.
 */
function adminConnection(serverUrl: string) {
  return mysql.createConnection({ ...mysqlConnectionFromUrl(withDatabase(serverUrl, '')), connectTimeout: 30_000, multipleStatements: true });
}

async function buildSchemaCopyScript(serverUrl: string): Promise<string> {
  // Under caucus_t_ so CI's sweep of leftover test databases takes old templates too.
  const template = `caucus_t_template_${migrationsHash()}`;
  const admin = await adminConnection(serverUrl);
  try {
    // Workers (and parallel runs) build the template one at a time; the last table it gets says it is whole.
    await admin.query("SELECT GET_LOCK('caucus_test_template', 300)");
    const [ready] = await admin.query<mysql.RowDataPacket[]>('SELECT 1 FROM information_schema.tables WHERE table_schema = ? AND table_name = ?', [
      template,
      TEMPLATE_READY,
    ]);
    if (ready.length === 0) {
      await admin.query(`DROP DATABASE IF EXISTS \`${template}\``);
      await admin.query(`CREATE DATABASE \`${template}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      const knex = createKnex({ databaseUrl: withDatabase(serverUrl, template) });
      try {
        await migrateLatest(knex);
      } finally {
        await knex.destroy();
      }
      await admin.query(`CREATE TABLE \`${template}\`.${TEMPLATE_READY} (id INT PRIMARY KEY)`);
    }
    await admin.query("SELECT RELEASE_LOCK('caucus_test_template')");
    return await copyScriptOf(admin, template);
  } finally {
    await admin.end();
  }
}

async function copyScriptOf(admin: mysql.Connection, template: string): Promise<string> {
  const [tables] = await admin.query<mysql.RowDataPacket[]>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE' AND table_name <> ?",
    [template, TEMPLATE_READY],
  );
  const statements = ['SET FOREIGN_KEY_CHECKS = 0'];
  const fills: string[] = [];
  for (const { name } of tables as { name: string }[]) {
    const [[created]] = await admin.query<mysql.RowDataPacket[]>(`SHOW CREATE TABLE \`${template}\`.\`${name}\``);
    statements.push(String(created['Create Table']).replace(/ AUTO_INCREMENT=\d+/, ''));
    const [[{ n }]] = await admin.query<mysql.RowDataPacket[]>(`SELECT COUNT(*) AS n FROM \`${template}\`.\`${name}\``);
    if (Number(n) === 0) continue;
    // Generated columns are computed, not copied.
    const [columns] = await admin.query<mysql.RowDataPacket[]>(
      "SELECT column_name AS name FROM information_schema.columns WHERE table_schema = ? AND table_name = ? AND extra NOT LIKE '%GENERATED%' ORDER BY ordinal_position",
      [template, name],
    );
    const list = columns.map((column) => `\`${column.name}\``).join(', ');
    fills.push(`INSERT INTO \`${name}\` (${list}) SELECT ${list} FROM \`${template}\`.\`${name}\``);
  }
  statements.push(...fills, 'SET FOREIGN_KEY_CHECKS = 1');
  // Triggers last: copying the rows must not fire them.
  const [triggers] = await admin.query<mysql.RowDataPacket[]>(
    'SELECT trigger_name AS name FROM information_schema.triggers WHERE trigger_schema = ? ORDER BY action_order',
    [template],
  );
  for (const { name } of triggers as { name: string }[]) {
    const [[trigger]] = await admin.query<mysql.RowDataPacket[]>(`SHOW CREATE TRIGGER \`${template}\`.\`${name}\``);
    statements.push(String(trigger['SQL Original Statement']).replace(/^CREATE DEFINER=\S+ TRIGGER/, 'CREATE TRIGGER'));
  }
  return statements.join(';\n');
}
