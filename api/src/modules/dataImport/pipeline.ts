import type { Knex } from 'knex';
import { buildBatch } from './batch/build';
import { planBatch, type BatchOptions } from './batch/plan';
import { writeBatch, type BatchResult } from './batch/write';
import type { ImportRow } from '../../db/rows';
import type { DataImportRepository } from './repository';

// One batch of an import, in one transaction: every pending row of the batch ends imported or
// skipped-with-reason, together with what it wrote and the import's counts. A crash rolls the whole
// batch back, so its rows are still pending when the job runs again: no row is done twice.
//
// Three steps (batch/): plan (the rows validated and de-duplicated, matched, and the contacts and
// campaign locked as every money write locks them, ADR 0002), build (each kept row's contact merged
// or created and its gift, pledge, note and association made, in memory), write (in dependency order,
// the gifts through the ledger).

export { ACCOUNT_TOTAL_TOO_LARGE, CAMPAIGN_TOTAL_TOO_LARGE, CONTACT_TOTAL_TOO_LARGE } from './batch/totalsGuard';
export { CONTACT_NOT_FOUND_REASON, duplicateTransactionReason } from './batch/validate';
export type { BatchResult } from './batch/write';
export { AccountFiguresMoved } from './batch/write';
export type { BatchOptions } from './batch/plan';

export function createImportPipeline(repo: DataImportRepository) {
  /** Processes the import's next pending chunk of rows. Runs inside the caller's transaction, which holds the import's row. */
  async function processBatch(trx: Knex.Transaction, importRow: ImportRow, options: BatchOptions = {}): Promise<BatchResult> {
    const plan = await planBatch(repo, trx, importRow, options);
    if (!plan) return { processed: 0, imported: 0, skipped: 0 };
    return writeBatch(repo, trx, plan, buildBatch(plan));
  }

  return { processBatch };
}

export type ImportPipeline = ReturnType<typeof createImportPipeline>;
