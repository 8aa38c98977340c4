import type { Knex } from 'knex';
import { CONTACT_SEARCH_TOTAL_CAP } from '@caucus/contract';
import { scoped } from '../../http/tenancy';
import { countOf, likeContains } from '../../db/wordSearch';

// Contact search on MariaDB/MySQL (docs/product/performance.md: p95 under 100 ms with twenty requests
// in flight, 100,000 contacts). A "contains" match cannot use a B-tree on the text itself, and
// scanning the account's search text cost ~40 ms of database cores per search at 100,000 contacts:
// under load the scans of several searches shared the machine's cores and answered in 0.5-1.7 s
// (docs/benchmarks.md). So each contact lists the trigrams of its lower-cased search text
// (contact_search_grams, kept by triggers: migration 20261127170000), and a search:
//  1. asks the optimizer how many entries each of a few trigrams of its words has (index dives);
//  2. walks the entries of the rarest one in list order (newest first, the entries' own key), checks
//     each contact's text with the same byte LIKE as before (ORDERED_INDEX holds it, so the check reads
//     no row), and keeps the matches. A contact whose text contains a word contains each trigram of
//     the word's bytes, so no match is missed, and the LIKE keeps the match exact "contains".
// The page stops after its matches and the total after CONTACT_SEARCH_TOTAL_CAP + 1 (past the cap it
// reads "more than 1,000"): a rare trigram's walk is short, a frequent word's matches are close together.
// Words shorter than a trigram have none: a search of only such words walks the ordered index itself,
// as every search did before the trigrams (a word of one or two letters is found in most contacts, so
// the page and the capped total stop early).

const ORDERED_INDEX = 'contacts_account_search_idx';
const GRAMS = 'contact_search_grams';
const GRAM_BYTES = 3;

/** Trigrams estimated at most per search (a long search has many; any of them finds every match). */
const PROBED_GRAMS = 12;

export type SearchFilter = {
  words: string[];
  /** Only contacts of this status; without it, every status but `hiddenStatus`. */
  status?: string;
  hiddenStatus: string;
  limit: number;
  offset: number;
};

/**
 * Distinct trigrams of the words' lower-cased UTF-8 bytes (the search text holds lower-cased bytes:
 * migration 20261122090000), at most PROBED_GRAMS of them, spread over the words.
 */
export function searchGrams(words: string[]): Buffer[] {
  const seen = new Map<string, Buffer>();
  for (const word of words) {
    const bytes = Buffer.from(word.toLowerCase(), 'utf8');
    for (let at = 0; at + GRAM_BYTES <= bytes.length; at += 1) {
      const gram = bytes.subarray(at, at + GRAM_BYTES);
      seen.set(gram.toString('hex'), gram);
    }
  }
  const all = [...seen.values()];
  if (all.length <= PROBED_GRAMS) return all;
  return Array.from({ length: PROBED_GRAMS }, (_, i) => all[Math.floor((i * all.length) / PROBED_GRAMS)]);
}

export function createMysqlContactSearch(knex: Knex) {
  /** Status and words, on the contact's entry of ORDERED_INDEX (aliased `c`). */
  function filtered(query: Knex.QueryBuilder, filter: SearchFilter): Knex.QueryBuilder {
    if (filter.status) query.where('c.status', filter.status);
    else query.whereNot('c.status', filter.hiddenStatus);
    // The column holds lower-cased bytes, so the word is lower-cased the same way.
    for (const word of filter.words) query.whereRaw(`?? like ? escape '!'`, ['c.searchText', likeContains(word.toLowerCase())]);
    return query;
  }

  /** The matches, walking one trigram's entries newest first; each is checked on ORDERED_INDEX (account, created_at, id). */
  function throughGram(accountId: string, filter: SearchFilter, gram: Buffer): Knex.QueryBuilder {
    // straight_join: the entries lead (their order is the list's); the optimizer might start from contacts.
    const query = knex
      .from(
        knex.raw(`?? as g straight_join ?? as c force index (??) on c.account_id = g.account_id and c.created_at = g.created_at and c.id = g.contact_id`, [
          GRAMS,
          'contacts',
          ORDERED_INDEX,
        ]),
      )
      .where('g.accountId', accountId)
      .where('g.gram', gram)
      .orderBy([
        { column: 'g.createdAt', order: 'desc' },
        { column: 'g.contactId', order: 'desc' },
      ]);
    return filtered(query, filter).select('g.contactId as id');
  }

  /** The matches, walking the account's ORDERED_INDEX newest first (words without a trigram). */
  function throughContacts(accountId: string, filter: SearchFilter): Knex.QueryBuilder {
    const query = knex
      .from(knex.raw('?? as c force index (??)', ['contacts', ORDERED_INDEX]))
      .where('c.accountId', accountId)
      .orderBy([
        { column: 'c.createdAt', order: 'desc' },
        { column: 'c.id', order: 'desc' },
      ]);
    return filtered(query, filter).select('c.id');
  }

  /**
   * The optimizer's estimate of each trigram's entries, from its dives into the entries' index: one
   * EXPLAIN, about a millisecond, where counting each trigram's entries would read them (about 1 ms per
   * 1,000 entries and trigram). It only chooses the walk; every walk finds the same matches.
   */
  async function estimates(accountId: string, grams: Buffer[]): Promise<number[]> {
    const parts = grams.map(() => 'select 1 from ?? where account_id = ? and gram = ?');
    const [rows] = (await knex.raw(
      `explain ${parts.join(' union all ')}`,
      grams.flatMap((gram) => [GRAMS, accountId, gram]),
    )) as [{ id: unknown; rows: unknown }[]];
    const entries = grams.map(() => Number.POSITIVE_INFINITY);
    // One row per part, numbered from 1; a part the optimizer finds empty may say so without a count.
    for (const row of rows) if (Number(row.id) >= 1 && Number(row.id) <= grams.length) entries[Number(row.id) - 1] = Number(row.rows ?? 0);
    return entries;
  }

  async function pageAndTotal(walk: () => Knex.QueryBuilder, filter: SearchFilter) {
    const [rows, totalRow] = await Promise.all([
      walk().limit(filter.limit).offset(filter.offset) as Promise<{ id: string }[]>,
      knex
        .from(
          walk()
            .clearOrder()
            .limit(CONTACT_SEARCH_TOTAL_CAP + 1)
            .as('capped'),
        )
        .count({ count: '*' })
        .first(),
    ]);
    const counted = countOf(totalRow);
    return { ids: rows.map((row) => row.id), total: Math.min(counted, CONTACT_SEARCH_TOTAL_CAP), moreThanTotal: counted > CONTACT_SEARCH_TOTAL_CAP };
  }

  return {
    /**
     * The account's contacts for a page in list order without search: the ordered index is stored
     * newest first, so the page is a forward walk (the optimizer prefers the narrower created_at index
     * and walks it backwards, about 1.5x slower; see migration 20261122090000).
     */
    inListOrder(accountId: string): Knex.QueryBuilder {
      return scoped(knex, 'contacts', accountId).from(knex.raw('?? force index (??)', ['contacts', ORDERED_INDEX]));
    },

    /**
     * The ids of one page in list order and the number of matches: exact up to
     * CONTACT_SEARCH_TOTAL_CAP, else the cap with moreThanTotal.
     */
    async search(accountId: string, filter: SearchFilter): Promise<{ ids: string[]; total: number; moreThanTotal: boolean }> {
      const grams = searchGrams(filter.words);
      if (grams.length === 0) return pageAndTotal(() => throughContacts(accountId, filter), filter);
      const entries = await estimates(accountId, grams);
      const rarest = entries.indexOf(Math.min(...entries));
      return pageAndTotal(() => throughGram(accountId, filter, grams[rarest]), filter);
    },
  };
}
