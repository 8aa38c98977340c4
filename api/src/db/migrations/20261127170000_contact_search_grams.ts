import type { Knex } from 'knex';
import { isMysql } from './schema';

// Contact search on MariaDB/MySQL, third step (see 20261121140000, 20261122090000 and
// modules/contacts/mysqlSearch.ts). A "contains" match scanned the account's search text: ~20 ms of a
// database core per range of it at 100,000 contacts, and with twenty requests in flight the scans of
// several searches shared two cores and answered in 500-700 ms (docs/benchmarks.md). Each contact now
// lists the three-byte pieces (trigrams) of its search text, so a search reads the entries of one
// trigram of its words, in list order, and checks only those contacts' text: a word that is found
// contains every trigram of its own bytes, so no match is missed, and the check keeps "contains" exact.
//  - An entry is (account, trigram, created_at, contact): walked newest first, it is the list's own
//    order, so a page stops after its 20 matches and a total after its cap.
//  - Trigrams holding a space are left out: search words never hold one (nor match across two columns).
//  - Triggers keep the entries in step with every writer of contacts (form, import, merge, archive,
//    seeds), in the writer's own transaction. The text is the search_text column's own expression.
//  - The match index of 20261122090000 (text first, for parallel range scans) is no longer read.
// SQLite keeps searching the columns directly (db/wordSearch.ts).
const TABLE = 'contact_search_grams';
const TRIGGERS = ['contacts_search_grams_after_insert', 'contacts_search_grams_after_update', 'contacts_search_grams_after_delete'];
const MATCH_INDEX = 'contacts_account_search_match_idx';
/**
 * Contacts per backfill statement (~42 entries each). On the large seed (100,000 contacts, 4.2 million
 * entries, MariaDB's default 128 MB buffer pool) the backfill took 466 s, ~9 s a statement: run it
 * when the account's writes are quiet.
 */
const BACKFILL_BATCH = 2000;

const textOf = (row: 'new' | 'old') =>
  `left(cast(lower(left(concat_ws(' ', ${row}.first_name, ${row}.last_name, ${row}.organization, ${row}.primary_email, ${row}.primary_phone), 650)) as binary), 650)`;

/**
 * The trigrams of `text` (a variable or column) with `row`'s account, created_at and id. seq_1_to_650 is
 * MariaDB's built-in sequence (the text holds at most 650 bytes). A trigram repeated in one text gives
 * the same key twice: the inserts below ignore the second.
 */
const gramsOf = (row: string, text: string) =>
  `select ${row}.account_id, substr(${text}, seq, 3), ${row}.created_at, ${row}.id
     from seq_1_to_650
    where seq <= length(${text}) - 2 and locate(' ', substr(${text}, seq, 3)) = 0`;

/** Deletes the entries of `old` (in a trigger, its text in `o`) by primary key. */
const deleteOld = `delete g from ${TABLE} g
    join (select substr(o, seq, 3) as gram from seq_1_to_650 where seq <= length(o) - 2) x
      on g.account_id = old.account_id and g.gram = x.gram and g.created_at = old.created_at and g.contact_id = old.id`;

export async function up(knex: Knex): Promise<void> {
  if (!isMysql(knex)) return;
  await knex.raw(
    `create table ${TABLE} (
       account_id varchar(36) not null,
       gram varbinary(3) not null,
       created_at datetime(3) not null,
       contact_id varchar(36) not null,
       primary key (account_id, gram, created_at desc, contact_id desc),
       constraint ${TABLE}_account_id_foreign foreign key (account_id) references accounts (id) on delete cascade
     ) engine = InnoDB default charset = utf8mb4 collate = utf8mb4_unicode_ci`,
  );
  // Triggers first, so a contact written during the backfill is covered either way (inserts ignore a
  // key already there).
  await knex.raw(
    `create trigger contacts_search_grams_after_insert after insert on contacts for each row
     begin
       declare t varbinary(650) default ${textOf('new')};
       insert ignore into ${TABLE} (account_id, gram, created_at, contact_id) ${gramsOf('new', 't')};
     end`,
  );
  // Only a change of the searched columns (or of the entry's key) rewrites the entries: the gift
  // figures the ledger keeps on the contact change often and leave them alone.
  await knex.raw(
    `create trigger contacts_search_grams_after_update after update on contacts for each row
     begin
       declare o varbinary(650) default ${textOf('old')};
       declare t varbinary(650) default ${textOf('new')};
       if not (o <=> t) or old.created_at <> new.created_at or old.account_id <> new.account_id or old.id <> new.id then
         ${deleteOld};
         insert ignore into ${TABLE} (account_id, gram, created_at, contact_id) ${gramsOf('new', 't')};
       end if;
     end`,
  );
  await knex.raw(
    `create trigger contacts_search_grams_after_delete after delete on contacts for each row
     begin
       declare o varbinary(650) default ${textOf('old')};
       ${deleteOld};
     end`,
  );
  // Backfill by primary key ranges, a statement per batch, so no statement holds locks for long.
  let after = '';
  for (;;) {
    const ids = (await knex('contacts').where('id', '>', after).orderBy('id').limit(BACKFILL_BATCH).pluck('id')) as string[];
    if (ids.length === 0) break;
    await knex.raw(
      `insert ignore into ${TABLE} (account_id, gram, created_at, contact_id)
       select c.account_id, substr(c.search_text, seq, 3), c.created_at, c.id
         from contacts c join seq_1_to_650 on seq <= length(c.search_text) - 2
        where c.id >= ? and c.id <= ? and locate(' ', substr(c.search_text, seq, 3)) = 0`,
      [ids[0], ids[ids.length - 1]],
    );
    after = ids[ids.length - 1];
  }
  await knex.raw(`alter table contacts drop index ${MATCH_INDEX}`);
}

export async function down(knex: Knex): Promise<void> {
  if (!isMysql(knex)) return;
  for (const trigger of TRIGGERS) await knex.raw(`drop trigger if exists ${trigger}`);
  await knex.raw(`drop table if exists ${TABLE}`);
  await knex.raw(`alter table contacts add index ${MATCH_INDEX} (account_id, search_text, status, created_at)`);
}
