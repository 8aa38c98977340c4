import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { JobQueue } from '../../jobs/types';
import type { ImportServiceContext } from './context';
import { createImportHistory } from './history';
import { createImportJob } from './importJob';
import { createImportPipeline } from './pipeline';
import { createImportPreview } from './preview';
import { skippedRowsReport } from './report';
import type { DataImportRepository } from './repository';
import { createImportRunControl } from './runControl';
import { createSkippedRows } from './skippedRows';
import { boundedBatchSize, DEFAULT_IMPORT_TUNING, type ImportTuning } from './tuning';
import { createImportUndo } from './undo';
import { createImportUploads } from './uploads';

// The import service: its parts wired over one repository, job queue and tuning. Each part is a job
// of its own (history.ts, preview.ts, uploads.ts, skippedRows.ts, runControl.ts, importJob.ts, the
// batch in pipeline.ts, report.ts, undo.ts); docs/adr/0007-import-pipeline-and-jobs.md says how they fit.

export * from './messages';
export { importFailureReason } from './importJob';
export { toImportRecord } from './history';
export { DEFAULT_IMPORT_TUNING, DEFAULT_UPLOAD_TIMEOUT_MS, type ImportTuning } from './tuning';

export function createDataImportService(
  repo: DataImportRepository,
  jobs: JobQueue | null,
  tuning: ImportTuning = DEFAULT_IMPORT_TUNING,
  /** After an import completes: its contacts may repeat others (the duplicate scan runs). */
  importCompleted?: (accountId: string) => Promise<void>,
) {
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const history = createImportHistory(repo, tuning);
  const context: ImportServiceContext = {
    repo,
    jobs,
    tuning,
    batchSize: boundedBatchSize(repo, tuning),
    enqueue: async (importId) => {
      if (jobs) await jobs.enqueue('import', { importId });
    },
    history,
  };

  return {
    workerId,
    history: history.history,
    get: history.get,
    ...createImportPreview(repo),
    ...createImportUploads(context),
    ...createSkippedRows(context),
    ...createImportJob(context, createImportPipeline(repo), workerId, importCompleted),
    ...createImportRunControl(context),
    report: (accountId: string, id: string) => skippedRowsReport(repo, accountId, id),
    ...createImportUndo(context),
  };
}

export type DataImportService = ReturnType<typeof createDataImportService>;
