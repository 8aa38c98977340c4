import type { Knex } from 'knex';
import { scoped } from '../../http/tenancy';
import { countOf } from '../shared/search';

export const ERRORS_PER_IMPORT = 20;

export function createDataImportRepository(knex: Knex) {
  return {
    async history(accountId: string, limit: number, offset: number): Promise<{ rows: Record<string, unknown>[]; total: number }> {
      const [rows, totalRow] = await Promise.all([
        scoped(knex, 'imports', accountId)
          .leftJoin('campaigns', function joinCampaign() {
            this.on('campaigns.id', '=', 'imports.campaignId').andOn('campaigns.accountId', '=', 'imports.accountId');
          })
          .leftJoin('users as creator', 'creator.id', 'imports.createdBy')
          .select(
            'imports.*',
            'campaigns.name as campaignName',
            'creator.firstName as creatorFirstName',
            'creator.lastName as creatorLastName',
          )
          .orderBy([
            { column: 'imports.createdAt', order: 'desc' },
            { column: 'imports.id', order: 'desc' },
          ])
          .limit(limit)
          .offset(offset),
        scoped(knex, 'imports', accountId).count({ count: '*' }).first(),
      ]);
      return { rows: rows as Record<string, unknown>[], total: countOf(totalRow) };
    },

    /** The first errors of each import (by row) and how many there are in all. */
    async errorsFor(accountId: string, importIds: string[]): Promise<Map<string, { messages: string[]; count: number }>> {
      const result = new Map<string, { messages: string[]; count: number }>();
      if (importIds.length === 0) return result;
      const counts: Record<string, unknown>[] = await scoped(knex, 'import_errors', accountId)
        .whereIn('import_errors.importId', importIds)
        .groupBy('import_errors.importId')
        .select('import_errors.importId as importId')
        .count({ count: '*' });
      for (const row of counts) {
        const importId = String(row.importId);
        const messages: Record<string, unknown>[] = await scoped(knex, 'import_errors', accountId)
          .where('import_errors.importId', importId)
          .select('message')
          .orderByRaw('?? is null, ?? asc, ?? asc', ['import_errors.rowNumber', 'import_errors.rowNumber', 'import_errors.id'])
          .limit(ERRORS_PER_IMPORT);
        result.set(importId, { messages: messages.map((m) => String(m.message)), count: countOf(row) });
      }
      return result;
    },
  };
}

export type DataImportRepository = ReturnType<typeof createDataImportRepository>;
