import type { z } from 'zod';
import type { ImportHistoryRecord, importHistoryQuerySchema, ImportHistoryResponse } from '../../contract';
import { toInt, toIsoDateTime } from '../../db/values';
import type { DataImportRepository } from './repository';

type Row = Record<string, unknown>;
const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export function toImportRecord(row: Row, errors: { messages: string[]; count: number } | undefined): ImportHistoryRecord {
  const failure = str(row.failureReason);
  const messages = errors?.messages ?? [];
  return {
    id: String(row.id),
    fileName: String(row.fileName),
    importType: String(row.importType) as ImportHistoryRecord['importType'],
    status: String(row.status) as ImportHistoryRecord['status'],
    campaignId: str(row.campaignId),
    campaignName: str(row.campaignName),
    recordsTotal: toInt(row.recordsTotal),
    recordsImported: toInt(row.recordsImported),
    recordsSkipped: toInt(row.recordsSkipped),
    // A whole-import failure reads first: it explains why the counts stopped.
    errors: failure ? [failure, ...messages] : messages,
    errorCount: (errors?.count ?? 0) + (failure ? 1 : 0),
    createdAt: toIsoDateTime(row.createdAt as Date | null),
    completedAt: toIsoDateTime(row.finishedAt as Date | null),
    createdBy:
      row.creatorFirstName !== null && row.creatorFirstName !== undefined
        ? { firstName: String(row.creatorFirstName), lastName: String(row.creatorLastName ?? '') }
        : null,
  };
}

export function createDataImportService(repo: DataImportRepository) {
  return {
    async history(accountId: string, query: z.output<typeof importHistoryQuerySchema>): Promise<ImportHistoryResponse> {
      const { rows, total } = await repo.history(accountId, query.limit, (query.page - 1) * query.limit);
      const errors = await repo.errorsFor(
        accountId,
        rows.map((row) => String(row.id)),
      );
      return {
        imports: rows.map((row) => toImportRecord(row, errors.get(String(row.id)))),
        total,
        page: query.page,
        limit: query.limit,
      };
    },
  };
}

export type DataImportService = ReturnType<typeof createDataImportService>;
