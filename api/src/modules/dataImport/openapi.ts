import { z } from 'zod';
import {
  fingerprintQuerySchema,
  importDuplicatesRequestSchema,
  importLimitsRequestSchema,
  importFixSkippedRequestSchema,
  importHistoryQuerySchema,
  importRequestSchema,
  importRowsRequestSchema,
  importSkippedQuerySchema,
} from '@caucus/contract';
import {
  importHistoryResponseSchema,
  importLimitsResponseSchema,
  importRecordResponseSchema,
  importSkippedResponseSchema,
  importStartResponseSchema,
  importUndoResponseSchema,
} from '@caucus/contract/dataImport.responses';
import { describeRoutes } from '../../openapi/describe';

const possibleDuplicateGift = z.object({
  id: z.string(),
  contactId: z.string(),
  contactName: z.string(),
  donationAmount: z.number(),
  donationDate: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  checkNumber: z.string().nullable(),
  transactionId: z.string().nullable(),
});
const fingerprintResponse = z.object({
  message: z.string().nullable(),
  imports: z.array(
    z.object({
      id: z.string(),
      fileName: z.string(),
      createdAt: z.string().nullable(),
      rows: z.number(),
      recordsImported: z.number(),
      createdBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
    }),
  ),
});
const duplicatesResponse = z.object({
  duplicates: z.array(
    z.object({ rowNumber: z.number(), reason: z.string(), existing: possibleDuplicateGift.nullable(), duplicateOfRow: z.number().nullable() }),
  ),
});

export const dataImportApi = describeRoutes('Data import', {
  'GET /api/data-import/fingerprint': {
    summary: 'Standing imports of a file with the same content',
    description:
      "fingerprint: the file's content fingerprint (contract fileFingerprint: the normalised rows, whatever the file's name or format). Lists the imports of the same content that were not undone, newest first, with the sentence the wizard shows ('This file was imported on Nov 25 by Dana Whitfield (1,985 rows)'); message is null when there is none.",
    query: fingerprintQuerySchema,
    data: fingerprintResponse,
  },
  'POST /api/data-import/duplicates': {
    summary: "The review's possible duplicate gifts",
    description:
      'Rows as they will be sent, keyed by the headers, with their row numbers (at most 5,000 per request). A row whose gift matches one already recorded (same contact after matching, amount, date, and check number or method) names that gift; a row repeating an earlier row of the request names that row. The import skips them unless includeDuplicates names them.',
    body: importDuplicatesRequestSchema,
    data: duplicatesResponse,
  },
  'POST /api/data-import/limits': {
    summary: "The review's contribution limit warnings",
    description:
      "The duplicates check's rows plus the campaign they go to. Each gift is added to its contributor's aggregate for the election it would be designated to (recorded gifts, then the file's earlier rows); every row that takes it past the limit is listed.",
    body: importLimitsRequestSchema,
    data: importLimitsResponseSchema,
  },
  'POST /api/data-import/import': {
    summary: 'Start an import of mapped rows',
    description:
      'Rows are the kept rows of the file, keyed by its headers (at most 200,000 per request; send the rest with POST /api/data-import/:id/rows and hasMore). Every row is checked again on the server and ends imported or skipped with a reason. skippedRows are the rows the review skipped (row number, cells, reason): the import keeps them, counts them as skipped, lists them in its report and can import them once fixed (POST /api/data-import/:id/skipped). fingerprint: the content fingerprint of the file; 409 with the date, author and size of the earlier import when the same content was imported before and not undone, unless importAnyway is true. Possible duplicate gifts (of a gift already recorded, or of an earlier row) are skipped with their reason unless includeDuplicates names their row numbers (or is all).',
    body: importRequestSchema,
    status: 202,
    data: importStartResponseSchema,
  },
  'GET /api/data-import/history': {
    summary: 'Past imports: filtered by status, sorted, a page at a time',
    description:
      'status: completed, failed or processing (absent: all). sort: date (newest first, the default), fileName (A-Z), importType (A-Z) or recordsImported (highest first); ties newest first. An upload that stopped between batches for longer than the upload timeout shows as failed (Upload interrupted).',
    query: importHistoryQuerySchema,
    data: importHistoryResponseSchema,
  },
  'GET /api/data-import/:id': {
    summary: 'One import with its counts and progress',
    data: importRecordResponseSchema,
  },
  'POST /api/data-import/:id/rows': {
    summary: "A further batch of a big file's rows",
    body: importRowsRequestSchema,
    status: 202,
    data: importStartResponseSchema,
  },
  'GET /api/data-import/:id/skipped': {
    summary: "The import's skipped rows, a page at a time in file order, with their cells and reasons",
    description: "Skipped in the browser's review (source review) or by the import (source server). 404 for another account's import.",
    query: importSkippedQuerySchema,
    data: importSkippedResponseSchema,
  },
  'POST /api/data-import/:id/skipped': {
    summary: 'Import skipped rows, corrected, into the same import',
    description:
      'Each row names a skipped row of the import by its row number and gives its cells keyed by the headers. The rows leave the skipped rows and are imported like the others (checked again: a row still wrong is skipped again with its reason); history, report and undo cover them. 400 when a row is not a skipped row of the import; 409 when the import failed (retry it first) or was undone.',
    body: importFixSkippedRequestSchema,
    status: 202,
    data: importRecordResponseSchema,
  },
  'GET /api/data-import/:id/report': {
    summary: "CSV of every skipped row (the review's and the import's): its row number, values and reason",
    responses: {
      '200': { description: 'The report', content: { 'text/csv': { schema: z.string() } } },
      '404': { description: 'Import not found' },
    },
  },
  'POST /api/data-import/:id/retry': {
    summary: 'Continue a failed import from the first row not done',
    description: '409 unless the import failed (or was canceled), and for an import that was undone.',
    data: importRecordResponseSchema,
  },
  'POST /api/data-import/:id/cancel': {
    summary: 'Stop an import in progress (the wizard calls it when a batch of a big file could not be sent)',
    description:
      'The import ends failed with "Upload interrupted" (rows were still expected) or "Import canceled"; Retry then imports the rows that arrived, Undo takes back what was imported. 409 when the import is not in progress.',
    data: importRecordResponseSchema,
  },
  'POST /api/data-import/:id/undo': {
    summary: 'Take back what the import created and filled; every total is restored',
    description:
      "Runs as a job, a batch of the import's gifts at a time: the import's undo says running with done of total gifts removed (the history polls it), failed (Undo again continues where it stopped) or done with what was removed. 409 when the import was already undone, is still importing, or its undo is running.",
    status: 202,
    data: importUndoResponseSchema,
  },
});
