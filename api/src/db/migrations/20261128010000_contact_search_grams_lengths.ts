import type { Knex } from 'knex';
import * as trigrams from './20261127170000_contact_search_grams';
import { isMysql } from './schema';

// Contact search on MariaDB/MySQL, fourth step (see 20261127170000 and modules/contacts/mysqlSearch.ts).
// A search walked the entries of a trigram of its words and checked each entry's contact (an index
// dive, ~4 µs). For a frequent word the capped total walked thousands of entries: 'mart' walked
// ~2,400 entries of 'art' to count 1,001 matches, ~18 ms of a database core, and with twenty requests
// in flight such searches took most of the database (docs/benchmarks.md). Words of one or two letters
// had no trigram and walked the account's contacts ('du', 'q': most of 100,000).
// Now each contact lists the pieces of one to four bytes of its text, each beside the contact's
// status, so a word of up to four bytes is exactly one piece's entries: a text holds the word exactly
// when it holds the piece that is the whole word. Such words are decided by entries alone, filtered
// by the status beside them. A longer word walks the rarest of its four-byte pieces (never more
// frequent than the shorter pieces it holds) and checks each contact's text as before.
//  - About 3.5 times the entries of the trigrams (~148 a contact on the large seed, ~42 before), and
//    as much more write time in every writer of contacts (docs/benchmarks.md, 2026-11-28).
//  - Triggers keep the entries and their status in step with every writer of contacts, in the
//    writer's own transaction; a change of status rewrites the status of the contact's entries.
//  - The table is rebuilt: on the large seed (100,000 contacts) the backfill writes ~15 million
//    entries (~4 minutes with a 4 GB buffer pool).
const TABLE = 'contact_search_grams';
const TRIGGERS = ['contacts_search_grams_after_insert', 'contacts_search_grams_after_update', 'contacts_search_grams_after_delete'];
/** Contacts per backfill statement (~148 entries each). */
const BACKFILL_BATCH = 1000;

const textOf = (row: 'new' | 'old') =>
  `left(cast(lower(left(concat_ws(' ', ${row}.first_name, ${row}.last_name, ${row}.organization, ${row}.primary_email, ${row}.primary_phone), 650)) as binary), 650)`;

/**
 * The start of each piece of `n` bytes in `text`: the bound is on the sequence's own value, so only
 * those rows are made (a bound on an expression of it made all 650 for each length, 5x the time), and
 * in signed arithmetic, since the sequences are unsigned and a text may be shorter than a piece.
 */
const startsIn = (text: string) => `p.seq <= cast(length(${text}) as signed) + 1 - cast(n.seq as signed)`;

/**
 * The pieces of one to four bytes of `text` (at most 650 bytes), without a space: search words never
 * hold one. seq_1_to_650 and seq_1_to_4 are MariaDB's built-in sequences. A piece repeated in one
 * text gives the same key twice: the inserts below ignore the second.
 */
const piecesOf = (text: string) =>
  `select substr(${text}, p.seq, n.seq) as gram
     from seq_1_to_4 n join seq_1_to_650 p on ${startsIn(text)}
    where locate(' ', substr(${text}, p.seq, n.seq)) = 0`;

/** Writes the entries of `row` (its text in `t`). */
const insertNew = `insert ignore into ${TABLE} (account_id, gram, created_at, contact_id, status)
    select new.account_id, x.gram, new.created_at, new.id, new.status from (${piecesOf('t')}) x`;

/** The entries of `old` (its text in `o`), joined by primary key as `g`. */
const oldEntries = `${TABLE} g join (${piecesOf('o')}) x
      on g.account_id = old.account_id and g.gram = x.gram and g.created_at = old.created_at and g.contact_id = old.id`;

async function dropTriggers(knex: Knex): Promise<void> {
  for (const trigger of TRIGGERS) await knex.raw(`drop trigger if exists ${trigger}`);
}

/** The triggers that keep the entries in step with contacts. */
async function createTriggers(knex: Knex): Promise<void> {
  await knex.raw(
    `create trigger contacts_search_grams_after_insert after insert on contacts for each row
     begin
       declare t varbinary(650) default ${textOf('new')};
       ${insertNew};
     end`,
  );
  // Only a change of the searched columns (or of the entry's key) rewrites the entries, and only a
  // change of status rewrites their status: the gift figures the ledger keeps on the contact change
  // often and leave them alone.
  await knex.raw(
    `create trigger contacts_search_grams_after_update after update on contacts for each row
     begin
       declare o varbinary(650) default ${textOf('old')};
       declare t varbinary(650) default ${textOf('new')};
       if not (o <=> t) or old.created_at <> new.created_at or old.account_id <> new.account_id or old.id <> new.id then
         delete g from ${oldEntries};
         ${insertNew};
       elseif old.status <> new.status then
         update ${oldEntries} set g.status = new.status;
       end if;
     end`,
  );
  await knex.raw(
    `create trigger contacts_search_grams_after_delete after delete on contacts for each row
     begin
       declare o varbinary(650) default ${textOf('old')};
       delete g from ${oldEntries};
     end`,
  );
}

export async function up(knex: Knex): Promise<void> {
  if (!isMysql(knex)) return;
  await dropTriggers(knex);
  await knex.raw(`drop table ${TABLE}`);
  await knex.raw(
    `create table ${TABLE} (
       account_id varchar(36) not null,
       gram varbinary(4) not null,
       created_at datetime(3) not null,
       contact_id varchar(36) not null,
       status varchar(20) not null,
       primary key (account_id, gram, created_at desc, contact_id desc),
       constraint ${TABLE}_account_id_foreign foreign key (account_id) references accounts (id) on delete cascade
     ) engine = InnoDB default charset = utf8mb4 collate = utf8mb4_unicode_ci`,
  );
  // Triggers first, so a contact written during the backfill is covered either way (inserts ignore a
  // key already there; a status written meanwhile is the trigger's, the newer).
  await createTriggers(knex);
  // Backfill by primary key ranges, a statement per batch, so no statement holds locks for long.
  let after = '';
  for (;;) {
    const ids = (await knex('contacts').where('id', '>', after).orderBy('id').limit(BACKFILL_BATCH).pluck('id')) as string[];
    if (ids.length === 0) break;
    await knex.raw(
      `insert ignore into ${TABLE} (account_id, gram, created_at, contact_id, status)
       select c.account_id, substr(c.search_text, p.seq, n.seq), c.created_at, c.id, c.status
         from contacts c join seq_1_to_4 n join seq_1_to_650 p on ${startsIn('c.search_text')}
        where c.id >= ? and c.id <= ? and locate(' ', substr(c.search_text, p.seq, n.seq)) = 0`,
      [ids[0], ids[ids.length - 1]],
    );
    after = ids[ids.length - 1];
  }
}

/** Back to trigrams without status: the previous step's table, triggers and backfill. */
export async function down(knex: Knex): Promise<void> {
  if (!isMysql(knex)) return;
  await trigrams.down(knex);
  await trigrams.up(knex);
}
