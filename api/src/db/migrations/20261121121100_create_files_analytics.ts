import type { Knex } from 'knex';
import { accountColumn, createTable, dateTime, dropTables, idColumn, jsonText, userRef } from './schema';

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'files', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('storage_key', 255).notNullable().unique();
    // What the file belongs to (e.g. contact_document + contact id), for cleanup and access checks.
    t.string('owner_type', 32).notNullable();
    t.string('owner_id', 36).notNullable();
    t.string('file_name', 255).nullable();
    t.string('mime_type', 255).notNullable();
    t.bigInteger('size').notNullable();
    userRef(t, 'created_by');
    dateTime(t, 'created_at').notNullable();
    t.index(['account_id', 'owner_type', 'owner_id']);
  });

  await createTable(knex, 'analytics_events', (t) => {
    idColumn(t);
    // Public pages send events before anyone signs in, hence nullable.
    t.string('account_id', 36).nullable().references('id').inTable('accounts').onDelete('SET NULL');
    t.string('user_id', 36).nullable().references('id').inTable('users').onDelete('SET NULL');
    t.string('name', 100).notNullable();
    jsonText(t, 'properties').nullable();
    t.string('path', 1024).nullable();
    t.string('anonymous_id', 64).nullable();
    dateTime(t, 'occurred_at').nullable();
    dateTime(t, 'created_at').notNullable();
    t.index(['account_id', 'created_at']);
    t.index(['name', 'created_at']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['analytics_events', 'files']);
}
