import Redis from 'ioredis';

/**
 * What makes the session cache (sessionCache.ts) safe with several API instances
 * (docs/adr/0013-capacity-and-scale-out.md "One product on many instances"): a counter every
 * instance shares. A state-changing request bumps it before its response leaves; a request reads it
 * before trusting a cached session, and forgets its cache when it moved. So a sign-out, revocation
 * or status change answered by one instance holds for the very next request on any other, at the cost
 * of one Redis round trip per request instead of a four-table join.
 */
export type SessionGeneration = {
  /** The current value, or null when it cannot be read (then nothing cached may be trusted). */
  current(): Promise<string | null>;
  /** Moves it; other instances forget their cached sessions on their next request. */
  bump(): Promise<void>;
  close(): Promise<void>;
};

/** One process (no Redis): forgetting its own cache is all a change needs. */
export const LOCAL_SESSION_GENERATION: SessionGeneration = {
  current: async () => 'local',
  bump: async () => {},
  close: async () => {},
};

/** A Redis command that takes longer than this counts as failed: the request goes to the database instead. */
const REDIS_TIMEOUT_MS = 250;

export function redisSessionGeneration(
  redisUrl: string,
  prefix: string,
  logger?: { warn(msg: string, meta?: Record<string, unknown>): void },
): SessionGeneration {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: true, commandTimeout: REDIS_TIMEOUT_MS });
  const key = `${prefix}:sessions:generation`;
  let warned = false;
  const warnOnce = (error: unknown) => {
    if (warned) return;
    warned = true;
    logger?.warn('shared session generation unavailable: sessions are read from the database on every request', { error: String(error) });
  };
  redis.on('error', warnOnce);
  redis.on('ready', () => {
    warned = false;
  });
  return {
    async current() {
      try {
        return (await redis.get(key)) ?? '0';
      } catch (error) {
        warnOnce(error);
        return null;
      }
    },
    async bump() {
      try {
        await redis.incr(key);
      } catch (error) {
        // The change is committed. Other instances cannot read the generation either while Redis does
        // not answer, so they trust no cached session meanwhile.
        warnOnce(error);
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
