import type { z } from 'zod';
import { DEFAULT_IMPORT_HISTORY_SORT, type ImportHistoryRecord, type importHistoryQuerySchema, type ImportHistoryResponse } from '@caucus/contract';
import { toBool, toInt, toIsoDateTime } from '../../db/values';
import { NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { IMPORT_NOT_FOUND, UPLOAD_INTERRUPTED } from './messages';
import type { DataImportRepository, ImportHistoryRow } from './repository';
import { DEFAULT_UPLOAD_TIMEOUT_MS, type ImportTuning } from './tuning';
import { EMPTY_UNDO_RESULT, readUndoResult, type UndoResult } from './undoResult';

// Import History: the imports as their cards show them (counts, progress, errors, undo). Reading them
// is also when an upload that went quiet is failed (docs/adr/0007-import-pipeline-and-jobs.md).

export function toImportRecord(row: ImportHistoryRow, errors: { messages: string[]; count: number } | undefined): ImportHistoryRecord {
  const failure = row.failureReason ?? null;
  const messages = errors?.messages ?? [];
  const total = toInt(row.recordsTotal);
  const done = toInt(row.recordsImported) + toInt(row.recordsSkipped);
  return {
    id: row.id,
    fileName: row.fileName,
    importType: row.importType,
    status: row.status,
    campaignId: row.campaignId ?? null,
    campaignName: row.campaignName ?? null,
    recordsTotal: total,
    recordsImported: toInt(row.recordsImported),
    recordsSkipped: toInt(row.recordsSkipped),
    contactsCreated: toInt(row.contactsCreated),
    contactsUpdated: toInt(row.contactsUpdated),
    progress: total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0,
    receiving: toBool(row.receiving),
    // A whole-import failure reads first: it explains why the counts stopped.
    errors: failure ? [failure, ...messages] : messages,
    errorCount: (errors?.count ?? 0) + (failure ? 1 : 0),
    createdAt: toIsoDateTime(row.createdAt),
    completedAt: toIsoDateTime(row.finishedAt),
    undoneAt: toIsoDateTime(row.undoneAt),
    undo: undoOf(row),
    createdBy:
      row.creatorFirstName !== null && row.creatorFirstName !== undefined ? { firstName: row.creatorFirstName, lastName: row.creatorLastName ?? '' } : null,
  };
}

/** What an undo did so far (undo_result), as the history shows it. */
function undoOf(row: ImportHistoryRow): ImportHistoryRecord['undo'] {
  const status = row.undoStatus ?? null;
  if (status !== 'running' && status !== 'failed' && status !== 'done') return null;
  let result: UndoResult = EMPTY_UNDO_RESULT;
  try {
    result = readUndoResult(row.undoResult);
  } catch {
    // A result that cannot be read shows as nothing removed yet; the counts still say how far it is.
  }
  return { status, done: toInt(row.undoDone), total: toInt(row.undoTotal), removed: { ...result.removed }, restoredContacts: toInt(result.restoredContacts) };
}

export type ImportHistory = ReturnType<typeof createImportHistory>;

export function createImportHistory(repo: DataImportRepository, tuning: ImportTuning) {
  /** Fails uploads that went quiet (the browser closed mid-file): checked whenever imports are read or resumed. */
  async function failStalledUploads(accountId: string | null): Promise<void> {
    const cutoff = new Date(Date.now() - (tuning.uploadTimeoutMs ?? DEFAULT_UPLOAD_TIMEOUT_MS));
    await repo.failStalledUploads(accountId, cutoff, UPLOAD_INTERRUPTED);
  }

  /** One import's card. */
  async function record(accountId: string, id: string): Promise<ImportHistoryRecord> {
    const row = await repo.findForHistory(accountId, id);
    if (!row) throw new NotFound(IMPORT_NOT_FOUND);
    const errors = await repo.errorsFor(accountId, [id]);
    return toImportRecord(row, errors.get(id));
  }

  return {
    failStalledUploads,
    record,

    async history(accountId: string, query: z.output<typeof importHistoryQuerySchema>): Promise<ImportHistoryResponse> {
      await failStalledUploads(accountId);
      const { rows, total } = await repo.history(accountId, {
        status: query.status,
        sort: query.sort ?? DEFAULT_IMPORT_HISTORY_SORT,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      const errors = await repo.errorsFor(
        accountId,
        rows.map((row) => String(row.id)),
      );
      return {
        imports: rows.map((row) => toImportRecord(row, errors.get(String(row.id)))),
        total,
        page: query.page,
        limit: query.limit,
        totalPages: Math.max(1, Math.ceil(total / query.limit)),
      };
    },

    async get(accountId: string, id: string): Promise<ImportHistoryRecord> {
      assertIdOr404(id, IMPORT_NOT_FOUND);
      await failStalledUploads(accountId);
      return record(accountId, id);
    },
  };
}
