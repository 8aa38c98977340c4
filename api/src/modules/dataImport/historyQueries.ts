import type { Knex } from 'knex';
import type { ImportHistorySort, ImportStatus } from '@caucus/contract';
import type { ImportRow } from '../../db/rows';
import { scoped } from '../../http/tenancy';
import { countOf } from '../../db/wordSearch';
import type { CountRow } from './queryParts';

/** An import as its history card shows it: with its campaign's and creator's names (null without one). */
export type ImportHistoryRow = ImportRow & { campaignName: string | null; creatorFirstName: string | null; creatorLastName: string | null };

/** ORDER BY of each history sort; ties are newest first, then by id, so pages never overlap. */
const NEWEST_FIRST = [
  { column: 'imports.createdAt', order: 'desc' as const },
  { column: 'imports.id', order: 'desc' as const },
];

/** The account's imports as the history shows them: a page of them, one of them, and the earlier imports of the same file. */
export function createHistoryQueries(knex: Knex) {
  const historyBase = (accountId: string) =>
    scoped(knex, 'imports', accountId)
      .leftJoin('campaigns', function joinCampaign() {
        this.on('campaigns.id', '=', 'imports.campaignId').andOn('campaigns.accountId', '=', 'imports.accountId');
      })
      .leftJoin('users as creator', 'creator.id', 'imports.createdBy')
      .select('imports.*', 'campaigns.name as campaignName', 'creator.firstName as creatorFirstName', 'creator.lastName as creatorLastName');

  return {
    async history(
      accountId: string,
      options: { status?: ImportStatus; sort: ImportHistorySort; limit: number; offset: number },
    ): Promise<{ rows: ImportHistoryRow[]; total: number }> {
      const filtered = (query: Knex.QueryBuilder): Knex.QueryBuilder => (options.status ? query.where('imports.status', options.status) : query);
      const page = filtered(historyBase(accountId));
      // Names compare without case on both engines (SQLite's default collation is binary).
      if (options.sort === 'fileName') page.orderByRaw('lower(??) asc', ['imports.fileName']);
      else if (options.sort === 'importType') page.orderBy('imports.importType', 'asc');
      else if (options.sort === 'recordsImported') page.orderBy('imports.recordsImported', 'desc');
      page.orderBy(NEWEST_FIRST);
      const [rows, totalRow]: [ImportHistoryRow[], CountRow | undefined] = await Promise.all([
        page.limit(options.limit).offset(options.offset),
        filtered(scoped(knex, 'imports', accountId))
          .count({ count: '*' })
          .first(),
      ]);
      return { rows, total: countOf(totalRow) };
    },

    /** The account's imports of a file with this content fingerprint that were not undone, newest first. */
    async importsByFingerprint(accountId: string, fingerprint: string): Promise<ImportHistoryRow[]> {
      return historyBase(accountId)
        .where('imports.fingerprint', fingerprint)
        .whereNull('imports.undoneAt')
        .whereNot('imports.status', 'failed')
        .orderBy(NEWEST_FIRST)
        .limit(5);
    },

    async findForHistory(accountId: string, id: string): Promise<ImportHistoryRow | undefined> {
      return historyBase(accountId).where('imports.id', id).first<ImportHistoryRow | undefined>();
    },
  };
}
