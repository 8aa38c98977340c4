import type { Knex } from 'knex';

// Gifts entered by a Staff user wait for a treasurer's review (docs/adr/0016-roles-and-one-permission-table.md):
// the ledger sets needs_review when it records such a gift, and "Mark reviewed" clears it, keeping who
// reviewed it and when. The index serves the account's review queue.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('donations', (t) => {
    t.boolean('needs_review').notNullable().defaultTo(false);
    t.string('reviewed_by', 36).nullable();
    t.datetime('reviewed_at', { precision: 3 }).nullable();
  });
  await knex.schema.alterTable('donations', (t) => {
    t.index(['account_id', 'needs_review'], 'donations_review_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('donations', (t) => {
    t.dropIndex(['account_id', 'needs_review'], 'donations_review_index');
  });
  // Plain ALTER TABLE ... DROP COLUMN (SQLite 3.35+ and MariaDB): knex's SQLite rebuild of donations
  // would trip over the triggers that name the table.
  for (const column of ['needs_review', 'reviewed_by', 'reviewed_at']) await knex.raw('ALTER TABLE ?? DROP COLUMN ??', ['donations', column]);
}
