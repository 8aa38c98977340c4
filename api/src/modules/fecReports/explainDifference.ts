import type { LedgerEntry } from '@caucus/contract';

/**
 * A month's difference between the statement and the books explained: the latest entries not yet on
 * the statement whose amounts make it up (empty when none do, or when there is no difference).
 */
export function entriesExplaining(entries: readonly LedgerEntry[], differenceCents: number): string[] {
  if (differenceCents === 0) return [];
  // An entry missing from the statement moves the statement by minus its amount.
  const items = entries.slice(0, 24).map((e) => ({ id: e.id, cents: -Math.round(e.amount * 100) }));
  // The fewest entries first (one uncleared check is likelier than three), the latest first among equals.
  let budget = 200_000;
  const chosen: string[] = [];
  const search = (index: number, left: number, size: number): boolean => {
    if (left === 0) return chosen.length > 0;
    if (size === 0 || index >= items.length || --budget <= 0) return false;
    chosen.push(items[index].id);
    if (search(index + 1, left - items[index].cents, size - 1)) return true;
    chosen.pop();
    return search(index + 1, left, size);
  };
  for (let size = 1; size <= items.length && budget > 0; size += 1) {
    if (search(0, differenceCents, size)) return chosen;
  }
  return [];
}
