import { z } from 'zod';
import { importHistoryQuerySchema, importRequestSchema, importRowsRequestSchema } from '../../contract';
import {
  importHistoryResponseSchema,
  importRecordResponseSchema,
  importStartResponseSchema,
  importUndoResponseSchema,
} from '../../contract/responses';
import { describeRoutes } from '../../openapi/describe';

export const dataImportApi = describeRoutes('Data import', {
  'POST /api/data-import/import': {
    summary: 'Start an import of mapped rows',
    description:
      'Rows are the kept rows of the file, keyed by its headers (at most 200,000 per request; send the rest with POST /api/data-import/:id/rows and hasMore). Every row is checked again on the server and ends imported or skipped with a reason.',
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
  'GET /api/data-import/:id/report': {
    summary: 'CSV of every skipped row: its row number, values and reason',
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
    data: importUndoResponseSchema,
  },
});
