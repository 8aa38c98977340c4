import type { Knex } from 'knex';
import { isMysql } from './schema';

// Contact search (docs/product/performance.md) on MariaDB/MySQL. A word must appear in first name, last name,
// organization, primary email or primary phone. Scanning rows with five collation-aware LIKEs took
// ~400 ms on the large seed (100k contacts); the search text below is those columns joined by spaces
// (words never hold spaces, so a word cannot match across two columns), lower-cased with a binary
// collation so LIKE compares bytes. The index starts with (account_id, created_at, id), the list's
// order, and carries status and the search text, so both the page (newest first, stopping after 20
// hits) and the total are read from the index alone. 650 characters keep the key under InnoDB's
// 3072 bytes. SQLite keeps searching the columns directly.
const COLUMN = 'search_text';
const INDEX = 'contacts_account_search_idx';

export async function up(knex: Knex): Promise<void> {
  if (!isMysql(knex)) return;
  await knex.raw(
    `alter table contacts
       add column ${COLUMN} varchar(650) character set utf8mb4 collate utf8mb4_bin
         as (lower(left(concat_ws(' ', first_name, last_name, organization, primary_email, primary_phone), 650))) virtual,
       add index ${INDEX} (account_id, created_at, id, status, ${COLUMN})`,
  );
}

export async function down(knex: Knex): Promise<void> {
  if (!isMysql(knex)) return;
  await knex.raw(`alter table contacts drop index ${INDEX}, drop column ${COLUMN}`);
}
