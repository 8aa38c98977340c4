import { z } from 'zod';
import { queryInt } from './common';

export const IMPORT_STATUS_VALUES = ['processing', 'completed', 'failed'] as const;
export const IMPORT_TYPE_VALUES = ['contacts', 'associates', 'donations', 'pledges', 'mixed'] as const;

export const importHistoryQuerySchema = z.object({
  page: queryInt('page', 1, 1_000_000, 1),
  limit: queryInt('limit', 1, 100, 10),
});

export type ImportHistoryQuery = z.input<typeof importHistoryQuerySchema>;

export type ImportHistoryRecord = {
  id: string;
  fileName: string;
  importType: (typeof IMPORT_TYPE_VALUES)[number];
  status: (typeof IMPORT_STATUS_VALUES)[number];
  campaignId: string | null;
  campaignName: string | null;
  recordsTotal: number;
  recordsImported: number;
  recordsSkipped: number;
  /** The first errors (up to 20, the import's own failure reason first). */
  errors: string[];
  /** How many errors there are in all, for "+N more errors". */
  errorCount: number;
  createdAt: string | null;
  completedAt: string | null;
  createdBy: { firstName: string; lastName: string } | null;
};

/** data of GET /api/data-import/history */
export type ImportHistoryResponse = { imports: ImportHistoryRecord[]; total: number; page: number; limit: number };
