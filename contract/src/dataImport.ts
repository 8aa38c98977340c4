import { z } from 'zod';
import type {
  importHistoryResponseSchema,
  importLimitsResponseSchema,
  importLimitWarningSchema,
  importRecordSchema,
  importSkippedResponseSchema,
  importStartResponseSchema,
  importUndoResponseSchema,
} from './dataImport.responses';
import {
  dateRangeMessage,
  EMAIL_PATTERN,
  hasUnsafeCharacters,
  MAX_MONEY,
  queryInt,
  safeText,
  TEXT_COLUMN_BYTES,
  unsafeCharactersMessage,
  utf8Bytes,
} from './common';
import { DONATION_STATUS_VALUES, PAYMENT_METHOD_VALUES, PLEDGE_STATUS_VALUES } from './financials';
import { RELATIONSHIP_TYPE_VALUES } from './contacts';
import { ELECTION_CODE_MESSAGE, ELECTION_CODE_PATTERN } from './committees';
import { isImportDateOutOfRange, matchOption, normaliseZip, parseImportAmount, parseImportDate, splitFullName } from './importValues';
import { IMPORT_HISTORY_SORT_VALUES, IMPORT_STATUS_VALUES } from './importHistoryValues';
import { futureDateWarning, largeAmountWarning } from './plausibility';

export * from './importValues';
export * from './importHistoryValues';

export const IMPORT_TYPE_VALUES = ['contacts', 'associates', 'donations', 'pledges', 'mixed'] as const;
export type ImportType = (typeof IMPORT_TYPE_VALUES)[number];

/**
 * Import target fields (docs/product/data.md) plus fullName, employer, occupation, address2 and country
 * (docs/product/imports.md: FEC reports need employer and occupation). Grouped as the mapping step shows them.
 */
export const IMPORT_TARGET_GROUPS = {
  Contact: [
    'firstName',
    'lastName',
    'fullName',
    'email',
    'phone',
    'address',
    'address2',
    'city',
    'state',
    'zipCode',
    'country',
    'organization',
    'title',
    'employer',
    'occupation',
  ],
  Associate: ['contactId', 'associateFirstName', 'associateLastName', 'relationship', 'associateEmail', 'associatePhone'],
  Donation: ['donationContactId', 'amount', 'donationDate', 'paymentMethod', 'transactionId', 'checkNumber', 'donationStatus', 'electionCode'],
  Pledge: ['pledgeContactId', 'pledgedAmount', 'dueDate', 'pledgeStatus'],
  Common: ['notes', 'tags'],
} as const;

export type ImportTargetField = (typeof IMPORT_TARGET_GROUPS)[keyof typeof IMPORT_TARGET_GROUPS][number];
export const IMPORT_TARGET_FIELDS = Object.values(IMPORT_TARGET_GROUPS).flat() as ImportTargetField[];

export const IMPORT_TARGET_LABELS: Record<ImportTargetField, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  fullName: 'Full Name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  address2: 'Address Line 2',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP Code',
  country: 'Country',
  organization: 'Organization',
  title: 'Title',
  employer: 'Employer',
  occupation: 'Occupation',
  contactId: 'Contact ID',
  associateFirstName: 'Associate First Name',
  associateLastName: 'Associate Last Name',
  relationship: 'Relationship',
  associateEmail: 'Associate Email',
  associatePhone: 'Associate Phone',
  donationContactId: 'Donation Contact ID',
  amount: 'Amount',
  donationDate: 'Donation Date',
  paymentMethod: 'Payment Method',
  transactionId: 'Transaction ID',
  checkNumber: 'Check Number',
  donationStatus: 'Donation Status',
  electionCode: 'Election Code',
  pledgeContactId: 'Pledge Contact ID',
  pledgedAmount: 'Pledged Amount',
  dueDate: 'Due Date',
  pledgeStatus: 'Pledge Status',
  notes: 'Notes',
  tags: 'Tags',
};

/** Upper bound of rows in one request; bigger files go up in several (POST /:id/rows). */
export const MAX_IMPORT_ROWS_PER_REQUEST = 200_000;
export const MISSING_IMPORT_DATA = 'Missing required data for import';
export const ROWS_NOT_OBJECTS = "Each row must be an object keyed by the file's headers";

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** A row as the browser sends it: the kept row's cells keyed by the file's headers. */
const importRow = z.record(z.string(), cell, { error: ROWS_NOT_OBJECTS });

const perRequest = `At most ${MAX_IMPORT_ROWS_PER_REQUEST} rows per request; send the rest with POST /api/data-import/{id}/rows`;
const importRows = z.array(importRow, { error: MISSING_IMPORT_DATA }).max(MAX_IMPORT_ROWS_PER_REQUEST, perRequest);

/** Original row numbers in the file (1 = first data row), one per row; defaults to 1..n. */
const rowNumbers = z.array(z.number().int().min(1), { error: 'Row numbers must be a list of row numbers' }).optional();

/** A row number in the file (1 = the first data row). */
const rowNumber = z
  .number({ error: 'Row number must be a row number' })
  .int('Row number must be a row number')
  .min(1, 'Row number must be a row number')
  .max(2_000_000_000, 'Row number must be a row number');
export const SKIPPED_REASON_MAX = 2000;
/**
 * Rows the review skipped (their problems were not fixed), sent with the kept rows so that the import
 * keeps them: the report lists them and they can be fixed later (POST /api/data-import/{id}/skipped).
 */
const skippedRows = z
  .array(
    z.object({
      rowNumber,
      row: importRow,
      reason: z.string({ error: 'Reason is required' }).trim().min(1, 'Reason is required').max(SKIPPED_REASON_MAX, 'Reason is too long'),
    }),
    { error: 'Skipped rows must be a list of rows with their row number and reason' },
  )
  .max(MAX_IMPORT_ROWS_PER_REQUEST, perRequest)
  .optional()
  .default([]);

/**
 * Rows that look like duplicate gifts (of a gift already recorded, or of an earlier row) which the
 * user chose to import anyway, by row number, or 'all'. Every other possible duplicate is skipped.
 */
const includeDuplicates = z
  .union([z.literal('all'), z.array(rowNumber).max(MAX_IMPORT_ROWS_PER_REQUEST, perRequest)], {
    error: "Include duplicates must be 'all' or a list of row numbers",
  })
  .optional();

/** Some rows (kept or skipped) in every request; kept and skipped rows together at most the per-request limit. */
function checkRowCounts(value: { rows: unknown[]; skippedRows: unknown[] }, ctx: z.RefinementCtx): void {
  if (value.rows.length + value.skippedRows.length === 0) ctx.addIssue({ code: 'custom', path: ['rows'], message: MISSING_IMPORT_DATA });
  if (value.rows.length + value.skippedRows.length > MAX_IMPORT_ROWS_PER_REQUEST) ctx.addIssue({ code: 'custom', path: ['rows'], message: perRequest });
}

const targetField = z.union([z.literal(''), z.enum(IMPORT_TARGET_FIELDS as [ImportTargetField, ...ImportTargetField[]])], {
  error: (issue) => `Unknown target field "${String(issue.input)}"`,
});

export const importRequestSchema = z
  .object({
    campaignId: z.string({ error: MISSING_IMPORT_DATA }).trim().min(1, MISSING_IMPORT_DATA),
    donationAccountId: z
      .string()
      .trim()
      .nullable()
      .optional()
      .transform((v) => v || null),
    fileName: safeText(z.string({ error: 'File name is required' }).trim().min(1, 'File name is required').max(255, 'File name is too long'), 'File name'),
    headers: z.array(z.string().max(255), { error: 'headers must be a list of column names' }).min(1, 'headers must be a list of column names').max(500),
    mapping: z.record(z.string(), targetField, { error: 'Mapping must map headers to target fields' }),
    rows: importRows,
    rowNumbers,
    skippedRows,
    importType: z.enum(IMPORT_TYPE_VALUES, { error: `Import type must be one of: ${IMPORT_TYPE_VALUES.join(', ')}` }).default('mixed'),
    /** More rows follow in further requests; the import completes after the last one. */
    hasMore: z.boolean().optional().default(false),
    /** The file's content fingerprint (fileFingerprint): the same content imported before is refused unless importAnyway. */
    fingerprint: z.string().trim().max(64, 'Fingerprint is too long').optional(),
    importAnyway: z.boolean({ error: 'Import anyway must be true or false' }).optional().default(false),
    includeDuplicates,
  })
  .superRefine((value, ctx) => {
    const headers = new Set(value.headers);
    const used = new Map<string, string>();
    for (const [header, target] of Object.entries(value.mapping)) {
      if (!headers.has(header)) ctx.addIssue({ code: 'custom', path: ['mapping', header], message: `Mapped column "${header}" is not in headers` });
      if (!target) continue;
      const earlier = used.get(target);
      if (earlier)
        ctx.addIssue({
          code: 'custom',
          path: ['mapping', header],
          message: `Duplicate Field Mappings Detected: ${target} is mapped from "${earlier}" and "${header}"`,
        });
      used.set(target, header);
    }
    if (used.size === 0) ctx.addIssue({ code: 'custom', path: ['mapping'], message: 'Map at least one column to a field' });
    checkRowCounts(value, ctx);
    if (value.rowNumbers && value.rowNumbers.length !== value.rows.length) {
      ctx.addIssue({ code: 'custom', path: ['rowNumbers'], message: 'Row numbers must have one number per row' });
    }
  });

export type ImportRequest = z.input<typeof importRequestSchema>;

/** Step 1 of the wizard: the campaign (required) and its donation account (optional). */
export const importCampaignStepSchema = z.object({
  campaignId: z.string({ error: 'Please select a campaign' }).trim().min(1, 'Please select a campaign'),
  donationAccountId: z.string().optional(),
});
export type ImportCampaignStep = z.input<typeof importCampaignStepSchema>;

export const importRowsRequestSchema = z
  .object({ rows: importRows.optional().default([]), rowNumbers, skippedRows, hasMore: z.boolean().optional().default(false), includeDuplicates })
  .superRefine((value, ctx) => {
    checkRowCounts(value, ctx);
    if (value.rowNumbers && value.rowNumbers.length !== value.rows.length) {
      ctx.addIssue({ code: 'custom', path: ['rowNumbers'], message: 'Row numbers must have one number per row' });
    }
  });
export type ImportRowsRequest = z.input<typeof importRowsRequestSchema>;

/** Rows per POST /api/data-import/duplicates (the review sends a big file's rows in several). */
export const MAX_DUPLICATE_CHECK_ROWS = 5000;

/** POST /api/data-import/duplicates: the review's rows (mapped as they will be sent), checked for possible duplicate gifts. */
export const importDuplicatesRequestSchema = z
  .object({
    headers: z.array(z.string().max(255), { error: 'headers must be a list of column names' }).min(1, 'headers must be a list of column names').max(500),
    mapping: z.record(z.string(), targetField, { error: 'Mapping must map headers to target fields' }),
    rows: z
      .array(importRow, { error: MISSING_IMPORT_DATA })
      .min(1, MISSING_IMPORT_DATA)
      .max(MAX_DUPLICATE_CHECK_ROWS, `At most ${MAX_DUPLICATE_CHECK_ROWS} rows per request`),
    rowNumbers: z.array(rowNumber, { error: 'Row numbers must be a list of row numbers' }),
  })
  .superRefine((value, ctx) => {
    if (value.rowNumbers.length !== value.rows.length)
      ctx.addIssue({ code: 'custom', path: ['rowNumbers'], message: 'Row numbers must have one number per row' });
  });
export type ImportDuplicatesRequest = z.input<typeof importDuplicatesRequestSchema>;

/** POST /api/data-import/limits: the review's rows, checked against the contribution limits of the campaign's committee. */
export const importLimitsRequestSchema = importDuplicatesRequestSchema.and(
  z.object({ campaignId: z.string({ error: 'Campaign is required' }).min(1, 'Campaign is required').max(36, 'Campaign is required') }),
);
export type ImportLimitWarning = z.output<typeof importLimitWarningSchema>;
/** data of POST /api/data-import/limits */
export type ImportLimitsResponse = z.output<typeof importLimitsResponseSchema>;

/** Skipped rows fixed in one request (the history's table of skipped rows sends a page at a time). */
export const MAX_FIXED_ROWS_PER_REQUEST = 500;

/** POST /api/data-import/{id}/skipped: skipped rows, corrected, imported into the same import. */
export const importFixSkippedRequestSchema = z.object({
  rows: z
    .array(z.object({ rowNumber, row: importRow }), { error: 'rows must be a list of skipped rows with their row number' })
    .min(1, 'Choose at least one skipped row to import')
    .max(MAX_FIXED_ROWS_PER_REQUEST, `At most ${MAX_FIXED_ROWS_PER_REQUEST} rows per request`)
    .superRefine((rows, ctx) => {
      const seen = new Set<number>();
      for (const [i, r] of rows.entries()) {
        if (seen.has(r.rowNumber)) ctx.addIssue({ code: 'custom', path: [i, 'rowNumber'], message: `Row ${r.rowNumber} is sent twice` });
        seen.add(r.rowNumber);
      }
    }),
});
export type ImportFixSkippedRequest = z.input<typeof importFixSkippedRequestSchema>;

export const importSkippedQuerySchema = z.object({
  page: queryInt('page', 1, 1_000_000, 1),
  limit: queryInt('limit', 1, MAX_FIXED_ROWS_PER_REQUEST, 50),
});
export type ImportSkippedQuery = z.input<typeof importSkippedQuerySchema>;

/** data of GET /api/data-import/{id}/skipped */
export type ImportSkippedResponse = z.output<typeof importSkippedResponseSchema>;
/** One skipped row as GET /api/data-import/{id}/skipped lists it: its cells keyed by the file's headers. */
export type ImportSkippedRow = ImportSkippedResponse['rows'][number];

/** data of POST /api/data-import/import (docs/product/data.md: Import start response). */
export type ImportStartResponse = z.output<typeof importStartResponseSchema>;
export const IMPORT_STARTED_MESSAGE = 'Import started successfully. You can track progress in the Import History tab.';

// ---------------------------------------------------------------------------------------------
// Row checks (docs/product/validation.md), the same in the review grid and on the server.

export type ImportCellError = { field: ImportTargetField | null; message: string };

/** A row's values after mapping and reading, ready to write. */
export type ImportRowValues = {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
  organization: string | null;
  title: string | null;
  employer: string | null;
  occupation: string | null;
  contactId: string | null;
  associate: {
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    phone: string | null;
    relationship: (typeof RELATIONSHIP_TYPE_VALUES)[number];
  } | null;
  donation: {
    contactId: string | null;
    amount: number;
    date: string | null;
    paymentMethod: (typeof PAYMENT_METHOD_VALUES)[number];
    transactionId: string | null;
    checkNumber: string | null;
    status: (typeof DONATION_STATUS_VALUES)[number];
    /** P2026, G2026, ...: one of the elections of the campaign's committee; the next one on or after the date when absent. */
    electionCode: string | null;
  } | null;
  pledge: { contactId: string | null; amount: number; dueDate: string | null; status: (typeof PLEDGE_STATUS_VALUES)[number] } | null;
  notes: string | null;
  tags: string[];
};

/**
 * errors skip the row; warnings (a gift dated in the future, an amount over the largest FEC limit) are
 * values allowed but rarely right: the review shows them and the user confirms (the server imports them).
 */
export type ImportRowResult = { values: ImportRowValues; errors: ImportCellError[]; warnings: ImportCellError[] };

const PAYMENT_SYNONYMS: Record<string, (typeof PAYMENT_METHOD_VALUES)[number]> = {
  credit: 'credit_card',
  card: 'credit_card',
  creditcard: 'credit_card',
  visa: 'credit_card',
  mastercard: 'credit_card',
  amex: 'credit_card',
  american_express: 'credit_card',
  discover: 'credit_card',
  debit_card: 'credit_card',
  eft: 'ach',
  bank_transfer: 'ach',
  echeck: 'ach',
  e_check: 'ach',
  cheque: 'check',
  money_order: 'check',
  in_kind_contribution: 'in_kind',
  inkind: 'in_kind',
  wire_transfer: 'wire',
  pay_pal: 'paypal',
};
const DONATION_STATUS_SYNONYMS: Record<string, (typeof DONATION_STATUS_VALUES)[number]> = {
  complete: 'completed',
  paid: 'completed',
  succeeded: 'completed',
  success: 'completed',
  processed: 'completed',
  settled: 'completed',
  refund: 'refunded',
  declined: 'failed',
  processing: 'pending',
};
const PLEDGE_STATUS_SYNONYMS: Record<string, (typeof PLEDGE_STATUS_VALUES)[number]> = {
  open: 'pending',
  paid: 'fulfilled',
  complete: 'fulfilled',
  completed: 'fulfilled',
  canceled: 'cancelled',
};

export const IMPORT_ROW_EMPTY = 'Row appears to be empty';
/** The contact form's limits (contactInputSchema), so an imported value fits where a typed one does. */
export const IMPORT_TEXT_LIMITS: Partial<Record<ImportTargetField, number>> = {
  firstName: 100,
  lastName: 100,
  fullName: 255,
  email: 255,
  phone: 50,
  address: 255,
  address2: 255,
  city: 100,
  state: 100,
  zipCode: 20,
  country: 64,
  organization: 255,
  title: 255,
  employer: 255,
  occupation: 255,
  associateFirstName: 100,
  associateLastName: 100,
  associateEmail: 255,
  associatePhone: 50,
  relationship: 255,
  paymentMethod: 255,
  transactionId: 255,
  checkNumber: 64,
  donationStatus: 255,
  pledgeStatus: 255,
};
/** A note's content (the contact note form's 65,000 characters, and what a TEXT column holds in bytes). */
export const IMPORT_NOTE_MAX_CHARS = 65_000;
/** The contact form's tag limits: at most 100 tags of at most 100 characters. */
export const IMPORT_MAX_TAGS = 100;
export const IMPORT_TAG_MAX_CHARS = 100;
export const tooLongMessage = (field: string) => `${field} is too long`;
export const tooLargeMessage = (field: string) => `${field} is too large (at most ${MAX_MONEY.toLocaleString('en-US', { minimumFractionDigits: 2 })})`;
export const NO_CONTACT_FOR_ROW = 'Please provide at least a name, organization, or email address';
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The text of a cell as the user sees it (numbers as written, blanks as ''). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return String(value).trim();
}

/** The row's cells by target field, through the mapping (header -> field). */
export function mapImportRow(row: Record<string, unknown>, mapping: Record<string, string>): Partial<Record<ImportTargetField, unknown>> {
  const mapped: Partial<Record<ImportTargetField, unknown>> = {};
  for (const [header, target] of Object.entries(mapping)) {
    if (target) mapped[target as ImportTargetField] = row[header];
  }
  return mapped;
}

// docs/product/validation.md's 'Invalid donationDate format' and 'Invalid dueDate format', naming the fields as the
// mapping step labels them (every row message names its field by IMPORT_TARGET_LABELS).
export const INVALID_DONATION_DATE = `Invalid ${IMPORT_TARGET_LABELS.donationDate} format`;
export const INVALID_DUE_DATE = `Invalid ${IMPORT_TARGET_LABELS.dueDate} format`;

/**
 * Checks one mapped row and reads its values (docs/product/validation.md): 'Invalid email format', 'Invalid amount
 * format', 'Invalid pledged amount format', INVALID_DONATION_DATE, INVALID_DUE_DATE,
 * 'Row appears to be empty'; amounts must be above 0 (docs/product/validation.md's donation and pledge texts).
 */
export function validateImportRow(mapped: Partial<Record<ImportTargetField, unknown>>, today: string): ImportRowResult {
  const errors: ImportCellError[] = [];
  const fail = (field: ImportTargetField | null, message: string) => errors.push({ field, message });
  // A value longer than its column is the row's error (skipped with the reason), never cut short.
  const tooLong = new Set<ImportTargetField>();
  const text = (field: ImportTargetField): string | null => {
    const value = cellText(mapped[field]);
    if (value === '') return null;
    const max = IMPORT_TEXT_LIMITS[field] ?? 255;
    if ((value.length > max || utf8Bytes(value) > TEXT_COLUMN_BYTES) && !tooLong.has(field)) {
      tooLong.add(field);
      fail(field, tooLongMessage(IMPORT_TARGET_LABELS[field]));
    }
    // The character rule of every text field of the contract (common.ts safeText).
    if (hasUnsafeCharacters(value)) fail(field, unsafeCharactersMessage(IMPORT_TARGET_LABELS[field]));
    return value;
  };

  const values: ImportRowValues = {
    firstName: text('firstName'),
    lastName: text('lastName'),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    address2: text('address2'),
    city: text('city'),
    state: text('state'),
    zipCode: null,
    country: text('country'),
    organization: text('organization'),
    title: text('title'),
    employer: text('employer'),
    occupation: text('occupation'),
    contactId: null,
    associate: null,
    donation: null,
    pledge: null,
    notes: cellText(mapped.notes) || null,
    tags: [],
  };

  const hasAny = Object.values(mapped).some((v) => cellText(v) !== '');
  if (!hasAny) return { values, errors: [{ field: null, message: IMPORT_ROW_EMPTY }], warnings: [] };

  const zip = normaliseZip(mapped.zipCode);
  values.zipCode = zip === '' ? null : zip;
  if (values.zipCode && values.zipCode.length > (IMPORT_TEXT_LIMITS.zipCode as number)) fail('zipCode', tooLongMessage(IMPORT_TARGET_LABELS.zipCode));
  else if (values.zipCode && hasUnsafeCharacters(values.zipCode)) fail('zipCode', unsafeCharactersMessage(IMPORT_TARGET_LABELS.zipCode));
  const fullName = text('fullName');
  if (fullName && !values.firstName && !values.lastName) {
    const split = splitFullName(fullName);
    values.firstName = split.firstName || null;
    // Contacts have no suffix field: it stays with the last name ("Ortiz Sr."), as "First Last Jr."
    // always did, so a father and son at one ZIP stay two contacts.
    const lastName = [split.lastName, split.suffix].filter(Boolean).join(' ');
    values.lastName = lastName || null;
    if ([split.firstName, lastName].some((part) => part.length > (IMPORT_TEXT_LIMITS.firstName as number)))
      fail('fullName', tooLongMessage(IMPORT_TARGET_LABELS.fullName));
  }
  if (values.email && !EMAIL_PATTERN.test(values.email)) fail('email', 'Invalid email format');
  const notes = cellText(mapped.notes);
  if (notes.length > IMPORT_NOTE_MAX_CHARS || utf8Bytes(notes) > TEXT_COLUMN_BYTES) fail('notes', tooLongMessage(IMPORT_TARGET_LABELS.notes));
  else if (hasUnsafeCharacters(notes, { multiline: true })) fail('notes', unsafeCharactersMessage(IMPORT_TARGET_LABELS.notes, { multiline: true }));
  const tags = cellText(mapped.tags);
  if (tags)
    values.tags = [
      ...new Set(
        tags
          .split(/[,;|]/)
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ];
  if (values.tags.length > IMPORT_MAX_TAGS) fail('tags', `Tags can hold at most ${IMPORT_MAX_TAGS} entries`);
  else if (values.tags.some((tag) => tag.length > IMPORT_TAG_MAX_CHARS)) fail('tags', `Each tag must be at most ${IMPORT_TAG_MAX_CHARS} characters`);
  else if (values.tags.some((tag) => hasUnsafeCharacters(tag))) fail('tags', unsafeCharactersMessage('tags'));

  const ids: Partial<Record<'contactId' | 'donationContactId' | 'pledgeContactId', string>> = {};
  for (const field of ['contactId', 'donationContactId', 'pledgeContactId'] as const) {
    const id = cellText(mapped[field]);
    if (id === '') continue;
    if (ID_PATTERN.test(id)) ids[field] = id;
    else fail(field, `Invalid ${IMPORT_TARGET_LABELS[field]} format`);
  }
  values.contactId = ids.contactId ?? null;

  // Associate: a related person on the row's contact.
  const associateFirst = text('associateFirstName');
  const associateLast = text('associateLastName');
  const associateEmail = text('associateEmail');
  const associatePhone = text('associatePhone');
  if (associateFirst || associateLast || associateEmail || associatePhone) {
    if (associateEmail && !EMAIL_PATTERN.test(associateEmail)) fail('associateEmail', 'Invalid email format');
    const relationshipText = text('relationship');
    const relationship = relationshipText
      ? (matchOption(relationshipText, RELATIONSHIP_TYPE_VALUES, { husband: 'spouse', wife: 'spouse', business: 'business_partner' }) ?? 'other')
      : 'other';
    values.associate = { firstName: associateFirst, lastName: associateLast, email: associateEmail, phone: associatePhone, relationship };
  }

  // Donation.
  const amountText = cellText(mapped.amount);
  if (amountText !== '') {
    const amount = parseImportAmount(mapped.amount);
    const dateText = cellText(mapped.donationDate);
    const date = dateText === '' ? today : parseImportDate(mapped.donationDate);
    if (amount === null) fail('amount', 'Invalid amount format');
    else if (amount <= 0) fail('amount', 'Please enter a valid donation amount');
    else if (amount > MAX_MONEY) fail('amount', tooLargeMessage(IMPORT_TARGET_LABELS.amount));
    if (date === null)
      fail('donationDate', isImportDateOutOfRange(mapped.donationDate) ? dateRangeMessage(IMPORT_TARGET_LABELS.donationDate) : INVALID_DONATION_DATE);
    const methodText = text('paymentMethod');
    const paymentMethod = methodText ? matchOption(methodText, PAYMENT_METHOD_VALUES, PAYMENT_SYNONYMS) : 'cash';
    if (!paymentMethod) fail('paymentMethod', `Invalid ${IMPORT_TARGET_LABELS.paymentMethod}: use one of ${PAYMENT_METHOD_VALUES.join(', ')}`);
    const statusText = text('donationStatus');
    const status = statusText ? matchOption(statusText, DONATION_STATUS_VALUES, DONATION_STATUS_SYNONYMS) : 'completed';
    if (!status) fail('donationStatus', `Invalid ${IMPORT_TARGET_LABELS.donationStatus}: use one of ${DONATION_STATUS_VALUES.join(', ')}`);
    const electionCode = text('electionCode')?.toUpperCase() ?? null;
    if (electionCode !== null && !ELECTION_CODE_PATTERN.test(electionCode)) fail('electionCode', ELECTION_CODE_MESSAGE);
    values.donation = {
      contactId: ids.donationContactId ?? null,
      amount: amount ?? 0,
      date,
      paymentMethod: paymentMethod ?? 'cash',
      transactionId: text('transactionId'),
      checkNumber: text('checkNumber'),
      status: status ?? 'completed',
      electionCode,
    };
  } else if (cellText(mapped.donationDate) !== '' && parseImportDate(mapped.donationDate) === null) {
    fail('donationDate', isImportDateOutOfRange(mapped.donationDate) ? dateRangeMessage(IMPORT_TARGET_LABELS.donationDate) : INVALID_DONATION_DATE);
  }

  // Pledge.
  const pledgedText = cellText(mapped.pledgedAmount);
  if (pledgedText !== '') {
    const amount = parseImportAmount(mapped.pledgedAmount);
    if (amount === null) fail('pledgedAmount', 'Invalid pledged amount format');
    else if (amount <= 0) fail('pledgedAmount', 'Please enter a valid pledge amount');
    else if (amount > MAX_MONEY) fail('pledgedAmount', tooLargeMessage(IMPORT_TARGET_LABELS.pledgedAmount));
    const dueText = cellText(mapped.dueDate);
    const dueDate = dueText === '' ? null : parseImportDate(mapped.dueDate);
    if (dueText !== '' && dueDate === null)
      fail('dueDate', isImportDateOutOfRange(mapped.dueDate) ? dateRangeMessage(IMPORT_TARGET_LABELS.dueDate) : INVALID_DUE_DATE);
    const statusText = text('pledgeStatus');
    const status = statusText ? matchOption(statusText, PLEDGE_STATUS_VALUES, PLEDGE_STATUS_SYNONYMS) : 'pending';
    if (!status) fail('pledgeStatus', `Invalid ${IMPORT_TARGET_LABELS.pledgeStatus}: use one of ${PLEDGE_STATUS_VALUES.join(', ')}`);
    values.pledge = { contactId: ids.pledgeContactId ?? null, amount: amount ?? 0, dueDate, status: status ?? 'pending' };
  } else if (cellText(mapped.dueDate) !== '' && parseImportDate(mapped.dueDate) === null) {
    fail('dueDate', isImportDateOutOfRange(mapped.dueDate) ? dateRangeMessage(IMPORT_TARGET_LABELS.dueDate) : INVALID_DUE_DATE);
  }

  // Every row lands on a contact: one named in the row, or one found or made from its details.
  const namesContact = values.firstName || values.lastName || values.organization || values.email;
  const namedId = values.contactId || values.donation?.contactId || values.pledge?.contactId;
  if (!namesContact && !namedId) fail(null, NO_CONTACT_FOR_ROW);

  return { values, errors, warnings: importRowWarnings(values, errors, today) };
}

/** The plausibility warnings of a row's values (fields already in error have none). */
function importRowWarnings(values: ImportRowValues, errors: ImportCellError[], today: string): ImportCellError[] {
  const failed = new Set(errors.map((e) => e.field));
  const warnings: ImportCellError[] = [];
  const warn = (field: ImportTargetField, message: string | null) => {
    if (message && !failed.has(field)) warnings.push({ field, message });
  };
  if (values.donation) {
    warn('donationDate', futureDateWarning(values.donation.date, today, 'Donation date'));
    warn('amount', largeAmountWarning(values.donation.amount));
  }
  if (values.pledge) warn('pledgedAmount', largeAmountWarning(values.pledge.amount, 'Pledged amount'));
  return warnings;
}

// ---------------------------------------------------------------------------------------------
// History.

/** A blank query value is the same as none. */
const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const importHistoryQuerySchema = z.object({
  page: queryInt('page', 1, 1_000_000, 1),
  limit: queryInt('limit', 1, 100, 10),
  /** One status (IMPORT_STATUS_VALUES); absent lists every import. */
  status: z
    .preprocess(blankAsAbsent, z.enum(IMPORT_STATUS_VALUES, { error: `Status must be one of: ${IMPORT_STATUS_VALUES.join(', ')}` }).optional())
    .meta({ description: `Only imports with this status: ${IMPORT_STATUS_VALUES.join(', ')}; absent lists all` }),
  sort: z
    .preprocess(blankAsAbsent, z.enum(IMPORT_HISTORY_SORT_VALUES, { error: 'Sort must be one of the orders described for this parameter' }).optional())
    .meta({
      description: 'date: newest first (default); fileName: A-Z; importType: A-Z; recordsImported: highest first. Ties are newest first.',
    }),
});

export type ImportHistoryQuery = z.input<typeof importHistoryQuerySchema>;

export type ImportHistoryRecord = z.output<typeof importRecordSchema>;

/** An undo's state: `done` of `total` gifts (donations and pledges) removed so far. */
export type ImportUndoProgress = NonNullable<ImportHistoryRecord['undo']>;
/** What an undo removed and restored. */
export type ImportUndoResult = Pick<ImportUndoProgress, 'removed' | 'restoredContacts'>;

/** data of GET /api/data-import/history */
export type ImportHistoryResponse = z.output<typeof importHistoryResponseSchema>;

/** data of POST /api/data-import/:id/undo: the import with its undo running (a job; the history shows its progress). */
export type ImportUndoResponse = z.output<typeof importUndoResponseSchema>;
