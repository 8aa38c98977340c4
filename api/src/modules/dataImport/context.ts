import type { JobQueue } from '../../jobs/types';
import type { ImportHistory } from './history';
import type { DataImportRepository } from './repository';
import type { ImportTuning } from './tuning';

/** What the parts of the import service share (service.ts wires them). */
export type ImportServiceContext = {
  repo: DataImportRepository;
  /** The job queue; null where the caller runs the jobs itself (tests, scripts). */
  jobs: JobQueue | null;
  tuning: ImportTuning;
  /** Rows per batch, bounded by the database's write set (tuning.ts). */
  batchSize: () => Promise<number>;
  /** Queues the import's job. */
  enqueue: (importId: string) => Promise<void>;
  history: Pick<ImportHistory, 'failStalledUploads' | 'record'>;
};
