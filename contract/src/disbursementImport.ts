import { z } from 'zod';
import type { disbursementImportResponseSchema, disbursementImportRowErrorSchema } from './disbursementImport.responses';
import { disbursementInputSchema, type DisbursementValues } from './fecReports';
import { parseImportAmount, parseImportDate } from './importValues';

// Disbursements imported from a CSV or XLSX file: the browser reads the file and maps its columns
// (the contact import's parsers), sends the mapped cells as text, and every row is checked here
// with the same contract as the disbursement form, in the browser for the review and again on the server.

export const DISBURSEMENT_IMPORT_FIELDS = [
  'payee',
  'amount',
  'date',
  'purpose',
  'categoryCode',
  'checkNumber',
  'memo',
  'street',
  'city',
  'state',
  'zip',
] as const;
export type DisbursementImportField = (typeof DISBURSEMENT_IMPORT_FIELDS)[number];
export const DISBURSEMENT_IMPORT_LABELS: Record<DisbursementImportField, string> = {
  payee: 'Payee',
  amount: 'Amount',
  date: 'Date',
  purpose: 'Purpose',
  categoryCode: 'Category',
  checkNumber: 'Check number',
  memo: 'Memo',
  // Schedule B itemizes a payee paid over $200 in a period with its address.
  street: 'Street',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
};
export const REQUIRED_DISBURSEMENT_IMPORT_FIELDS: readonly DisbursementImportField[] = ['payee', 'amount', 'date', 'purpose'];
export const MAX_DISBURSEMENT_IMPORT_ROWS = 5000;

export type DisbursementImportCells = Partial<Record<DisbursementImportField, string>>;
export type DisbursementImportError = { field: DisbursementImportField | null; message: string };

/** The form's field each import column fills, so the form's messages name the column they came from. */
const COLUMN_OF: Record<string, DisbursementImportField> = {
  payeeOrganizationName: 'payee',
  amount: 'amount',
  disbursementDate: 'date',
  purpose: 'purpose',
  categoryCode: 'categoryCode',
  checkNumber: 'checkNumber',
  memo: 'memo',
  payeeStreet1: 'street',
  payeeCity: 'city',
  payeeState: 'state',
  payeeZip: 'zip',
};

/** A ZIP code a spreadsheet stored as a number lost its leading zeros: 2134 is 02134. */
function zipOf(text: string): string {
  const digits = text.replace(/[\s-]/g, '');
  if (/^\d{3,4}$/.test(digits)) return digits.padStart(5, '0');
  if (/^\d{7,8}$/.test(digits)) return digits.padStart(9, '0');
  return text.trim();
}

/** "6", "06", "006" and "006 Advertising" all mean the FEC category 006. */
function categoryOf(text: string): string {
  const match = /^\s*(\d{1,3})\b/.exec(text);
  return match ? match[1].padStart(3, '0') : text.trim();
}

/** One mapped row -> the disbursement it records, or the errors naming its columns by label. */
export function disbursementFromImportRow(
  committeeId: string,
  cells: DisbursementImportCells,
): { values: DisbursementValues | null; errors: DisbursementImportError[] } {
  const text = (field: DisbursementImportField) => (cells[field] ?? '').trim();
  const errors: DisbursementImportError[] = [];
  if (DISBURSEMENT_IMPORT_FIELDS.every((field) => text(field) === '')) return { values: null, errors: [{ field: null, message: 'Row appears to be empty' }] };
  // Checked here too: the form's payee rule runs only once every other field is valid.
  for (const field of REQUIRED_DISBURSEMENT_IMPORT_FIELDS)
    if (text(field) === '') errors.push({ field, message: `${DISBURSEMENT_IMPORT_LABELS[field]} is required` });
  const amount = text('amount') === '' ? null : parseImportAmount(text('amount'));
  if (text('amount') !== '' && amount === null) errors.push({ field: 'amount', message: `${DISBURSEMENT_IMPORT_LABELS.amount} must be a number` });
  const date = text('date') === '' ? null : parseImportDate(text('date'));
  if (text('date') !== '' && date === null)
    errors.push({ field: 'date', message: `${DISBURSEMENT_IMPORT_LABELS.date} must be a real date (YYYY-MM-DD or MM/DD/YYYY)` });
  const checkNumber = text('checkNumber');
  const parsed = disbursementInputSchema.safeParse({
    committeeId,
    kind: 'operating',
    entityType: 'ORG',
    payeeOrganizationName: text('payee'),
    // An unreadable amount or date has its own message above; the form's rule would only repeat it.
    amount: amount ?? undefined,
    disbursementDate: date ?? '',
    purpose: text('purpose'),
    categoryCode: categoryOf(text('categoryCode')),
    paymentMethod: checkNumber ? 'check' : 'other',
    checkNumber,
    memo: text('memo'),
    payeeStreet1: text('street'),
    payeeCity: text('city'),
    payeeState: text('state'),
    payeeZip: zipOf(text('zip')),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = COLUMN_OF[String(issue.path[0])] ?? null;
      // The payee's message names the form's field; the file's column is the payee.
      const message = field === 'payee' ? issue.message.replace(/^Payee organization\b/, 'Payee') : issue.message;
      if (!errors.some((e) => e.field === field)) errors.push({ field, message });
    }
  }
  return { values: parsed.success && errors.length === 0 ? parsed.data : null, errors };
}

/** Body of POST /api/disbursements/import */
export const disbursementImportRequestSchema = z.object({
  committeeId: z.string({ error: 'Committee is required' }).min(1, 'Committee is required').max(36, 'Committee is required'),
  rows: z
    .array(z.partialRecord(z.enum(DISBURSEMENT_IMPORT_FIELDS), z.string().max(1000, 'A cell is too long')), { error: 'Rows must be a list of mapped rows' })
    .min(1, 'The file has no rows to import')
    .max(MAX_DISBURSEMENT_IMPORT_ROWS, `At most ${MAX_DISBURSEMENT_IMPORT_ROWS} rows per import`),
  /** false: nothing is written when any row has an error. true: the rows with errors are skipped and reported. */
  validOnly: z.boolean().default(false),
});
export type DisbursementImportRequest = z.input<typeof disbursementImportRequestSchema>;

/** A row with errors: its line in the file and each problem. */
export type DisbursementImportRowError = z.output<typeof disbursementImportRowErrorSchema>;
/** data of POST /api/disbursements/import */
export type DisbursementImportResponse = z.output<typeof disbursementImportResponseSchema>;

/** The file's line of the n-th data row (0-based): the header is line 1. */
export const importLineOf = (index: number) => index + 2;
