import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { createKnex, engineOf, migrateLatest, type Engine } from '../../src/db';

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
export async function createTestDb(): Promise<TestDb> {
  return testEngine() === 'mysql' ? createMysqlTestDb() : createSqliteTestDb();
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

async function createMysqlTestDb(): Promise<TestDb> {
  const serverUrl = process.env.DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const database = `caucus_t_${randomBytes(6).toString('hex')}`;
  const admin = createKnex({ databaseUrl: withDatabase(serverUrl, '') });
  try {
    await admin.raw(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await admin.destroy();
  }

  const knex = createKnex({ databaseUrl: withDatabase(serverUrl, database) });
  const drop = async () => {
    await knex.destroy();
    const cleanup = createKnex({ databaseUrl: withDatabase(serverUrl, '') });
    try {
      await cleanup.raw(`DROP DATABASE IF EXISTS \`${database}\``);
    } finally {
      await cleanup.destroy();
    }
  };
  try {
    await migrateLatest(knex);
  } catch (err) {
    await drop();
    throw err;
  }
  return { knex, engine: engineOf(knex), env: { DATABASE_URL: withDatabase(serverUrl, database) }, destroy: drop };
}
