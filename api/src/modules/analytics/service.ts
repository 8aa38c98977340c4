import type { z } from 'zod';
import type { analyticsBatchSchema } from '@caucus/contract';
import type { RateLimits } from '../../config';
import { TooManyRequests } from '../../http/errors';
import type { AuthState } from '../../http/types';
import type { AnalyticsOwner, AnalyticsRepository } from './repository';

export type AnalyticsQuotas = Pick<
  RateLimits,
  'analyticsEventsPerUserPerMinute' | 'analyticsEventsPerUserPerDay' | 'analyticsEventsPerAccountPerMinute' | 'analyticsEventsPerAccountPerDay'
>;

export const ANALYTICS_QUOTA_MESSAGE = 'Too many analytics events. Please slow down.';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export function createAnalyticsService(repo: AnalyticsRepository, now: () => Date = () => new Date()) {
  /**
   * The quotas of a signed-in batch, counted over the stored events themselves, so they hold across
   * every API instance: the batch is written first and counted after with every event of its windows.
   * Of batches racing in parallel the last to count sees all the others, so no burst gets past a
   * quota (the per-IP limiter's rule, http/rateLimit.ts); a batch over quota is taken back whole.
   */
  async function enforceQuotas(auth: AuthState, quotas: AnalyticsQuotas, ids: string[], at: Date): Promise<void> {
    const checks: [AnalyticsOwner, number, number][] = [
      [{ column: 'userId', id: auth.userId }, MINUTE_MS, quotas.analyticsEventsPerUserPerMinute],
      [{ column: 'accountId', id: auth.accountId }, MINUTE_MS, quotas.analyticsEventsPerAccountPerMinute],
      [{ column: 'userId', id: auth.userId }, DAY_MS, quotas.analyticsEventsPerUserPerDay],
      [{ column: 'accountId', id: auth.accountId }, DAY_MS, quotas.analyticsEventsPerAccountPerDay],
    ];
    for (const [owner, windowMs, max] of checks) {
      const { count, oldest } = await repo.countSince(owner, new Date(at.getTime() - windowMs));
      if (count <= max) continue;
      await repo.deleteIds(ids);
      // Room comes back as the window's oldest events age out of it.
      const freedAt = (oldest ?? at).getTime() + windowMs;
      // Over quota: 429 with Retry-After, when the window's oldest event leaves it.
      throw new TooManyRequests(ANALYTICS_QUOTA_MESSAGE, (freedAt - now().getTime()) / 1000);
    }
  }

  return {
    /** Stores the whole batch or nothing: it was validated as a unit before it got here. */
    async record(batch: z.output<typeof analyticsBatchSchema>, auth: AuthState | undefined, quotas: AnalyticsQuotas): Promise<number> {
      const at = now();
      const ids = await repo.insertMany(
        batch.events.map((event) => ({
          name: event.name,
          properties: event.properties === undefined ? null : JSON.stringify(event.properties),
          path: event.path ?? null,
          occurredAt: event.occurredAt ? new Date(event.occurredAt) : null,
          userId: auth?.userId ?? null,
          accountId: auth?.accountId ?? null,
        })),
        at,
      );
      if (auth) await enforceQuotas(auth, quotas, ids, at);
      return batch.events.length;
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
