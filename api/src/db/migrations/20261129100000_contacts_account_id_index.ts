import type { Knex } from 'knex';

// The duplicate scan reads an account's contacts a page at a time in id order, each page after the
// last id of the one before (modules/duplicates/repository.ts, contactsAfter). No index of contacts
// began (account_id, id): SQLite read every contact of the account and sorted them for each page, so
// a scan grew with the square of the account (100,000 contacts: 7.7 s of page reads, against 0.1 s
// with this index, 2026-11-29); MariaDB walked the primary key across every account's contacts. Ids
// are made in time order (lib/ids.ts), so each new contact's entry goes at the end of its account's
// range: the index costs a write little.

const TABLE = 'contacts';
const INDEX = 'contacts_account_id_idx';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable(TABLE, (t) => {
    t.index(['account_id', 'id'], INDEX);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable(TABLE, (t) => {
    t.dropIndex(['account_id', 'id'], INDEX);
  });
}
