import type { Knex } from 'knex';
import type { AppConfig } from '../../config';
import { createJobQueue, type JobHandlers, type JobQueue } from '../../jobs';
import { importIdOf, scanIdOf } from '../../jobs/types';
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

/** Work of other modules that shares the import's queue: the duplicate scan, run after each import too. */
export type ImportModuleHooks = {
  duplicateScan?: (scanId: string) => Promise<void>;
  importCompleted?: (accountId: string) => Promise<void>;
};

/** The jobs the queue runs (the API's queue and a standalone worker alike). */
export function importJobHandlers(service: () => DataImportService, hooks: ImportModuleHooks = {}): JobHandlers {
  return {
    import: (payload) => service().runImportJob(importIdOf(payload)),
    'import-undo': (payload) => service().runUndoJob(importIdOf(payload)),
    'duplicate-scan': async (payload) => {
      await hooks.duplicateScan?.(scanIdOf(payload));
    },
  };
}

/** The import module wired for the app (routes, service) with the job queue that runs its work. */
export function dataImportModule(knex: Knex, config: AppConfig, logger?: Logger, makeQueue?: JobQueueFactory, hooks: ImportModuleHooks = {}) {
  const handlers = importJobHandlers(() => service, hooks);
  const queue = makeQueue ? makeQueue(handlers) : createJobQueue(config, handlers, logger);
  const service = createImportService(knex, config, queue, hooks.importCompleted);
  return { routes: dataImportRoutes(service), service, queue };
}
