// What POST /api/disbursements/import answers, as zod schemas: the source of the response types in
// disbursementImport.ts and of the OpenAPI document. Not re-exported from index.ts; the frontends
// import their types only (common.responses.ts).
import { z } from 'zod';
import { DISBURSEMENT_IMPORT_FIELDS } from './disbursementImport';

export const disbursementImportRowErrorSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  errors: z.array(
    z.object({ field: z.enum(DISBURSEMENT_IMPORT_FIELDS, { error: 'Field must be one of the import columns' }).nullable(), message: z.string() }),
  ),
});
export const disbursementImportResponseSchema = z.object({
  imported: z.number().int(),
  total: z.number().meta({ description: 'Dollars imported' }),
  disbursementIds: z.array(z.string()),
  skipped: z.array(disbursementImportRowErrorSchema),
});
