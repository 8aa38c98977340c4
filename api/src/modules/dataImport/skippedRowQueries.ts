import type { Knex } from 'knex';
import { insertInBatches } from '../../db/batch';
import { engineOf } from '../../db/knex';
import type { ImportSkippedRowRow } from '../../db/rows';
import { toInt } from '../../db/values';
import { scoped } from '../../http/tenancy';
import { newId } from '../../lib/ids';
import { countOf } from '../../db/wordSearch';
import { inLists, type CountRow, type Db } from './queryParts';

export const ERRORS_PER_IMPORT = 20;

/** A skipped row as kept with its import: its number in the file, its cells in header order and why. */
export type SkippedRow = { rowNumber: number; cells: unknown[]; reason: string; source?: 'review' | 'server' };

type SkippedColumns = Pick<ImportSkippedRowRow, 'rowNumber' | 'cells' | 'reason' | 'source'>;
const toSkippedRow = (row: SkippedColumns): SkippedRow => ({
  rowNumber: toInt(row.rowNumber),
  cells: JSON.parse(String(row.cells)) as unknown[],
  reason: row.reason,
  source: row.source === 'review' ? 'review' : 'server',
});

/** The rows an import skipped: kept with their reasons and cells, shown as its errors, paged, reported, and taken back to import again. */
export function createSkippedRowQueries(knex: Knex) {
  return {
    /** The first skipped rows' reasons of each import (by row) and how many rows were skipped in all. */
    async errorsFor(accountId: string, importIds: string[]): Promise<Map<string, { messages: string[]; count: number }>> {
      const result = new Map<string, { messages: string[]; count: number }>();
      if (importIds.length === 0) return result;
      const counts: (Pick<ImportSkippedRowRow, 'importId'> & CountRow)[] = await scoped(knex, 'import_skipped_rows', accountId)
        .whereIn('import_skipped_rows.importId', importIds)
        .groupBy('import_skipped_rows.importId')
        .select('import_skipped_rows.importId as importId')
        .count({ count: '*' });
      await Promise.all(
        counts.map(async (row) => {
          const importId = row.importId;
          const messages = await scoped(knex, 'import_skipped_rows', accountId)
            .where('import_skipped_rows.importId', importId)
            .select<Pick<ImportSkippedRowRow, 'reason' | 'rowNumber'>[]>('reason', 'rowNumber')
            .orderBy('import_skipped_rows.rowNumber', 'asc')
            .limit(ERRORS_PER_IMPORT);
          result.set(importId, { messages: messages.map((m) => `Row ${toInt(m.rowNumber)}: ${m.reason}`), count: countOf(row) });
        }),
      );
      return result;
    },

    /** Skipped rows with their reasons and cells (the report, and what can be fixed): from the review or the server. */
    async insertSkipped(trx: Knex.Transaction, accountId: string, importId: string, rows: SkippedRow[], source: 'review' | 'server'): Promise<void> {
      const now = new Date();
      await insertInBatches(
        trx,
        'import_skipped_rows',
        rows.map((r) => ({
          id: newId(),
          accountId,
          importId,
          rowNumber: r.rowNumber,
          cells: JSON.stringify(r.cells),
          reason: r.reason,
          source,
          createdAt: now,
        })),
      );
    },

    /** Of the given row numbers, those the import already holds as skipped rows. */
    async skippedNumbersAmong(db: Db, importId: string, rowNumbers: number[]): Promise<number[]> {
      const found: number[] = [];
      for (const part of inLists([...new Set(rowNumbers)])) {
        const rows = await db<ImportSkippedRowRow>('import_skipped_rows').where('importId', importId).whereIn('rowNumber', part).select('rowNumber');
        found.push(...rows.map((r) => toInt(r.rowNumber)));
      }
      return found.sort((x, y) => x - y);
    },

    /** A page of the import's skipped rows, in file order, and how many there are. */
    async skippedPage(accountId: string, importId: string, limit: number, offset: number): Promise<{ rows: SkippedRow[]; total: number }> {
      const base = () => scoped(knex, 'import_skipped_rows', accountId).where('import_skipped_rows.importId', importId);
      const [rows, totalRow] = await Promise.all([
        base().orderBy('import_skipped_rows.rowNumber', 'asc').limit(limit).offset(offset).select<SkippedColumns[]>('rowNumber', 'cells', 'reason', 'source'),
        base().count({ count: '*' }).first<CountRow | undefined>(),
      ]);
      return { rows: rows.map(toSkippedRow), total: countOf(totalRow) };
    },

    /** Takes the given skipped rows out of the import (they are being imported again), answering them. */
    async takeSkipped(trx: Knex.Transaction, importId: string, rowNumbers: number[]): Promise<SkippedRow[]> {
      const taken: SkippedRow[] = [];
      for (const part of inLists([...new Set(rowNumbers)])) {
        const query = trx('import_skipped_rows').where('importId', importId).whereIn('rowNumber', part);
        if (engineOf(trx) === 'mysql') query.forUpdate();
        taken.push(...(await query.select<SkippedColumns[]>('rowNumber', 'cells', 'reason', 'source')).map(toSkippedRow));
        await trx('import_skipped_rows').where('importId', importId).whereIn('rowNumber', part).delete();
      }
      return taken;
    },

    /** Every skipped row of the import in file order (the report). */
    async skippedRows(accountId: string, importId: string): Promise<SkippedRow[]> {
      const rows = await scoped(knex, 'import_skipped_rows', accountId)
        .where('import_skipped_rows.importId', importId)
        .orderBy('import_skipped_rows.rowNumber', 'asc')
        .select<SkippedColumns[]>('rowNumber', 'cells', 'reason', 'source');
      return rows.map(toSkippedRow);
    },
  };
}
