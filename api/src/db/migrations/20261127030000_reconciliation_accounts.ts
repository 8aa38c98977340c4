import type { Knex } from 'knex';

// A committee reconciles each of its bank accounts (its donation accounts) on its own, besides the
// committee as a whole. The account is a plain key ('' for the whole committee) rather than a
// nullable reference, so the unique index holds on both engines (a NULL never collides in one).

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bank_reconciliations', (t) => {
    t.string('donation_account_key', 36).notNullable().defaultTo('');
  });
  // The new unique index first: on MariaDB the old one backs the account_id foreign key until then.
  await knex.schema.alterTable('bank_reconciliations', (t) => {
    t.unique(['account_id', 'committee_id', 'donation_account_key', 'month'], { indexName: 'bank_reconciliations_account_month_unique' });
  });
  await knex.schema.alterTable('bank_reconciliations', (t) => {
    t.dropUnique(['account_id', 'committee_id', 'month']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('bank_reconciliations').whereNot('donation_account_key', '').delete();
  await knex.schema.alterTable('bank_reconciliations', (t) => {
    t.unique(['account_id', 'committee_id', 'month']);
  });
  await knex.schema.alterTable('bank_reconciliations', (t) => {
    t.dropUnique([], 'bank_reconciliations_account_month_unique');
    t.dropColumn('donation_account_key');
  });
}
