import type { Knex } from 'knex';
import { CONTACT_SEARCH_TOTAL_CAP } from '@caucus/contract';
import { scoped } from '../../http/tenancy';
import { countOf, likeContains } from '../../db/wordSearch';
import { createGate } from '../../lib/gate';

// Contact search on MariaDB/MySQL (p95 under 50 ms with 100,000 contacts:
// docs/product/performance.md). A "contains" match cannot use a B-tree to find rows, so the work is
// a scan of the account's entries in an index that holds the lower-cased search bytes (migrations
// 20261121140000, 20261122090000). Two indexes:
//  - ORDERED_INDEX (account, created_at desc, id desc, status, text): the page in list order; a word
//    found in many contacts fills a page of 20 after a short walk;
//  - MATCH_INDEX (account, text, status, created_at): a narrower one cut into ranges of the text's
//    first byte, which separate connections scan in parallel (the database runs one query on one core).
// One parallel pass over the ranges collects up to MATCH_CAP matches per range. A rare word (the slow
// case for the ordered walk, which has to read every entry) is then complete: its total and page come
// from those matches. Only a range with more matches is counted, again in parallel with the page, and
// only up to CONTACT_SEARCH_TOTAL_CAP + 1 matches: past the cap the total reads "more than 1,000", so
// a frequent word's count stops after a short walk instead of reading the whole range.

const ORDERED_INDEX = 'contacts_account_search_idx';
const MATCH_INDEX = 'contacts_account_search_match_idx';

/**
 * Where the ranges meet: the text starts with the lower-cased first name, and about half of first names
 * sort before 'l'. Any bounds give exact results; they only decide how evenly the work is shared.
 */
const RANGE_BOUNDS = ['l'];
const RANGES = [undefined, ...RANGE_BOUNDS].map((lower, i) => ({ lower, upper: RANGE_BOUNDS[i] }));

/** Matches a range may return before it is counted instead: enough that rare words need no count. */
const MATCH_CAP = 250;

/**
 * Counting a range reads its entries until CONTACT_SEARCH_TOTAL_CAP + 1 match: a frequent word stops
 * early, a word with a few hundred matches reads every entry of the range (~20 ms of one database core
 * per range at 100,000 contacts). At most one search's worth of counts runs at a time in this process
 * (one per range, so a quiet server still counts the ranges in parallel); further counts wait here,
 * first come first served. Measured under load (docs/benchmarks.md, when counts were not capped): with
 * twenty requests in flight, a quarter of them frequent-word searches, about seven counts ran at once
 * and took the database's cores from every other request; queued, the counts cost the same and those
 * requests answer in tens of milliseconds.
 */
const COUNTS_AT_ONCE = RANGES.length;

export type SearchFilter = { words: string[]; status?: string; limit: number; offset: number };
type Match = { id: string; createdAt: Date | string };

/** Newest first, then id: the list's order, reproduced in memory for complete matches. */
function newestFirst(a: Match, b: Match): number {
  const byTime = new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime();
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export function createMysqlContactSearch(knex: Knex) {
  const counting = createGate(COUNTS_AT_ONCE);

  function matching(accountId: string, filter: SearchFilter, index: string) {
    // Named explicitly: the optimizer tends to pick the narrower created_at index and read every row.
    const query = scoped(knex, 'contacts', accountId).from(knex.raw('?? force index (??)', ['contacts', index]));
    if (filter.status) query.where('contacts.status', filter.status);
    // The column holds lower-cased bytes, so the word is lower-cased the same way.
    for (const word of filter.words) query.whereRaw(`?? like ? escape '!'`, ['contacts.searchText', likeContains(word.toLowerCase())]);
    return query;
  }

  function inRange(accountId: string, filter: SearchFilter, range: (typeof RANGES)[number]) {
    const query = matching(accountId, filter, MATCH_INDEX);
    if (range.lower !== undefined) query.where('contacts.searchText', '>=', range.lower);
    if (range.upper !== undefined) query.where('contacts.searchText', '<', range.upper);
    return query;
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
      const firstMatches = (await Promise.all(
        RANGES.map((range) =>
          inRange(accountId, filter, range)
            .select('contacts.id', 'contacts.createdAt')
            .limit(MATCH_CAP + 1),
        ),
      )) as Match[][];
      const complete = firstMatches.every((matches) => matches.length <= MATCH_CAP);

      const totals = Promise.all(
        RANGES.map(async (range, i) =>
          firstMatches[i].length <= MATCH_CAP
            ? firstMatches[i].length
            : countOf(
                await counting(async () =>
                  knex
                    .from(
                      inRange(accountId, filter, range)
                        .select(knex.raw('1'))
                        .limit(CONTACT_SEARCH_TOTAL_CAP + 1)
                        .as('capped'),
                    )
                    .count({ count: '*' })
                    .first(),
                ),
              ),
        ),
      );
      const pageIds = async (): Promise<string[]> => {
        if (complete) {
          return firstMatches
            .flat()
            .sort(newestFirst)
            .slice(filter.offset, filter.offset + filter.limit)
            .map((match) => match.id);
        }
        // Selecting only indexed columns keeps the walk inside the index: MariaDB would otherwise
        // recompute the virtual search text from each row it passes.
        const rows = (await matching(accountId, filter, ORDERED_INDEX)
          .select('contacts.id')
          .orderBy([
            { column: 'contacts.createdAt', order: 'desc' },
            { column: 'contacts.id', order: 'desc' },
          ])
          .limit(filter.limit)
          .offset(filter.offset)) as { id: string }[];
        return rows.map((row) => row.id);
      };
      const [counts, ids] = await Promise.all([totals, pageIds()]);
      const counted = counts.reduce((sum, n) => sum + n, 0);
      return { ids, total: Math.min(counted, CONTACT_SEARCH_TOTAL_CAP), moreThanTotal: counted > CONTACT_SEARCH_TOTAL_CAP };
    },
  };
}
