import type { Knex } from 'knex';
import { accountColumn, createTable, dropTables, idColumn, money, timestamps } from './schema';

// FEC compliance (docs/product/compliance.md). Committees get what a report's cover record needs and their elections;
// contacts a contributor type (limits differ for PACs and parties); donations their election
// designation and, when they take a contributor past the election's limit, the excess and the day
// it must be remedied by. Accounts may set their own limits per cycle and contributor type.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('committees', (t) => {
    t.string('fec_id', 9).nullable();
    t.string('filing_form', 4).nullable();
    t.string('treasurer_first_name', 20).nullable();
    t.string('treasurer_last_name', 30).nullable();
    t.string('street1', 34).nullable();
    t.string('street2', 34).nullable();
    t.string('city', 30).nullable();
    t.string('state', 2).nullable();
    t.string('zip', 9).nullable();
  });

  await createTable(knex, 'committee_elections', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('committee_id', 36).notNullable().references('id').inTable('committees').onDelete('CASCADE');
    t.string('code', 5).notNullable();
    t.date('election_date').notNullable();
    timestamps(t);
    t.unique(['committee_id', 'code']);
    t.index(['account_id', 'committee_id']);
  });

  await createTable(knex, 'contribution_limits', (t) => {
    idColumn(t);
    accountColumn(t);
    t.integer('cycle').notNullable();
    t.string('contributor_type', 24).notNullable();
    money(t, 'amount').notNullable();
    timestamps(t);
    t.unique(['account_id', 'cycle', 'contributor_type']);
  });

  await knex.schema.alterTable('contacts', (t) => {
    t.string('contributor_type', 24).notNullable().defaultTo('individual');
  });

  await knex.schema.alterTable('donations', (t) => {
    t.string('election_code', 5).nullable();
    money(t, 'excess_amount').nullable();
    t.date('remedy_deadline').nullable();
    t.string('remedy_action', 16).nullable();
    t.string('remedy_of_id', 36).nullable();
    // The limit engine sums one contributor's gifts per election; the queue reads the flagged ones.
    t.index(['account_id', 'contact_id', 'election_code'], 'donations_account_contact_election_idx');
    t.index(['account_id', 'remedy_deadline'], 'donations_account_remedy_deadline_idx');
  });
}

/**
 * Columns go by plain ALTER TABLE ... DROP COLUMN (SQLite 3.35+ and MariaDB): knex's SQLite rebuild of
 * contacts and donations would trip over the triggers that name them.
 */
async function dropColumns(knex: Knex, table: string, columns: string[]): Promise<void> {
  for (const column of columns) await knex.raw('ALTER TABLE ?? DROP COLUMN ??', [table, column]);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('donations', (t) => {
    t.dropIndex(['account_id', 'remedy_deadline'], 'donations_account_remedy_deadline_idx');
    t.dropIndex(['account_id', 'contact_id', 'election_code'], 'donations_account_contact_election_idx');
  });
  await dropColumns(knex, 'donations', ['remedy_of_id', 'remedy_action', 'remedy_deadline', 'excess_amount', 'election_code']);
  await dropColumns(knex, 'contacts', ['contributor_type']);
  await dropTables(knex, ['contribution_limits', 'committee_elections']);
  await dropColumns(knex, 'committees', ['zip', 'state', 'city', 'street2', 'street1', 'treasurer_last_name', 'treasurer_first_name', 'filing_form', 'fec_id']);
}
