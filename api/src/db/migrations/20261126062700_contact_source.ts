import type { Knex } from 'knex';

// Where a contact came from: 'manual' (added by hand in the app) or 'import' (made by a data import).
// The getting-started step "Add a contact" ("record a donor or supporter by hand") follows manual
// contacts only; before this, an import alone marked it done. The (account, source) index answers
// "does this account hold a manual contact" with one probe, however many contacts an import made.
// Existing contacts: those an import recorded as created (import_effects 'contact_created') are
// imports; every other one was added by hand (or by a seed, which stands for hand entry).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contacts', (t) => {
    t.string('source', 16).notNullable().defaultTo('manual');
  });
  await knex('contacts').whereIn('id', knex('import_effects').where('kind', 'contact_created').select('contact_id')).update({ source: 'import' });
  await knex.schema.alterTable('contacts', (t) => {
    t.index(['account_id', 'source'], 'contacts_account_source_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contacts', (t) => {
    t.dropIndex(['account_id', 'source'], 'contacts_account_source_idx');
  });
  // Plain ALTER TABLE ... DROP COLUMN (SQLite 3.35+ and MariaDB): knex's SQLite rebuild of contacts
  // would trip over the triggers that name the table.
  await knex.raw('ALTER TABLE ?? DROP COLUMN ??', ['contacts', 'source']);
}
