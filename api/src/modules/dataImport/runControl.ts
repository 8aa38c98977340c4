import type { ImportHistoryRecord } from '@caucus/contract';
import { toBool } from '../../db/values';
import { Conflict, NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import type { ImportServiceContext } from './context';
import { IMPORT_CANCELLED, IMPORT_NOT_FOUND, ONLY_FAILED_RETRIED, ONLY_PROCESSING_CANCELLED, UNDONE_IMPORT_NOT_RETRIED, UPLOAD_INTERRUPTED } from './messages';

/** Starting an import's job again (retry, after a restart) and stopping it (cancel). */
export function createImportRunControl({ repo, jobs, enqueue, history }: ImportServiceContext) {
  return {
    /** Imports left processing by a stop or a crash: queue them again (idempotent). */
    async resumeUnfinished(): Promise<number> {
      await history.failStalledUploads(null);
      const ids = await repo.processingImportIds();
      for (const id of ids) await enqueue(id);
      const undoing = await repo.undoingImportIds();
      if (jobs) for (const id of undoing) await jobs.enqueue('import-undo', { importId: id });
      return ids.length + undoing.length;
    },

    async retry(accountId: string, id: string): Promise<ImportHistoryRecord> {
      assertIdOr404(id, IMPORT_NOT_FOUND);
      await repo.transaction(async (trx) => {
        const row = await repo.findImport(trx, accountId, id, true);
        if (!row) throw new NotFound(IMPORT_NOT_FOUND);
        // Undo took back what the import did; continuing it would bring back only its later rows.
        if (row.undoneAt || row.undoStatus) throw new Conflict(UNDONE_IMPORT_NOT_RETRIED);
        if (String(row.status) !== 'failed') throw new Conflict(ONLY_FAILED_RETRIED);
        // An interrupted upload is retried with what arrived: no more rows are coming.
        await repo.updateImport(trx, id, { status: 'processing', receiving: false, failureReason: null, finishedAt: null, leaseOwner: null, leaseUntil: null });
      });
      await enqueue(id);
      return history.record(accountId, id);
    },

    /**
     * Stops an import in progress: the wizard calls it when a batch of a big file could not be sent
     * (the import would otherwise wait for rows that never come), and a user may stop a running
     * import. The batch being written finishes first (it holds the import's row); the import is then
     * failed with its reason, so Retry continues it and Undo takes it back.
     */
    async cancel(accountId: string, id: string): Promise<ImportHistoryRecord> {
      assertIdOr404(id, IMPORT_NOT_FOUND);
      await repo.transaction(async (trx) => {
        const row = await repo.findImport(trx, accountId, id, true);
        if (!row) throw new NotFound(IMPORT_NOT_FOUND);
        if (String(row.status) !== 'processing') throw new Conflict(ONLY_PROCESSING_CANCELLED);
        await repo.updateImport(trx, id, {
          status: 'failed',
          failureReason: toBool(row.receiving) ? UPLOAD_INTERRUPTED : IMPORT_CANCELLED,
          receiving: false,
          leaseOwner: null,
          leaseUntil: null,
        });
      });
      return history.record(accountId, id);
    },
  };
}
