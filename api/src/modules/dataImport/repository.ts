import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import { batchQueries } from './batchQueries';
import { createChunkQueries } from './chunkQueries';
import { createHistoryQueries } from './historyQueries';
import { createImportRecordQueries } from './importRecordQueries';
import { createSkippedRowQueries } from './skippedRowQueries';
import { undoQueries } from './undoQueries';

export type { PendingChunk, StoredRow } from './chunkQueries';
export type { ImportHistoryRow } from './historyQueries';
export type { ImportUpdate, NewImport } from './importRecordQueries';
export { ERRORS_PER_IMPORT, type SkippedRow } from './skippedRowQueries';
export type { ImportedGift } from './undoQueries';

/**
 * Every query of the import feature, each job in a module of its own: the import's row
 * (importRecordQueries.ts), its history (historyQueries.ts), its stored chunks and the job's lease
 * (chunkQueries.ts), its skipped rows (skippedRowQueries.ts), a batch's reads and writes
 * (batchQueries.ts) and the undo's (undoQueries.ts).
 */
export function createDataImportRepository(knex: Knex) {
  return {
    knex,
    /** Retried from the start when MariaDB picks it as a deadlock victim (a batch meets a user's save). */
    transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
      return inTransaction(knex, work);
    },
    ...createImportRecordQueries(knex),
    ...createHistoryQueries(knex),
    ...createChunkQueries(knex),
    ...createSkippedRowQueries(knex),
    ...batchQueries,
    ...undoQueries,
  };
}

export type DataImportRepository = ReturnType<typeof createDataImportRepository>;
