import type { Knex } from 'knex';
import { accountColumn, createTable, dateTime, dropTables, idColumn, jsonText } from './schema';

// The audit trail: one row per write that matters (money, identity, remedies, reports, settings,
// team, imports, merges). Append-only: the application inserts and reads, never updates or deletes
// (lib/audit.ts). The author is kept as a plain id and name, without a foreign key, so removing a
// user from the account (or deleting the user) leaves every entry attributed as it was written.

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'audit_log', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('user_id', 36).nullable();
    t.string('user_name', 255).nullable();
    t.string('session_id', 36).nullable();
    t.string('entity_type', 32).notNullable();
    t.string('entity_id', 36).notNullable();
    t.string('action', 48).notNullable();
    jsonText(t, 'before_json').nullable();
    jsonText(t, 'after_json').nullable();
    dateTime(t, 'created_at').notNullable();
    t.index(['account_id', 'entity_type', 'entity_id', 'created_at']);
    t.index(['account_id', 'created_at']);
    t.index(['account_id', 'user_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['audit_log']);
}
