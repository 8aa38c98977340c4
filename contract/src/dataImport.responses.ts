// What the import routes answer, as zod schemas: the source of the response types in dataImport.ts and
// of the OpenAPI document. Not re-exported from index.ts; the frontends import their types only
// (common.responses.ts).
import { z } from 'zod';
import { instant, nullableText, personName, text } from './common.responses';
import { IMPORT_STATUS_VALUES, IMPORT_TYPE_VALUES } from './dataImport';

export const importRecordSchema = z.object({
  id: text,
  fileName: text,
  importType: z.enum(IMPORT_TYPE_VALUES),
  status: z.enum(IMPORT_STATUS_VALUES),
  campaignId: nullableText,
  campaignName: nullableText,
  recordsTotal: z.number(),
  recordsImported: z.number(),
  recordsSkipped: z.number(),
  contactsCreated: z.number().meta({ description: 'New contacts the import made' }),
  contactsUpdated: z.number().meta({ description: 'Existing contacts whose empty fields it filled' }),
  progress: z.number().meta({ description: 'Rows done (imported + skipped) of recordsTotal, 0-100' }),
  receiving: z.boolean().meta({ description: 'Further batches of the file are still being sent' }),
  errors: z.array(text).meta({ description: "The first errors (up to 20, the import's own failure reason first)" }),
  errorCount: z.number().meta({ description: 'How many errors there are in all, for "+N more errors"' }),
  createdAt: instant,
  completedAt: instant,
  undoneAt: instant,
  undo: z
    .object({
      status: z.enum(['running', 'failed', 'done']),
      done: z.number().meta({ description: 'Gifts (donations and pledges) removed so far' }),
      total: z.number().meta({ description: 'Gifts the import made when the undo started' }),
      removed: z.object({ donations: z.number(), pledges: z.number(), notes: z.number(), contacts: z.number(), associations: z.number() }),
      restoredContacts: z.number(),
    })
    .nullable()
    .meta({ description: 'The undo, a job: running with its progress, failed (Undo again continues), or done with what it removed; null when never undone' }),
  createdBy: personName.nullable(),
});

export const importHistoryResponseSchema = z.object({
  imports: z.array(importRecordSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  totalPages: z.number(),
});

export const importStartResponseSchema = z.object({ message: text, importId: text, recordsToProcess: z.number() });
export const importSkippedResponseSchema = z.object({
  headers: z.array(text),
  mapping: z.record(z.string(), text).meta({ description: "The import's mapping: header -> target field" }),
  rows: z.array(
    z.object({
      rowNumber: z.number().meta({ description: 'The row in the file (1 = the first data row)' }),
      cells: z.record(z.string(), text).meta({ description: "The row's cells keyed by the file's headers" }),
      reason: text,
      source: z
        .enum(['review', 'server'])
        .meta({ description: "review: skipped in the browser's review, never sent to be imported; server: skipped by the import" }),
    }),
  ),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  totalPages: z.number(),
});
export const importRecordResponseSchema = z.object({ import: importRecordSchema });
export const importUndoResponseSchema = z.object({ import: importRecordSchema });

export const importLimitWarningSchema = z.object({
  rowNumber: z.number().int(),
  /** The contact the row matched; null when the import will create the contributor. */
  contactId: z.string().nullable(),
  contributor: z.string(),
  electionCode: z.string(),
  /** The contributor's aggregate for the election before this row: recorded gifts, then the file's earlier rows. */
  aggregate: z.number(),
  after: z.number(),
  limit: z.number(),
  message: z.string(),
});
export const importLimitsResponseSchema = z.object({ warnings: z.array(importLimitWarningSchema) });
