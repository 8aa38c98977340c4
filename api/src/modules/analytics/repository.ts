import type { Knex } from 'knex';
import { newId } from '../../lib/ids';

export type AnalyticsRow = {
  name: string;
  properties: string | null;
  path: string | null;
  occurredAt: Date | null;
  userId: string | null;
  accountId: string | null;
};

export function createAnalyticsRepository(knex: Knex) {
  return {
    async insertMany(rows: AnalyticsRow[], at: Date): Promise<void> {
      if (rows.length === 0) return;
      await knex('analytics_events').insert(rows.map((row) => ({ id: newId(), ...row, createdAt: at })));
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
