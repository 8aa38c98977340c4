import type { Knex } from 'knex';
import { accountColumn, createTable, dateTime, dropTables, idColumn, jsonText } from './schema';

// Duplicates, of files and of people.
// - imports.fingerprint: the content fingerprint of the file an import came from (contract
//   fileFingerprint), so the same rows uploaded again, as another file or format, are recognised.
// - imports.duplicates_included: the row numbers of possible duplicate gifts the user chose to import
//   anyway (JSON list), or "all"; every other possible duplicate is skipped with its reason.
// - contact_duplicates: the pairs the duplicate scan found (a pair is stored once, the smaller id
//   first), with a score and the reasons; 'dismissed' remembers "Not a duplicate" across scans.
// - duplicate_scans: one row per scan job, its progress.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('imports', (t) => {
    t.string('fingerprint', 64).nullable();
    jsonText(t, 'duplicates_included').nullable();
    t.index(['account_id', 'fingerprint']);
  });

  await createTable(knex, 'contact_duplicates', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('first_contact_id', 36).notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    t.string('second_contact_id', 36).notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    t.integer('score').notNullable();
    jsonText(t, 'reasons').notNullable();
    // 'open', 'dismissed' (not a duplicate, remembered) or 'merged'.
    t.string('status', 16).notNullable();
    dateTime(t, 'found_at').notNullable();
    t.string('decided_by', 36).nullable();
    dateTime(t, 'decided_at').nullable();
    t.unique(['account_id', 'first_contact_id', 'second_contact_id'], { indexName: 'contact_duplicates_pair_unique' });
    t.index(['account_id', 'status', 'found_at'], 'contact_duplicates_queue_index');
    t.index(['second_contact_id'], 'contact_duplicates_second_index');
  });

  await createTable(knex, 'duplicate_scans', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('status', 16).notNullable();
    t.integer('done').notNullable().defaultTo(0);
    t.integer('total').notNullable().defaultTo(0);
    t.integer('pairs_found').notNullable().defaultTo(0);
    dateTime(t, 'started_at').notNullable();
    dateTime(t, 'finished_at').nullable();
    t.index(['account_id', 'started_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['duplicate_scans', 'contact_duplicates']);
  await knex.schema.alterTable('imports', (t) => {
    t.dropIndex(['account_id', 'fingerprint']);
    t.dropColumn('fingerprint');
    t.dropColumn('duplicates_included');
  });
}
