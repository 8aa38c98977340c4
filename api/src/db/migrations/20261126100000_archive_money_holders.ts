import type { Knex } from 'knex';
import { dateTime } from './schema';

// Money never disappears (docs/adr/0012-the-ledger.md): a campaign or contact that holds receipts is
// archived instead of deleted. A contact's archive is a time; a campaign's is its 'archived' status,
// with the status it had before kept so that unarchiving gives it back.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contacts', (t) => {
    dateTime(t, 'archived_at').nullable();
  });
  await knex.schema.alterTable('campaigns', (t) => {
    t.string('status_before_archive', 16).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  // Plain ALTER TABLE ... DROP COLUMN (SQLite 3.35+ and MariaDB): knex's SQLite rebuild of the table
  // would trip over the triggers that name it.
  await knex.raw('ALTER TABLE ?? DROP COLUMN ??', ['contacts', 'archived_at']);
  await knex.raw('ALTER TABLE ?? DROP COLUMN ??', ['campaigns', 'status_before_archive']);
}
