import type { Knex } from 'knex';
import { CONTACT_SEARCH_TOTAL_CAP } from '@caucus/contract';
import { scoped } from '../../http/tenancy';
import { compiledQuery, type CompiledQuery, type QueryParams } from '../../db/compiledQuery';
import { queryMysqlPool } from '../../db/driverQuery';
import { countOf, likeContains } from '../../db/wordSearch';

// Contact search on MariaDB/MySQL (docs/product/performance.md: p95 under 100 ms with twenty requests
// in flight, 100,000 contacts). A "contains" match cannot use a B-tree on the text itself, and
// scanning the account's search text cost ~40 ms of database cores per search at 100,000 contacts:
// under load the scans of several searches shared the machine's cores and answered in 0.5-1.7 s
// (docs/benchmarks.md). So each contact lists the pieces of one to four bytes of its lower-cased
// search text, each beside the contact's status (contact_search_grams, kept by triggers: migrations
// 20261127170000 and 20261128010000). A search:
//  1. takes each word's pieces: the word itself when it has at most four bytes, else its four-byte
//     pieces (each never more frequent than the shorter pieces it holds);
//  2. asks the optimizer how many entries a few pieces of each word have (index dives), and keeps
//     each word's rarest;
//  3. walks the entries of the rarest of all in list order (newest first, the entries' own key),
//     keeping those of the statuses asked for and, for each other word, those whose contact has an
//     entry of that word's piece too (a primary-key lookup, ~2 µs);
//  4. checks the survivors' text with a byte LIKE for each word longer than its piece, on
//     ORDERED_INDEX (~4 µs each: the index holds the text, so the check reads no row).
// A text holds a word of at most four bytes exactly when it holds the piece that is the word, so a
// search of such words is decided by entries alone. A longer word's text holds each of its pieces, so
// no match is missed, and the LIKE keeps the match exact "contains".
// The page stops after its matches and the total after CONTACT_SEARCH_TOTAL_CAP + 1 (past the cap it
// reads "more than 1,000"): a rare piece's walk is short, a frequent word's matches are close together.
// Words that are expected to meet in few contacts (a full name) are walked once for both: their page
// would walk most of the entries the total walks (pageWithCountOfWalk).

const ORDERED_INDEX = 'contacts_account_search_idx';
const GRAMS = 'contact_search_grams';
const MAX_GRAM_BYTES = 4;

/** The column beside each walked match that counts them all (pageWithCountOfWalk). */
const MATCHES = 'matches';

/** Pieces estimated at most per search (a long search has many; any of a word's finds its matches). */
const PROBED_GRAMS = 12;

export type SearchFilter = {
  /** At least one. */
  words: string[];
  /** Only contacts of this status; without it, every status but `hiddenStatus`. */
  status?: string;
  hiddenStatus: string;
  limit: number;
  offset: number;
};

/** A search word as the search text holds it: lower-cased UTF-8 bytes (migration 20261122090000). */
type Word = { text: string; bytes: Buffer; pieces: Buffer[] };

/**
 * The distinct words with their pieces (see above), each word's pieces cut to an even spread so that
 * the search estimates at most PROBED_GRAMS, and at least one a word.
 */
export function wordsWithPieces(words: string[]): Word[] {
  const byBytes = new Map<string, Word>();
  for (const word of words) {
    const text = word.toLowerCase();
    const bytes = Buffer.from(text, 'utf8');
    if (byBytes.has(bytes.toString('hex'))) continue;
    const size = Math.min(bytes.length, MAX_GRAM_BYTES);
    const pieces = new Map<string, Buffer>();
    for (let at = 0; at + size <= bytes.length; at += 1) {
      const piece = bytes.subarray(at, at + size);
      pieces.set(piece.toString('hex'), piece);
    }
    byBytes.set(bytes.toString('hex'), { text, bytes, pieces: [...pieces.values()] });
  }
  const all = [...byBytes.values()];
  const perWord = Math.max(1, Math.floor(PROBED_GRAMS / Math.max(1, all.length)));
  for (const word of all) {
    const { pieces } = word;
    if (pieces.length > perWord) word.pieces = Array.from({ length: perWord }, (_, i) => pieces[Math.floor((i * pieces.length) / perWord)]);
  }
  return all;
}

/** Whether a word's piece is the whole word: then its entries are exactly the contacts that hold it. */
const isWhole = (word: Word, piece: Buffer) => word.bytes.equals(piece);

/** A word with the piece it is found by (its rarest) and that piece's estimated entries. */
type Found = { word: Word; piece: Buffer; entries: number };
/** The word to walk (the one with the rarest piece) and the others. */
type Plan = { lead: Found; others: Found[] };

/**
 * Whether the walk is expected to find fewer matches than the cap, so that the page alone walks most
 * of it: the lead's entries, times each other word's share of the account's contacts (as if the words
 * met by chance; words that go together meet more often, so it errs towards few). Either walk finds
 * the same matches; a wrong guess costs a millisecond or two of the database.
 */
function fewMatchesExpected(plan: Plan, contacts: number): boolean {
  if (plan.others.length === 0 || !(contacts > 0)) return false;
  const expected = plan.others.reduce((matches, other) => matches * Math.min(1, other.entries / contacts), plan.lead.entries);
  return expected < CONTACT_SEARCH_TOTAL_CAP;
}

/** How a search walks its matches: by fewMatchesExpected, or always one way (tests prove both the same). */
export type SearchWalk = 'by estimate' | 'once' | 'twice';

/**
 * What a search's SQL depends on: the walk (a page beside its count, or one walk for both), how many
 * other words join the lead, how many words are checked on the text, the status asked for or not, and
 * the columns read. Everything else (the account, the pieces, the words, the page) is a parameter.
 */
type Shape = { statement: 'page' | 'count' | 'page with count'; others: number; checked: number; byStatus: boolean; columns: string[] };

/** Shapes compiled at most (each a few kilobytes of SQL); past it a shape is compiled for its run only. */
const MAX_COMPILED_SHAPES = 500;

export function createMysqlContactSearch(knex: Knex, { walk: walkChoice = 'by estimate' }: { walk?: SearchWalk } = {}) {
  /**
   * The matches, walking the lead piece's entries newest first, keeping those whose contact has each
   * other word's piece, then checking on ORDERED_INDEX (account, created_at, id) the words that are
   * longer than their piece. Parameters: accountId, status, lead, other0.., like0...
   */
  function throughGrams(shape: Shape, p: QueryParams): Knex.QueryBuilder {
    const query = knex
      .from(`${GRAMS} as g`)
      .where('g.accountId', p.accountId)
      .where('g.gram', p.lead)
      .orderBy([
        { column: 'g.createdAt', order: 'desc' },
        { column: 'g.contactId', order: 'desc' },
      ]);
    if (shape.byStatus) query.where('g.status', p.status);
    else query.whereNot('g.status', p.status);
    // straight_join, in this order: the entries lead (their order is the list's), each other word's
    // entry (its primary key: at most one per contact) drops contacts before any check of the text.
    // The optimizer would start from contacts, or look the entries up after the text's check.
    for (let i = 0; i < shape.others; i++) {
      const alias = `h${i}`;
      query.joinRaw(
        `straight_join ?? as ${alias} on ${alias}.account_id = g.account_id and ${alias}.gram = ? and ${alias}.created_at = g.created_at and ${alias}.contact_id = g.contact_id`,
        [GRAMS, p[`other${i}`]],
      );
    }
    if (shape.checked === 0) return query;
    query.joinRaw(`straight_join ?? as c force index (??) on c.account_id = g.account_id and c.created_at = g.created_at and c.id = g.contact_id`, [
      'contacts',
      ORDERED_INDEX,
    ]);
    // The column holds lower-cased bytes, so each word is lower-cased the same way.
    for (let i = 0; i < shape.checked; i++) query.whereRaw(`?? like ? escape '!'`, ['c.searchText', p[`like${i}`]]);
    return query;
  }

  /** The matches up to one past the cap. */
  const countOfWalk = (shape: Shape, p: QueryParams) =>
    knex
      .from(
        throughGrams(shape, p)
          .select('g.contactId')
          .clearOrder()
          .limit(CONTACT_SEARCH_TOTAL_CAP + 1)
          .as('capped'),
      )
      .count({ count: '*' });

  /**
   * A page of the matches with `columns` of `contacts`, its walk stopping at the page's end (a
   * frequent word's page is its first few entries), beside the count. The page reads its rows in the
   * same statement (a primary-key lookup a row): a round trip fewer than reading them after.
   */
  const pageOfWalk = (shape: Shape, p: QueryParams) =>
    throughGrams(shape, p)
      .joinRaw('straight_join ?? on ?? = ??', ['contacts', 'contacts.id', 'g.contactId'])
      .select(shape.columns)
      .limit(p.limit as number)
      .offset(p.offset as number);

  /**
   * The same from one walk: its first matches in list order (one past the cap, or to the page's end
   * past it), each counted beside the others, then the page's rows by primary key. For words that must
   * meet in one contact the walk checks each entry (~2-4 µs) and finds few matches, so the page alone
   * walks most of it: walked twice, a full name cost 7-9 ms of database CPU, walked once 4 ms (quiet,
   * large seed). A frequent word's page is better off beside its count: this walk sorts its 1,001
   * matches for a page of 20 (0.6 against 1.4 ms for a frequent piece).
   */
  const pageWithCountOfWalk = (shape: Shape, p: QueryParams) => {
    const walked = throughGrams(shape, p)
      .select({ contactId: 'g.contactId', createdAt: 'g.createdAt' })
      .limit(p.walkLimit as number);
    const counted = knex.from(walked.as('w')).select('w.*', knex.raw('count(*) over () as ??', [MATCHES]));
    return knex
      .from(counted.as('m'))
      .joinRaw('straight_join ?? on ?? = ??', ['contacts', 'contacts.id', 'm.contactId'])
      .select([...shape.columns, `m.${MATCHES}`])
      .orderBy([
        { column: 'm.createdAt', order: 'desc' },
        { column: 'm.contactId', order: 'desc' },
      ])
      .limit(p.limit as number)
      .offset(p.offset as number);
  };

  const BUILDERS = { page: pageOfWalk, count: countOfWalk, 'page with count': pageWithCountOfWalk } as const;

  // Each shape's statement is compiled by knex once and then sent with its values past knex's runner
  // (db/compiledQuery.ts): for a search, building and compiling its statements was about a fifth of
  // the API's CPU (docs/benchmarks.md).
  const compiled = new Map<string, CompiledQuery<QueryParams, Record<string, unknown>>>();
  function statementOf(shape: Shape): CompiledQuery<QueryParams, Record<string, unknown>> {
    const key = JSON.stringify(shape);
    let statement = compiled.get(key);
    if (!statement) {
      statement = compiledQuery<QueryParams, Record<string, unknown>>(knex, (p) => BUILDERS[shape.statement](shape, p));
      if (compiled.size < MAX_COMPILED_SHAPES) compiled.set(key, statement);
    }
    return statement;
  }

  /**
   * The optimizer's estimate of each piece's entries, from its dives into the entries' index, and of
   * the account's contacts: one EXPLAIN, about half a millisecond, where counting each piece's entries
   * would read them (about 1 ms per 1,000 entries and piece). It only chooses the walk; every walk
   * finds the same matches.
   */
  async function estimates(accountId: string, grams: Buffer[]): Promise<{ entries: number[]; contacts: number }> {
    const parts = grams.map(() => `select 1 from \`${GRAMS}\` where account_id = ? and gram = ?`);
    const sql = `explain ${[...parts, 'select 1 from `contacts` where account_id = ?'].join(' union all ')}`;
    const rows = (await queryMysqlPool(knex, { sql }, [...grams.flatMap((gram) => [accountId, gram]), accountId])) as { id: unknown; rows: unknown }[];
    const estimated = [...grams, 'contacts'].map(() => Number.POSITIVE_INFINITY);
    // One row per part, numbered from 1; a part the optimizer finds empty may say so without a count.
    for (const row of rows) if (Number(row.id) >= 1 && Number(row.id) <= estimated.length) estimated[Number(row.id) - 1] = Number(row.rows ?? 0);
    return { entries: estimated.slice(0, grams.length), contacts: estimated[grams.length] };
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
     * One page of the matches in list order, as `columns` of `contacts`, and the number of matches:
     * exact up to CONTACT_SEARCH_TOTAL_CAP, else the cap with moreThanTotal.
     */
    async search<Row>(accountId: string, filter: SearchFilter, columns: string[]): Promise<{ rows: Row[]; total: number; moreThanTotal: boolean }> {
      const words = wordsWithPieces(filter.words);
      const probed = words.flatMap((word) => word.pieces);
      // A single piece (one word of at most four bytes) needs no estimate.
      const { entries, contacts } = probed.length === 1 ? { entries: [0], contacts: 0 } : await estimates(accountId, probed);
      let at = 0;
      const rarest = words.map((word) => {
        const own = entries.slice(at, (at += word.pieces.length));
        const best = own.indexOf(Math.min(...own));
        return { word, piece: word.pieces[best], entries: own[best] };
      });
      const lead = rarest.reduce((best, next) => (next.entries < best.entries ? next : best));
      const plan: Plan = { lead, others: rarest.filter((found) => found !== lead) };
      const checked = [plan.lead, ...plan.others].filter(({ word, piece }) => !isWhole(word, piece)).map(({ word }) => word);
      const walkParams: QueryParams = {
        accountId,
        status: filter.status ?? filter.hiddenStatus,
        lead: plan.lead.piece,
        ...Object.fromEntries(plan.others.map(({ piece }, i) => [`other${i}`, piece])),
        ...Object.fromEntries(checked.map((word, i) => [`like${i}`, likeContains(word.text)])),
      };
      const shapeOf = (statement: Shape['statement']): Shape => ({
        statement,
        others: plan.others.length,
        checked: checked.length,
        byStatus: Boolean(filter.status),
        columns,
      });
      const countMatches = async () => countOf(await statementOf(shapeOf('count')).first(walkParams));
      const page = { limit: filter.limit, offset: filter.offset };
      const once = walkChoice === 'by estimate' ? fewMatchesExpected(plan, contacts) : walkChoice === 'once';
      let rows: Row[];
      let counted: number;
      if (once) {
        const walkLimit = Math.max(CONTACT_SEARCH_TOTAL_CAP + 1, filter.offset + filter.limit);
        const withMatches = await statementOf(shapeOf('page with count')).rows({ ...walkParams, ...page, walkLimit });
        // A page past the last match has no row to carry the count.
        counted = withMatches.length > 0 ? Number(withMatches[0][MATCHES]) : filter.offset === 0 ? 0 : await countMatches();
        for (const row of withMatches) delete row[MATCHES];
        rows = withMatches as Row[];
      } else {
        [rows, counted] = await Promise.all([statementOf(shapeOf('page')).rows({ ...walkParams, ...page }) as Promise<Row[]>, countMatches()]);
      }
      return { rows, total: Math.min(counted, CONTACT_SEARCH_TOTAL_CAP), moreThanTotal: counted > CONTACT_SEARCH_TOTAL_CAP };
    },
  };
}
