import type { Knex } from 'knex';
import { accountColumn, createTable, dateTime, dropTables, idColumn, jsonText } from './schema';

// docs/product/imports.md: the crash-safe import pipeline.
// - imports: a lease (owner + expiry) so exactly one job works an import at a time and a killed
//   worker's import is picked up again when the lease runs out; `receiving` while further batches of
//   the file are still being sent; contacts made and filled, and when it was undone.
// - import_effects: what each import did to contacts that outlive it (new contacts, filled fields,
//   added tags, notes, associations), so undo can take exactly that back.
// - indexes for the duplicate-transaction check and for undo.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('imports', (t) => {
    t.boolean('receiving').notNullable().defaultTo(false);
    t.string('lease_owner', 64).nullable();
    dateTime(t, 'lease_until').nullable();
    t.integer('contacts_created').notNullable().defaultTo(0);
    t.integer('contacts_updated').notNullable().defaultTo(0);
    dateTime(t, 'undone_at').nullable();
  });

  await createTable(knex, 'import_effects', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('import_id', 36).notNullable().references('id').inTable('imports').onDelete('CASCADE');
    // contact_created | contact_filled | tags_added | note_created | association_created
    t.string('kind', 32).notNullable();
    t.string('contact_id', 36).notNullable();
    t.string('target_id', 36).nullable();
    // contact_filled: {field: value written}; tags_added: [tags].
    jsonText(t, 'data').nullable();
    t.index(['import_id', 'kind']);
  });

  await knex.schema.alterTable('donations', (t) => {
    t.index(['account_id', 'transaction_id'], 'donations_account_transaction_idx');
    t.index(['import_id'], 'donations_import_idx');
  });
  await knex.schema.alterTable('pledges', (t) => {
    t.index(['import_id'], 'pledges_import_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pledges', (t) => t.dropIndex(['import_id'], 'pledges_import_idx'));
  await knex.schema.alterTable('donations', (t) => {
    t.dropIndex(['import_id'], 'donations_import_idx');
    t.dropIndex(['account_id', 'transaction_id'], 'donations_account_transaction_idx');
  });
  await dropTables(knex, ['import_effects']);
  await knex.schema.alterTable('imports', (t) => {
    t.dropColumn('receiving');
    t.dropColumn('lease_owner');
    t.dropColumn('lease_until');
    t.dropColumn('contacts_created');
    t.dropColumn('contacts_updated');
    t.dropColumn('undone_at');
  });
}
