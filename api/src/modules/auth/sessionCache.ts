/**
 * How long a session lookup is reused. Every request of a signed-in user reads the same session row
 * (a four-table join); under load that was a third of the queries of a contacts page or the dashboard
 * (docs/product/performance.md, ADR 0009). A change made by another process (another API instance, a
 * worker) reaches the requests of this one within this time; one made in this process, at once
 * (forget()).
 */
export const SESSION_CACHE_TTL_MS = 2000;

/** Enough for every session active within the TTL on one instance; the oldest entry goes first. */
const MAX_ENTRIES = 10_000;

export type SessionCache<T> = {
  /** The value of `key`: reused while younger than the TTL, else loaded; concurrent lookups share one load. */
  lookup(key: string, load: () => Promise<T | undefined>): Promise<T | undefined>;
  /** Drops every entry, and every load still in flight, so the next lookup reads the database. */
  forget(): void;
};

/**
 * Only values that were found are kept: an unknown token always reaches the database (and cannot
 * fill the cache). The TTL counts from the start of the load, never from its end.
 */
export function createSessionCache<T>(options: { ttlMs: number; now: () => number; maxEntries?: number }): SessionCache<T> {
  const { ttlMs, now } = options;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  let entries = new Map<string, { value: Promise<T | undefined>; loadedAt: number }>();

  return {
    lookup(key, load) {
      const at = now();
      const kept = entries.get(key);
      if (kept && at - kept.loadedAt < ttlMs) return kept.value;

      // A load settles into the map it started in: after forget() that map is no longer read, so a
      // row read before a sign-out committed can never be served after it.
      const map = entries;
      const value = load();
      map.delete(key);
      if (map.size >= maxEntries) map.delete(map.keys().next().value as string);
      map.set(key, { value, loadedAt: at });
      const drop = () => {
        if (map.get(key)?.value === value) map.delete(key);
      };
      value.then((found) => found === undefined && drop(), drop);
      return value;
    },
    forget() {
      entries = new Map();
    },
  };
}
