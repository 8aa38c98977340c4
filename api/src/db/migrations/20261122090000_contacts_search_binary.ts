import type { Knex } from 'knex';
import { isMysql } from './schema';

// Contact search on MariaDB/MySQL, second step (see 20261121140000 and modules/contacts/mysqlSearch.ts).
// Measured on the large seed (100k contacts):
//  - LIKE '%word%' over a utf8mb4_bin column walks the strings character by character and cost ~27 ms
//    more than reading the index; over bytes (varbinary) ~7 ms. UTF-8 never matches across a character
//    boundary, so a byte match of the lower-cased word is the same match.
//  - InnoDB walks an ascending index backwards about 1.5x slower than forwards, and the list reads
//    newest first, so the ordered index is now stored newest first (descending parts: MariaDB 10.8+,
//    MySQL 8; older servers ignore DESC and stay correct).
//  - A second, narrower index starts with the text itself, so ranges of it can be scanned in parallel.
const COLUMN = 'search_text';
const ORDERED_INDEX = 'contacts_account_search_idx';
const MATCH_INDEX = 'contacts_account_search_match_idx';
const SEARCHED = `concat_ws(' ', first_name, last_name, organization, primary_email, primary_phone)`;

export async function up(knex: Knex): Promise<void> {
  if (!isMysql(knex)) return;
  await knex.raw(`alter table contacts drop index ${ORDERED_INDEX}, drop column ${COLUMN}`);
  await knex.raw(
    `alter table contacts
       add column ${COLUMN} varbinary(650) as (cast(lower(left(${SEARCHED}, 650)) as binary)) virtual,
       add index ${ORDERED_INDEX} (account_id, created_at desc, id desc, status, ${COLUMN}),
       add index ${MATCH_INDEX} (account_id, ${COLUMN}, status, created_at)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  if (!isMysql(knex)) return;
  await knex.raw(`alter table contacts drop index ${MATCH_INDEX}, drop index ${ORDERED_INDEX}, drop column ${COLUMN}`);
  await knex.raw(
    `alter table contacts
       add column ${COLUMN} varchar(650) character set utf8mb4 collate utf8mb4_bin
         as (lower(left(${SEARCHED}, 650))) virtual,
       add index ${ORDERED_INDEX} (account_id, created_at, id, status, ${COLUMN})`,
  );
}
