import fs from 'node:fs';
import path from 'node:path';
import { createTestDb, type TestDb } from '../../test/support/testDb';
import { ACCOUNT_DATA_TABLES, ALL_TABLES, MYSQL_ACCOUNT_DATA_TABLES, PLATFORM_TABLE_PLACEMENT, PLATFORM_TABLES } from '.';
import { engineOf } from './knex';

// What a Galera cluster and sharding by account need of the schema and of the SQL
// (docs/adr/0013-capacity-and-scale-out.md).

async function primaryKeyColumns(db: TestDb, table: string): Promise<string[]> {
  if (engineOf(db.knex) === 'mysql') {
    const rows = (await db
      .knex('information_schema.key_column_usage')
      .where({ tableSchema: db.knex.raw('database()'), tableName: table, constraintName: 'PRIMARY' })
      .select('columnName')) as Array<{ columnName: string }>;
    return rows.map((row) => row.columnName);
  }
  const rows = (await db.knex.raw(`PRAGMA table_info(${JSON.stringify(table)})`)) as Array<{ name: string; pk: number }>;
  return rows.filter((row) => row.pk > 0).map((row) => row.name);
}

/** The account data tables only this engine has. */
function engineTables(db: TestDb): readonly string[] {
  return engineOf(db.knex) === 'mysql' ? MYSQL_ACCOUNT_DATA_TABLES : [];
}

async function columns(db: TestDb, table: string): Promise<Record<string, { nullable: boolean }>> {
  return (await db.knex(table).columnInfo()) as Record<string, { nullable: boolean }>;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe('a schema that runs on Galera and shards by account', () => {
  let db: TestDb;

  beforeAll(async () => {
    db = await createTestDb();
  });

  afterAll(async () => {
    await db.destroy();
  });

  it('gives every table a primary key (Galera replicates rows by it; without one a node applies a delete or update by scanning)', async () => {
    for (const table of [...ALL_TABLES, ...engineTables(db), 'knex_migrations', 'knex_migrations_lock']) {
      expect({ table, primaryKey: (await primaryKeyColumns(db, table)).length > 0 }).toEqual({ table, primaryKey: true });
    }
  });

  it('keeps every table on InnoDB, the only engine Galera replicates', async () => {
    if (engineOf(db.knex) !== 'mysql') return;
    const rows = (await db.knex('information_schema.tables').where('tableSchema', db.knex.raw('database()')).select('tableName', 'engine')) as Array<{
      tableName: string;
      engine: string;
    }>;
    expect(rows.filter((row) => row.engine !== 'InnoDB')).toEqual([]);
  });

  it('places every platform table, and each placement matches its columns', async () => {
    expect(Object.keys(PLATFORM_TABLE_PLACEMENT).sort()).toEqual([...PLATFORM_TABLES].sort());
    for (const [table, placement] of Object.entries(PLATFORM_TABLE_PLACEMENT)) {
      const info = await columns(db, table);
      const has = (column: string) => column in info;
      const expected = { account: 'accountId', user: 'userId', 'account-root': 'id', global: 'id' }[placement];
      expect({ table, placement, column: has(expected) }).toEqual({ table, placement, column: true });
    }
  });

  it('carries account_id NOT NULL on every account data table (the sharding key)', async () => {
    for (const table of [...ACCOUNT_DATA_TABLES, ...engineTables(db)]) {
      const info = await columns(db, table);
      expect({ table, accountId: info.accountId ? !info.accountId.nullable : 'missing' }).toEqual({ table, accountId: true });
    }
  });

  it('sends no LOCK TABLES or GET_LOCK (Galera replicates neither; a lock taken on one node does not hold on another)', () => {
    const offenders = sourceFiles(path.join(__dirname, '..')).filter((file) =>
      /\bLOCK\s+TABLES?\b|\bGET_LOCK\s*\(|\.lockTables?\(/i.test(fs.readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
