import { createSessionCache } from './sessionCache';

function clock() {
  let at = 1_000_000;
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

/** A load that answers when told to, counting its calls. */
function loader<T>(value: T) {
  const pending: Array<() => void> = [];
  const load = jest.fn(() => new Promise<T>((resolve) => pending.push(() => resolve(value))));
  return { load, settle: () => pending.splice(0).forEach((resolve) => resolve()) };
}

describe('session cache', () => {
  test('reuses a found value until the TTL has passed since its load began, then loads again', async () => {
    const time = clock();
    const cache = createSessionCache<string>({ ttlMs: 2000, now: time.now });
    const load = jest.fn(async () => 'row');
    expect(await cache.lookup('k', load)).toBe('row');
    time.advance(1999);
    expect(await cache.lookup('k', load)).toBe('row');
    expect(load).toHaveBeenCalledTimes(1);
    time.advance(1);
    expect(await cache.lookup('k', load)).toBe('row');
    expect(load).toHaveBeenCalledTimes(2);
  });

  test('lookups made while a load is in flight share it', async () => {
    const cache = createSessionCache<string>({ ttlMs: 2000, now: clock().now });
    const { load, settle } = loader('row');
    const both = Promise.all([cache.lookup('k', load), cache.lookup('k', load)]);
    settle();
    expect(await both).toEqual(['row', 'row']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('keeps neither a value that was not found nor a failed load', async () => {
    const cache = createSessionCache<string>({ ttlMs: 2000, now: clock().now });
    const missing = jest.fn(async () => undefined);
    await cache.lookup('unknown', missing);
    await cache.lookup('unknown', missing);
    expect(missing).toHaveBeenCalledTimes(2);

    const failing = jest.fn(async (): Promise<string> => {
      throw new Error('database down');
    });
    await expect(cache.lookup('k', failing)).rejects.toThrow('database down');
    expect(await cache.lookup('k', async () => 'row')).toBe('row');
  });

  test('forget() drops every value, and a load begun before it is never served after it', async () => {
    const cache = createSessionCache<string>({ ttlMs: 2000, now: clock().now });
    await cache.lookup('kept', async () => 'before');
    // Read before a sign-out committed, answered after it.
    const stale = loader('not revoked');
    const inFlight = cache.lookup('k', stale.load);
    cache.forget();
    stale.settle();
    expect(await inFlight).toBe('not revoked');

    expect(await cache.lookup('k', async () => 'revoked')).toBe('revoked');
    expect(await cache.lookup('kept', async () => 'after')).toBe('after');
  });

  test('holds at most maxEntries values, dropping the oldest', async () => {
    const cache = createSessionCache<string>({ ttlMs: 2000, now: clock().now, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.lookup(key, async () => key);
    const reload = jest.fn(async () => 'reloaded');
    expect(await cache.lookup('c', reload)).toBe('c');
    expect(await cache.lookup('b', reload)).toBe('b');
    expect(await cache.lookup('a', reload)).toBe('reloaded');
  });
});
