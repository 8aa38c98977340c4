import type { Knex } from 'knex';
import { engineOf } from '../knex';

// Contact search on MariaDB/MySQL, second step (see 20261121140000). Measured on the large seed
// (100k contacts): LIKE '%word%' over a utf8mb4_bin column walks the strings character by character
// and cost ~27 ms more than reading the index; over bytes (varbinary) it cost ~7 ms. UTF-8 never
// matches across a character boundary, so a byte match of the lower-cased word is the same match.
// The list reads newest first; InnoDB walks an ascending index backwards about 1.5x slower than
// forwards, so the index is now stored newest first (descending parts: MariaDB 10.8+, MySQL 8).
const COLUMN = 'search_text';
const INDEX = 'contacts_account_search_idx';
const SEARCHED = `concat_ws(' ', first_name, last_name, organization, primary_email, primary_phone)`;

export async function up(knex: Knex): Promise<void> {
  if (engineOf(knex) !== 'mysql') return;
  await knex.raw(`alter table contacts drop index ${INDEX}, drop column ${COLUMN}`);
  await knex.raw(
    `alter table contacts
       add column ${COLUMN} varbinary(650) as (cast(lower(left(${SEARCHED}, 650)) as binary)) virtual,
       add index ${INDEX} (account_id, created_at desc, id desc, status, ${COLUMN})`,
  );
}

export async function down(knex: Knex): Promise<void> {
  if (engineOf(knex) !== 'mysql') return;
  await knex.raw(`alter table contacts drop index ${INDEX}, drop column ${COLUMN}`);
  await knex.raw(
    `alter table contacts
       add column ${COLUMN} varchar(650) character set utf8mb4 collate utf8mb4_bin
         as (lower(left(${SEARCHED}, 650))) virtual,
       add index ${INDEX} (account_id, created_at, id, status, ${COLUMN})`,
  );
}
