const KEY = 'caucus.importReviewSkips';
/** Enough for the history's pages the user looks at; older entries go first. */
const KEEP = 200;

type Skips = Record<string, number>;

function read(): Skips {
  try {
    const saved = window.localStorage.getItem(KEY);
    return saved ? (JSON.parse(saved) as Skips) : {};
  } catch {
    return {};
  }
}

/**
 * Rows with validation errors never reach the server (SPEC point 3: only the rows kept are sent), so
 * the server's history cannot count them. This browser remembers them per import for the history card.
 */
export function rememberReviewSkips(importId: string, skipped: number): void {
  if (skipped <= 0) return;
  try {
    const entries = Object.entries(read()).filter(([id]) => id !== importId);
    entries.push([importId, skipped]);
    window.localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(entries.slice(-KEEP))));
  } catch {
    // Private mode or a full store: the success notice still said it.
  }
}

/** Rows of this import skipped in review in this browser (0 when unknown). */
export function reviewSkipsOf(importId: string): number {
  const value = read()[importId];
  return typeof value === 'number' && value > 0 ? value : 0;
}
