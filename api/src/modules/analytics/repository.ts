import type { Knex } from 'knex';
import { toDbDateTime, type DbDateTime } from '../../db/values';
import { newId } from '../../lib/ids';

export type AnalyticsRow = {
  name: string;
  properties: string | null;
  path: string | null;
  occurredAt: Date | null;
  userId: string | null;
  accountId: string | null;
};

/** Whose events a quota counts: one user's, or every user's of one account. */
export type AnalyticsOwner = { column: 'userId' | 'accountId'; id: string };

export function createAnalyticsRepository(knex: Knex) {
  return {
    /** Writes the rows in one statement; returns their ids (to take them back when over quota). */
    async insertMany(rows: AnalyticsRow[], at: Date): Promise<string[]> {
      if (rows.length === 0) return [];
      const stored = rows.map((row) => ({ id: newId(), ...row, createdAt: at }));
      await knex('analytics_events').insert(stored);
      return stored.map((row) => row.id);
    },

    /** Events of `owner` stored after `since` (its index: (user_id | account_id, created_at)), and the oldest one's time. */
    async countSince(owner: AnalyticsOwner, since: Date): Promise<{ count: number; oldest: Date | null }> {
      const row = (await knex('analytics_events')
        .where(owner.column, owner.id)
        .andWhere('createdAt', '>', since)
        .count({ count: '*' })
        .min({ oldest: 'createdAt' })
        .first()) as { count: number | string; oldest: DbDateTime } | undefined;
      return { count: Number(row?.count ?? 0), oldest: toDbDateTime(row?.oldest) };
    },

    async deleteIds(ids: string[]): Promise<void> {
      if (ids.length > 0) await knex('analytics_events').whereIn('id', ids).delete();
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
