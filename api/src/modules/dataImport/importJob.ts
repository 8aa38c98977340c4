import { isDatabaseUnavailable } from '../../db/errors';
import { isRetryableLockError } from '../../db/transaction';
import { toBool } from '../../db/values';
import { HttpError } from '../../http/errors';
import type { JobOutcome } from '../../jobs/types';
import type { ImportServiceContext } from './context';
import { IMPORT_STOPPED, IMPORT_STOPPED_DATABASE } from './messages';
import { AccountFiguresMoved, type ImportPipeline } from './pipeline';

// The import job (docs/adr/0007-import-pipeline-and-jobs.md): a lease, not a lock held across batches;
// one transaction per batch; a batch that cannot be written fails the import with a reason users can act on.

/**
 * How many times in a row a batch that lost lock contests, already split down to the floor, is taken
 * up again later before the import fails.
 */
const CONTENDED_BATCH_RETRIES = 8;
/** A batch that lost lock contests is split in halves while it has more rows than this (ImportTuning.splitFloorRows). */
export const DEFAULT_SPLIT_FLOOR_ROWS = 10;
/** The wait before a contended batch is taken up again: doubling from this, up to the cap, half of it random. */
const CONTENDED_RETRY_BASE_MS = 200;
const CONTENDED_RETRY_CAP_MS = 10_000;

/**
 * Exponential backoff with jitter: the n-th wait is between half and all of base * 2^n (capped), so
 * the batch and the users' saves it lost against do not meet again in lockstep.
 */
export function contendedRetryDelayMs(tries: number, random: () => number = Math.random): number {
  const ceiling = Math.min(CONTENDED_RETRY_CAP_MS, CONTENDED_RETRY_BASE_MS * 2 ** tries);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Per import, the batch's lost lock contests in a row (this worker's; another worker starts over). */
const contendedBatches = new Map<string, number>();

/**
 * What a user is told when a batch could not be written. A driver's message carries the failing SQL
 * with its bound values (other people's names, emails, notes): it goes to the log, sanitised, and
 * never into the import's record. The app's own errors (a total past its column) say what is wrong.
 */
export function importFailureReason(err: unknown): string {
  if (err instanceof HttpError) return `Import stopped: ${err.message}`;
  if (isDatabaseUnavailable(err)) return IMPORT_STOPPED_DATABASE;
  return IMPORT_STOPPED;
}

export function createImportJob(
  { repo, tuning }: ImportServiceContext,
  pipeline: ImportPipeline,
  workerId: string,
  /** After an import completes: its contacts may repeat others (the duplicate scan runs). */
  importCompleted?: (accountId: string) => Promise<void>,
) {
  const splitFloorRows = tuning.splitFloorRows ?? DEFAULT_SPLIT_FLOOR_ROWS;

  /** Halves the contended batch's chunk; false at the floor, or when the split itself could not be made. */
  async function splitContendedChunk(importId: string): Promise<boolean> {
    try {
      return await repo.splitNextChunk(importId, workerId, splitFloorRows);
    } catch {
      return false;
    }
  }

  /**
   * The job: takes the import's lease and works through its pending rows batch by batch. Safe to
   * run any number of times, concurrently or after a crash.
   */
  async function runImportJob(importId: string): Promise<JobOutcome> {
    // Set for the next batch when the account's total moved under the last attempt (batch/write.ts).
    let figuresFirst = false;
    for (;;) {
      // Let requests in between batches: on the embedded SQLite driver every query is synchronous,
      // so without a turn of the event loop an import in the API process would hold up every
      // other request until its last batch.
      await new Promise((resolve) => setImmediate(resolve));
      if (!(await repo.acquireLease(importId, workerId, tuning.leaseMs))) {
        const row = await repo.findImportForJob(repo.knex, importId);
        if (!row || String(row.status) !== 'processing') return;
        // Someone else holds it (or held it and died): look again when the lease runs out.
        const until = row.leaseUntil ? new Date(row.leaseUntil as Date).getTime() : Date.now();
        return { retryAfterMs: Math.max(50, until - Date.now() + 50) };
      }
      let finished: { accountId: string } | null = null;
      try {
        finished = await repo.transaction(async (trx) => {
          const row = await repo.findImportForJob(trx, importId, true);
          if (!row || String(row.status) !== 'processing' || row.leaseOwner !== workerId) return null;
          const result = await pipeline.processBatch(trx, row, { figuresFirst });
          if (result.processed > 0) return null;
          if (toBool(row.receiving)) return { accountId: '' };
          await repo.updateImport(trx, importId, { status: 'completed', finishedAt: new Date(), leaseOwner: null, leaseUntil: null });
          return { accountId: String(row.accountId) };
        });
      } catch (err) {
        if (err instanceof AccountFiguresMoved && !figuresFirst) {
          figuresFirst = true;
          continue;
        }
        // A batch that kept losing lock contests (deadlocks, lock waits, Galera certification
        // conflicts) against users saving at the same moment, through every attempt of its
        // transaction, is work to redo, not a failed import. First in halves, at once: a smaller
        // batch holds fewer locks for less time, so it waits for the saves instead of losing to them
        // again. Its rows stay in one pending chunk each, so every row is still done exactly once.
        if (isRetryableLockError(err) && (await splitContendedChunk(importId))) continue;
        // Once at the floor, the job comes back to it a little later, a bounded number of times in a row.
        if (isRetryableLockError(err) && (contendedBatches.get(importId) ?? 0) < CONTENDED_BATCH_RETRIES) {
          const tries = (contendedBatches.get(importId) ?? 0) + 1;
          contendedBatches.set(importId, tries);
          await repo.releaseLease(importId, workerId);
          return { retryAfterMs: contendedRetryDelayMs(tries) };
        }
        contendedBatches.delete(importId);
        // A batch that cannot be written (not a row's data: those are skipped with a reason) stops
        // the import as failed; Retry continues from the first row not done. The error itself goes
        // to the job runner's log, sanitised there.
        await repo.updateImport(repo.knex, importId, {
          status: 'failed',
          failureReason: importFailureReason(err),
          leaseOwner: null,
          leaseUntil: null,
        });
        throw err;
      }
      contendedBatches.delete(importId);
      figuresFirst = false;
      if (finished) {
        if (finished.accountId === '') {
          // Waiting for the file's next batch: its request enqueues the job again.
          await repo.releaseLease(importId, workerId);
          if ((await repo.countPending(repo.knex, importId)) > 0) continue;
        } else await importCompleted?.(finished.accountId);
        return;
      }
    }
  }

  return { runImportJob };
}
