import type { z } from 'zod';
import type { ImportHistoryRecord, importFixSkippedRequestSchema, importSkippedQuerySchema, ImportSkippedResponse } from '@caucus/contract';
import { toJsonArray } from '../../db/values';
import { BadRequest, Conflict, NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import type { ImportServiceContext } from './context';
import { withIncluded } from './duplicates';
import { FAILED_IMPORT_NOT_FIXED, IMPORT_NOT_FOUND, notSkippedRowMessage, UNDONE_IMPORT_NOT_FIXED } from './messages';
import { rowsToStore } from './uploads';

// An import's skipped rows (GET/POST /api/data-import/:id/skipped): read a page at a time, and
// corrected ones imported into the same import (docs/adr/0007-import-pipeline-and-jobs.md).

/** A row keyed by the import's headers, from its cells in header order (what the fix table edits). */
function keyedCells(headers: string[], cells: unknown[]): Record<string, string> {
  const keyed: Record<string, string> = {};
  headers.forEach((header, i) => {
    const value = cells[i];
    keyed[header] = value === null || value === undefined ? '' : String(value);
  });
  return keyed;
}

export function createSkippedRows({ repo, batchSize, enqueue, history }: ImportServiceContext) {
  return {
    /** The import's skipped rows, a page at a time in file order, keyed by its headers (the fix table). */
    async skipped(accountId: string, id: string, query: z.output<typeof importSkippedQuerySchema>): Promise<ImportSkippedResponse> {
      assertIdOr404(id, IMPORT_NOT_FOUND);
      const row = await repo.findImport(repo.knex, accountId, id);
      if (!row) throw new NotFound(IMPORT_NOT_FOUND);
      const headers = toJsonArray<string>(row.headers);
      const { rows, total } = await repo.skippedPage(accountId, id, query.limit, (query.page - 1) * query.limit);
      return {
        headers,
        mapping: JSON.parse(String(row.mapping ?? '{}')) as Record<string, string>,
        rows: rows.map((r) => ({ rowNumber: r.rowNumber, cells: keyedCells(headers, r.cells), reason: r.reason, source: r.source ?? 'server' })),
        total,
        page: query.page,
        limit: query.limit,
        totalPages: Math.max(1, Math.ceil(total / query.limit)),
      };
    },

    /**
     * Skipped rows, corrected, imported into the same import: they leave the skipped rows, go to a
     * chunk of their own with their numbers in the file, and the job works them like any other row
     * (checked again; a row still wrong is skipped again with its reason). The import's history,
     * report and undo cover them because they are its rows.
     */
    async fixSkipped(accountId: string, id: string, input: z.output<typeof importFixSkippedRequestSchema>): Promise<ImportHistoryRecord> {
      assertIdOr404(id, IMPORT_NOT_FOUND);
      await repo.transaction(async (trx) => {
        const row = await repo.findImport(trx, accountId, id, true);
        if (!row) throw new NotFound(IMPORT_NOT_FOUND);
        if (row.undoneAt || row.undoStatus) throw new Conflict(UNDONE_IMPORT_NOT_FIXED);
        // A completed import, or one still working (the fixes of a big table go up in several
        // requests, and each sets the import working again); a failed one is retried first.
        if (String(row.status) === 'failed') throw new Conflict(FAILED_IMPORT_NOT_FIXED);
        const wanted = input.rows.map((r) => r.rowNumber);
        const taken = await repo.takeSkipped(trx, id, wanted);
        const found = new Set(taken.map((r) => r.rowNumber));
        const missing = wanted.filter((n) => !found.has(n)).sort((x, y) => x - y);
        if (missing.length > 0) throw new BadRequest(notSkippedRowMessage(missing), { rows: notSkippedRowMessage(missing) });
        const headers = toJsonArray<string>(row.headers);
        const rows = rowsToStore(
          headers,
          input.rows.map((r) => r.row),
          input.rows.map((r) => r.rowNumber),
          1,
        );
        await repo.insertChunks(trx, accountId, id, rows, await batchSize());
        await repo.addCounts(trx, id, { recordsSkipped: -rows.length });
        // A skipped duplicate that the user sends again is one they chose to import.
        await repo.updateImport(trx, id, {
          status: 'processing',
          finishedAt: null,
          failureReason: null,
          leaseOwner: null,
          leaseUntil: null,
          duplicatesIncluded: withIncluded(row, wanted),
        });
      });
      await enqueue(id);
      return history.record(accountId, id);
    },
  };
}
