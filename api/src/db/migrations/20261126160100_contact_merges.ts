import type { Knex } from 'knex';
import { accountColumn, createTable, dateTime, dropTables, idColumn, largeText } from './schema';

// Merges of duplicate contacts. The merged-away contact stays as a row that points at the survivor
// (contacts.merged_into_id), so its old links keep working and an undo can give it back exactly.
// contact_merges keeps each merge with a snapshot of both records as they were and of every row it
// moved, which the undo (within 30 days) puts back.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contacts', (t) => {
    t.string('merged_into_id', 36).nullable();
  });
  await knex.schema.alterTable('contacts', (t) => {
    t.index(['merged_into_id'], 'contacts_merged_into_index');
  });
  await createTable(knex, 'contact_merges', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('survivor_id', 36).notNullable();
    t.text('merged_ids').notNullable();
    largeText(t, 'snapshot').notNullable();
    t.string('created_by', 36).nullable();
    dateTime(t, 'created_at').notNullable();
    dateTime(t, 'undone_at').nullable();
    t.string('undone_by', 36).nullable();
    t.index(['account_id', 'survivor_id', 'created_at'], 'contact_merges_survivor_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['contact_merges']);
  await knex.schema.alterTable('contacts', (t) => {
    t.dropIndex(['merged_into_id'], 'contacts_merged_into_index');
  });
  // Plain ALTER TABLE ... DROP COLUMN (SQLite 3.35+ and MariaDB): knex's SQLite rebuild of contacts
  // would trip over the triggers that name the table.
  await knex.raw('ALTER TABLE ?? DROP COLUMN ??', ['contacts', 'merged_into_id']);
}
