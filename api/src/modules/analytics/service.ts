import type { z } from 'zod';
import type { analyticsBatchSchema } from '../../contract';
import type { AuthState } from '../../http/types';
import type { AnalyticsRepository } from './repository';

export function createAnalyticsService(repo: AnalyticsRepository, now: () => Date = () => new Date()) {
  return {
    /** Stores the whole batch or nothing: it was validated as a unit before it got here. */
    async record(batch: z.output<typeof analyticsBatchSchema>, auth: AuthState | undefined): Promise<number> {
      await repo.insertMany(
        batch.events.map((event) => ({
          name: event.name,
          properties: event.properties === undefined ? null : JSON.stringify(event.properties),
          path: event.path ?? null,
          occurredAt: event.occurredAt ? new Date(event.occurredAt) : null,
          userId: auth?.userId ?? null,
          accountId: auth?.accountId ?? null,
        })),
        now(),
      );
      return batch.events.length;
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
