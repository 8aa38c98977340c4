import type { Knex } from 'knex';

/** A query runs on the app's connection or inside a transaction. */
export type Db = Knex | Knex.Transaction;

/** COUNT comes back as a number, text or a bigint depending on the engine: read it with countOf. */
export type CountRow = { count: unknown };

const IN_LIST_SIZE = 500;

/** The items in lists of at most `size`, one WHERE IN query each (an import's ids run to thousands). */
export function inLists<T>(items: T[], size = IN_LIST_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
