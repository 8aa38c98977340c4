import type { Knex } from 'knex';
import { largeText } from './schema';

// Settings on the server (docs/product/first-run-and-settings.md): the organization profile keeps what the settings form asks
// for beyond the signup (description, tax id, logo and favicon). Images are small data URLs kept on
// the row: one read gives the frame everything it shows, and no file outlives the account.
// Users' phone and preferences columns, and the accounts' regional columns, already exist.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => {
    t.text('description').nullable();
    t.string('tax_id', 50).nullable();
    largeText(t, 'logo_data_url').nullable();
    largeText(t, 'favicon_data_url').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => {
    t.dropColumn('favicon_data_url');
    t.dropColumn('logo_data_url');
    t.dropColumn('tax_id');
    t.dropColumn('description');
  });
}
