import type { Knex } from 'knex';

// Indexes that are the leading columns of another index of the same table answer nothing the longer
// one cannot (a B-tree serves every prefix of its key), yet every insert pays for them: an import of
// 100,000 donors wrote each of these 100,000 times (docs/product/imports.md, speed).
//   donations (account_id, contact_id)  <- (account_id, contact_id, election_code)
//   donations (account_id, campaign_id) <- (account_id, campaign_id, contact_id, status, donation_amount)
//   contacts  (account_id, status)      <- (account_id, status, total_donated)
const PREFIX_INDEXES: [table: string, name: string, columns: string[]][] = [
  ['donations', 'donations_account_id_contact_id_index', ['account_id', 'contact_id']],
  ['donations', 'donations_account_id_campaign_id_index', ['account_id', 'campaign_id']],
  ['contacts', 'contacts_account_status_idx', ['account_id', 'status']],
];

export async function up(knex: Knex): Promise<void> {
  for (const [table, name, columns] of PREFIX_INDEXES) {
    await knex.schema.alterTable(table, (t) => t.dropIndex(columns, name));
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, name, columns] of PREFIX_INDEXES) {
    await knex.schema.alterTable(table, (t) => t.index(columns, name));
  }
}
