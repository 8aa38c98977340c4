import { batchSizeWithinWriteSet, galeraMaxWriteSetRows } from '../../db/writeSets';
import type { DataImportRepository } from './repository';

export type ImportTuning = {
  /** Rows per batch transaction. */
  batchSize: number;
  /** How long a job owns an import before another may take it over (a killed worker's lease runs out). */
  leaseMs: number;
  /** An import still receiving whose last batch of rows is older than this is failed as interrupted. */
  uploadTimeoutMs?: number;
  /** A batch that keeps losing lock contests is split in halves while it has more rows than this (importJob.ts). */
  splitFloorRows?: number;
};

/** Generous: a 200,000-row batch over a slow uplink takes minutes, and the wizard sends the next at once. */
export const DEFAULT_UPLOAD_TIMEOUT_MS = 15 * 60_000;
export const DEFAULT_IMPORT_TUNING: ImportTuning = { batchSize: 1000, leaseMs: 30_000 };

/**
 * The rows per batch (stored chunks, undo batches). On a Galera node a batch's write set must stay
 * under wsrep_max_ws_rows: asked of the database once, and again only after the question failed.
 */
export function boundedBatchSize(repo: DataImportRepository, tuning: ImportTuning): () => Promise<number> {
  let bounded: Promise<number> | null = null;
  return () => {
    bounded ??= galeraMaxWriteSetRows(repo.knex).then(
      (maxRows) => batchSizeWithinWriteSet(tuning.batchSize, maxRows),
      () => {
        bounded = null;
        return tuning.batchSize;
      },
    );
    return bounded;
  };
}
