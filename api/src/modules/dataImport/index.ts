import type { Knex } from 'knex';
import type { AppConfig } from '../../config';
import { createJobQueue, type JobHandlers, type JobQueue } from '../../jobs';
import { payloadId } from '../../jobs/types';
import { createDataImportRepository } from './repository';
import { dataImportRoutes } from './routes';
import { createDataImportService, type DataImportService, type ImportTuning } from './service';

export { isImportUpload } from './routes';

type Logger = { error(msg: string, meta?: Record<string, unknown>): void };
export type JobQueueFactory = (handlers: JobHandlers) => JobQueue;

/**
 * Batch size and lease from config. Smart lists need no pass at the end: each batch brings them up
 * to date for its own contacts, in its transaction (contactLists/liveMembership.ts).
 */
export function importTuning(_knex: Knex, config: AppConfig): ImportTuning {
  return {
    batchSize: config.importBatchSize,
    leaseMs: config.importLeaseMs,
  };
}

/** The import service working through the given queue (the API's, or a standalone worker's). */
export function createImportService(knex: Knex, config: AppConfig, queue: JobQueue | null, importCompleted?: (accountId: string) => Promise<void>) {
  return createDataImportService(createDataImportRepository(knex), queue, importTuning(knex, config), importCompleted);
}

/** The jobs the import service runs (the API's queue and a standalone worker alike). */
export function importJobHandlers(service: () => DataImportService): Pick<JobHandlers, 'import' | 'import-undo'> {
  return {
    import: (payload) => service().runImportJob(payloadId(payload, 'importId')),
    'import-undo': (payload) => service().runUndoJob(payloadId(payload, 'importId')),
  };
}

/** Every job kind answered, the others' handlers beside the import's (one queue runs them all). */
export type OtherJobHandlers = Omit<JobHandlers, 'import' | 'import-undo'>;
const NO_OTHER_JOBS: OtherJobHandlers = { 'message-send': async () => undefined, 'duplicate-scan': async () => undefined };

/** What other modules hang on the import's queue: their jobs, and what follows a finished import. */
export type ImportModuleNeighbours = {
  handlers: OtherJobHandlers;
  /** Called when an import has finished (the duplicate scan runs after each import). */
  importCompleted?: (accountId: string) => Promise<void>;
};

/** The import module wired for the app (routes, service) with the job queue that runs its work. */
export function dataImportModule(
  knex: Knex,
  config: AppConfig,
  logger?: Logger,
  makeQueue?: JobQueueFactory,
  neighbours: ImportModuleNeighbours = { handlers: NO_OTHER_JOBS },
) {
  const handlers: JobHandlers = { ...importJobHandlers(() => service), ...neighbours.handlers };
  const queue = makeQueue ? makeQueue(handlers) : createJobQueue(config, handlers, logger);
  const service = createImportService(knex, config, queue, neighbours.importCompleted);
  return { routes: dataImportRoutes(service), service, queue };
}
