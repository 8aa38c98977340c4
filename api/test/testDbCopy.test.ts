import { createKnex, migrateLatest } from '../src/db';
import { createTestDb, testEngine } from './support/testDb';

// A MariaDB test database is a copy of one migrated template (test/support/testDb.ts): the copy must
// be the schema the migrations make, triggers and migration log included, or every test on it lies.
const mysqlOnly = testEngine() === 'mysql' ? it : it.skip;

async function describeSchema(knex: import('knex').Knex) {
  const [[{ schemaName }]] = await knex.raw('SELECT DATABASE() AS schemaName');
  const rows = async (sql: string) => (await knex.raw(sql, [schemaName]))[0].map((row: Record<string, unknown>) => JSON.stringify(row));
  return {
    columns: await rows(
      'SELECT table_name, column_name, column_type, is_nullable, column_default, extra, generation_expression FROM information_schema.columns WHERE table_schema = ? ORDER BY table_name, ordinal_position',
    ),
    indexes: await rows(
      'SELECT table_name, index_name, non_unique, seq_in_index, column_name FROM information_schema.statistics WHERE table_schema = ? ORDER BY table_name, index_name, seq_in_index',
    ),
    foreignKeys: await rows(
      'SELECT k.table_name, k.constraint_name, k.column_name, k.referenced_table_name, k.referenced_column_name, r.delete_rule, r.update_rule FROM information_schema.key_column_usage k JOIN information_schema.referential_constraints r ON r.constraint_schema = k.constraint_schema AND r.constraint_name = k.constraint_name WHERE k.table_schema = ? ORDER BY k.table_name, k.constraint_name, k.ordinal_position',
    ),
    triggers: await rows(
      'SELECT trigger_name, event_manipulation, event_object_table, action_timing, action_order, action_statement FROM information_schema.triggers WHERE trigger_schema = ? ORDER BY trigger_name',
    ),
    migrations: (await knex('knex_migrations').select('name').orderBy('id')).map((row: { name: string }) => row.name),
  };
}

mysqlOnly('a test database copied from the template is the schema the migrations make', async () => {
  const copy = await createTestDb();
  const migratedUrl = new URL(copy.env.DATABASE_URL);
  migratedUrl.pathname = `${migratedUrl.pathname}_m`;
  const admin = createKnex({ databaseUrl: copy.env.DATABASE_URL });
  await admin.raw(`CREATE DATABASE \`${migratedUrl.pathname.slice(1)}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const migrated = createKnex({ databaseUrl: migratedUrl.toString() });
  try {
    await migrateLatest(migrated);
    const [expected, actual] = await Promise.all([describeSchema(migrated), describeSchema(copy.knex)]);
    expect(actual.triggers.length).toBeGreaterThan(0);
    expect(actual).toEqual(expected);
  } finally {
    await migrated.destroy();
    await admin.raw(`DROP DATABASE IF EXISTS \`${migratedUrl.pathname.slice(1)}\``);
    await admin.destroy();
    await copy.destroy();
  }
});
