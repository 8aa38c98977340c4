import type { Knex } from 'knex';

// '!' rather than backslash: MariaDB reads '\\' in a literal as one character, SQLite as two.
const ESCAPE = '!';

export function likeContains(term: string): string {
  return `%${term.replace(/[!%_]/g, (ch) => ESCAPE + ch)}%`;
}

/**
 * Every word of the search must appear in at least one of the columns, so "jane doe" finds Jane Doe
 * whose names live in two columns. LIKE is case-insensitive on both engines for these columns.
 */
export function applyWordSearch(query: Knex.QueryBuilder, columns: string[], search: string | undefined): void {
  if (!search) return;
  const words = search.split(/\s+/).filter(Boolean).slice(0, 8);
  for (const word of words) {
    const pattern = likeContains(word);
    query.where((inner) => {
      for (const column of columns) inner.orWhereRaw(`?? like ? escape '${ESCAPE}'`, [column, pattern]);
    });
  }
}

/** COUNT(*) comes back as number, string or bigint depending on the engine. */
export function countOf(row: unknown): number {
  const value = row && typeof row === 'object' ? (row as { count?: unknown }).count : undefined;
  const n = typeof value === 'bigint' ? Number(value) : Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
}
