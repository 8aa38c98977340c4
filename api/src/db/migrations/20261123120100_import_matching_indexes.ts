import type { Knex } from 'knex';
import { isMysql } from './schema';

// Import matching on SQLite (docs/product/imports.md): SQLite has no case-insensitive collation on these columns, so
// the matching engine compares lower(primary_email) and the 5-digit ZIP prefix. Without these
// expression indexes every batch scanned all of the account's contacts twice. MariaDB matches through
// its existing indexes and case-insensitive collation.
export async function up(knex: Knex): Promise<void> {
  if (isMysql(knex)) return;
  await knex.raw('create index contacts_account_email_lower_idx on contacts (account_id, lower(primary_email))');
  await knex.raw('create index contacts_account_zip5_idx on contacts (account_id, substr(zip_code, 1, 5))');
}

export async function down(knex: Knex): Promise<void> {
  if (isMysql(knex)) return;
  await knex.raw('drop index if exists contacts_account_zip5_idx');
  await knex.raw('drop index if exists contacts_account_email_lower_idx');
}
