import type { Knex } from 'knex';
import { accountColumn, createTable, dateTime, dropTables, idColumn, jsonText, largeText, timestamps, userRef } from './schema';

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'imports', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('campaign_id', 36).nullable().references('id').inTable('campaigns').onDelete('SET NULL');
    t.string('donation_account_id', 36).nullable().references('id').inTable('donation_accounts').onDelete('SET NULL');
    t.string('file_name', 255).notNullable();
    t.string('import_type', 16).notNullable().defaultTo('mixed');
    t.string('status', 16).notNullable().defaultTo('processing');
    largeText(t, 'headers').nullable();
    jsonText(t, 'mapping').nullable();
    t.integer('records_total').notNullable().defaultTo(0);
    t.integer('records_imported').notNullable().defaultTo(0);
    t.integer('records_skipped').notNullable().defaultTo(0);
    t.text('failure_reason').nullable();
    userRef(t, 'created_by');
    timestamps(t);
    dateTime(t, 'finished_at').nullable();
    t.index(['account_id', 'created_at']);
    t.index(['status']);
  });

  await createTable(knex, 'import_rows', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('import_id', 36).notNullable().references('id').inTable('imports').onDelete('CASCADE');
    t.integer('row_number').notNullable();
    // The mapped row as sent by the browser, kept until the job runner has processed it.
    largeText(t, 'data').notNullable();
    t.string('status', 16).notNullable().defaultTo('pending');
    t.text('message').nullable();
    dateTime(t, 'processed_at').nullable();
    t.unique(['import_id', 'row_number']);
    t.index(['import_id', 'status']);
  });

  await createTable(knex, 'import_errors', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('import_id', 36).notNullable().references('id').inTable('imports').onDelete('CASCADE');
    t.integer('row_number').nullable();
    t.text('message').notNullable();
    dateTime(t, 'created_at').notNullable();
    t.index(['import_id', 'row_number']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['import_errors', 'import_rows', 'imports']);
}
