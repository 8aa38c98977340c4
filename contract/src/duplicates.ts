import { z } from 'zod';
import { queryInt } from './common';
import { parseImportAmount, parseImportDate } from './importValues';

// Duplicates, of files, of gifts and of people. Shared by the browser (the import wizard fingerprints
// the file it read; the queue and the donation form) and the API. Pure functions and zod only: this
// module is bundled into browser code.

/**
 * One cell as the fingerprint reads it: a day is its ISO date, an amount or number its value, text is
 * trimmed, lower-cased and its spaces collapsed. So the XLSX and the CSV of the same rows ("2026-04-02"
 * from a date cell, "4/2/2026" in the CSV; 1250 and "$1,250.00") read the same.
 */
export function fingerprintCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value).trim();
  if (text === '') return '';
  if (/^\d{1,4}[/-]\d{1,2}[/-]\d{1,4}(?:[ T].*)?$/.test(text)) {
    const day = parseImportDate(text);
    if (day) return `d:${day}`;
  }
  const amount = parseImportAmount(text);
  if (amount !== null) return `n:${amount}`;
  return `t:${text.toLowerCase().replace(/\s+/g, ' ')}`;
}

const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** cyrb53: a small, fast 53-bit string hash (no crypto needed: this recognises a file, it guards nothing). */
function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
const hex = (n: number) => n.toString(16).padStart(14, '0');

/**
 * The content fingerprint of a parsed file: its rows normalised cell by cell (fingerprintCell), the
 * columns taken in the order of their normalised headers and empty columns left out, the rows in any
 * order. The file's name, format and column order do not change it; one changed cell does.
 */
export function fileFingerprint(headers: readonly string[], rows: readonly Record<string, unknown>[]): string {
  const columns = headers
    .map((header) => ({ header, key: headerKey(header) }))
    .filter(({ header }) => rows.some((row) => fingerprintCell(row[header]) !== ''))
    .sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
  const head = columns.map((c) => c.key).join('\u001f');
  const rowHashes = rows
    .map((row) => columns.map((c) => fingerprintCell(row[c.header])).join('\u001f'))
    .filter((line) => line.replace(/\u001f/g, '') !== '')
    .map((line) => hex(hash53(line, 1)) + hex(hash53(line, 2)))
    .sort();
  const body = `${head}\u001e${rowHashes.join('')}`;
  return `v1-${rowHashes.length}-${hex(hash53(body, 3))}${hex(hash53(body, 4))}`;
}

export const fingerprintQuerySchema = z.object({
  fingerprint: z.string({ error: 'Fingerprint is required' }).trim().min(1, 'Fingerprint is required').max(64, 'Fingerprint is too long'),
});

/** data of GET /api/data-import/fingerprint: the completed imports of the same content, newest first. */
export type ImportFingerprintResponse = {
  imports: {
    id: string;
    fileName: string;
    createdAt: string | null;
    rows: number;
    recordsImported: number;
    createdBy: { firstName: string; lastName: string } | null;
  }[];
};

/** An existing gift that a new one may repeat. */
export type PossibleDuplicateGift = {
  id: string;
  contactId: string;
  contactName: string;
  donationAmount: number;
  donationDate: string | null;
  paymentMethod: string | null;
  checkNumber: string | null;
  transactionId: string | null;
};

/** POST /api/contacts/:id/donations: confirmDuplicate saves a gift that matches one recorded in the last 7 days. */
export const duplicateConfirmSchema = z.object({
  confirmDuplicate: z.boolean({ error: 'Confirm duplicate must be true or false' }).optional().default(false),
});

export const DUPLICATE_GIFT_MESSAGE = 'This looks like a gift already recorded. Save it anyway?';

/** The reason a duplicate gift row is skipped, as the review, the import's report and its history show it. */
export function duplicateGiftReason(
  gift: Pick<PossibleDuplicateGift, 'contactName' | 'donationAmount' | 'donationDate' | 'paymentMethod' | 'checkNumber'>,
): string {
  const amount = gift.donationAmount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  const how = gift.checkNumber ? `check ${gift.checkNumber}` : (gift.paymentMethod ?? 'gift');
  return `Possible duplicate of ${gift.contactName}'s ${amount} ${how} of ${gift.donationDate ?? 'no date'}, already recorded`;
}
/** One possible duplicate row of POST /api/data-import/duplicates. */
export type ImportDuplicateFinding = { rowNumber: number; reason: string; existing: PossibleDuplicateGift | null; duplicateOfRow: number | null };
/** data of POST /api/data-import/duplicates */
export type ImportDuplicatesResponse = { duplicates: ImportDuplicateFinding[] };

export const inFileDuplicateReason = (rowNumber: number) => `Possible duplicate of row ${rowNumber} of this file`;

// People.

export const DUPLICATE_REASONS = ['same_email', 'same_name_zip', 'same_phone', 'similar_name_same_address', 'nickname_same_zip'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];
export const DUPLICATE_REASON_LABELS: Record<DuplicateReason, string> = {
  same_email: 'Same email',
  same_name_zip: 'Same name and ZIP',
  same_phone: 'Same phone',
  similar_name_same_address: 'Similar name and same address',
  nickname_same_zip: 'Nickname and same ZIP',
};

export const duplicatesQuerySchema = z.object({
  page: queryInt('page', 1, 1_000_000, 1),
  limit: queryInt('limit', 1, 100, 25),
});

export type DuplicateContactSummary = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  primaryEmail: string | null;
  primaryPhone: string | null;
  addressLine1: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  totalDonated: number;
  donationCount: number;
  updatedAt: string | null;
};

export type DuplicatePair = {
  id: string;
  score: number;
  reasons: DuplicateReason[];
  foundAt: string | null;
  contacts: [DuplicateContactSummary, DuplicateContactSummary];
};

/** data of GET /api/contacts/duplicates */
export type DuplicatesResponse = { pairs: DuplicatePair[]; total: number; page: number; limit: number; scan: DuplicateScanStatus | null };

export type DuplicateScanStatus = {
  id: string;
  status: 'running' | 'done' | 'failed';
  done: number;
  total: number;
  pairsFound: number;
  startedAt: string | null;
  finishedAt: string | null;
};

/** data of POST /api/contacts/duplicates/scan */
export type DuplicateScanResponse = { scan: DuplicateScanStatus };

// Merges.

/** The fields a merge lets the user choose, record by record (labels as the contact form names them). */
export const CONTACT_MERGE_FIELDS = {
  firstName: 'First name',
  lastName: 'Last name',
  organization: 'Organization',
  title: 'Title',
  primaryEmail: 'Email',
  secondaryEmail: 'Secondary email',
  primaryPhone: 'Phone',
  secondaryPhone: 'Secondary phone',
  mobilePhone: 'Mobile phone',
  addressLine1: 'Address',
  addressLine2: 'Address line 2',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP code',
  country: 'Country',
  birthDate: 'Birth date',
  occupation: 'Occupation',
  employer: 'Employer',
  quickNotes: 'Quick notes',
} as const;
export type ContactMergeField = keyof typeof CONTACT_MERGE_FIELDS;
export const CONTACT_MERGE_FIELD_NAMES = Object.keys(CONTACT_MERGE_FIELDS) as ContactMergeField[];
export const MAX_MERGED = 20;

const mergeId = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(36, `${label} is not an id`);

/** POST /api/contacts/merge: the surviving record, the records merged into it, and per field the record whose value it keeps. */
export const mergeRequestSchema = z
  .object({
    survivorId: mergeId('Surviving contact'),
    mergedIds: z
      .array(mergeId('Merged contact'), { error: 'Merged contacts must be a list of contact ids' })
      .min(1, 'Choose at least one contact to merge')
      .max(MAX_MERGED, `At most ${MAX_MERGED} contacts per merge`),
    fields: z
      .partialRecord(z.enum(CONTACT_MERGE_FIELD_NAMES as [ContactMergeField, ...ContactMergeField[]], { error: 'Unknown field' }), mergeId('Field source'))
      .optional()
      .default({}),
  })
  .superRefine((value, ctx) => {
    if (new Set(value.mergedIds).size !== value.mergedIds.length)
      ctx.addIssue({ code: 'custom', path: ['mergedIds'], message: 'A merged contact is listed twice' });
    if (value.mergedIds.includes(value.survivorId))
      ctx.addIssue({ code: 'custom', path: ['mergedIds'], message: 'The surviving contact cannot also be merged away' });
    const ids = new Set([value.survivorId, ...value.mergedIds]);
    for (const [field, source] of Object.entries(value.fields)) {
      if (source && !ids.has(source))
        ctx.addIssue({
          code: 'custom',
          path: ['fields', field],
          message: `${CONTACT_MERGE_FIELDS[field as ContactMergeField]} must come from one of the merged contacts`,
        });
    }
  });
export type MergeRequest = z.input<typeof mergeRequestSchema>;

/** data of POST /api/contacts/merge and POST /api/contacts/merges/:id/undo */
export type MergeResponse = {
  merge: { id: string; survivorId: string; mergedIds: string[]; createdAt: string | null; undoneAt: string | null; giftsMoved: number; pledgesMoved: number };
};

export const UNDO_WINDOW_DAYS = 30;

// Bulk: every cluster of contacts that share one email address exactly (case and spaces aside).

/** At most this many clusters per POST /api/contacts/duplicates/email-clusters/merge (the page merges more in turns). */
export const MAX_BULK_CLUSTERS = 100;

export const emailClustersQuerySchema = z.object({
  page: queryInt('page', 1, 1_000_000, 1),
  limit: queryInt('limit', 1, MAX_BULK_CLUSTERS, 25),
});

/** The fields a cluster's preview shows, with the value the surviving record keeps. */
export const EMAIL_CLUSTER_PREVIEW_FIELDS = [
  'firstName',
  'lastName',
  'primaryEmail',
  'primaryPhone',
  'addressLine1',
  'city',
  'state',
  'zipCode',
] as const satisfies readonly ContactMergeField[];
export type EmailClusterPreviewField = (typeof EMAIL_CLUSTER_PREVIEW_FIELDS)[number];

export type EmailCluster = {
  /** The shared address, as the surviving record writes it. */
  email: string;
  survivorId: string;
  mergedIds: string[];
  /** The survivor first. */
  contacts: DuplicateContactSummary[];
  /** Per field, what the merged record keeps (each field's most recent non-empty value). */
  keeps: Record<EmailClusterPreviewField, string | null>;
  /** Every tag of the cluster, kept on the survivor. */
  tags: string[];
  /** Gifts that move to the survivor, and the survivor's giving afterwards. */
  giftsMoved: number;
  totalDonated: number;
  donationCount: number;
};

/** data of GET /api/contacts/duplicates/email-clusters */
export type EmailClustersResponse = { clusters: EmailCluster[]; total: number; page: number; limit: number };

/** POST /api/contacts/duplicates/email-clusters/merge: the clusters of the preview, each merged into its survivor. */
export const bulkMergeRequestSchema = z
  .object({
    clusters: z
      .array(
        z.object({
          survivorId: mergeId('Surviving contact'),
          mergedIds: z
            .array(mergeId('Merged contact'), { error: 'Merged contacts must be a list of contact ids' })
            .min(1, 'Choose at least one contact to merge')
            .max(MAX_MERGED, `At most ${MAX_MERGED} contacts per merge`),
        }),
        { error: 'Clusters must be a list' },
      )
      .min(1, 'Choose at least one cluster to merge')
      .max(MAX_BULK_CLUSTERS, `At most ${MAX_BULK_CLUSTERS} clusters at once`),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.clusters.forEach((cluster, i) => {
      for (const id of [cluster.survivorId, ...cluster.mergedIds]) {
        if (seen.has(id)) ctx.addIssue({ code: 'custom', path: ['clusters', i, 'mergedIds'], message: 'A contact is listed in two clusters, or twice in one' });
        seen.add(id);
      }
    });
  });
export type BulkMergeRequest = z.input<typeof bulkMergeRequestSchema>;

/** data of POST /api/contacts/duplicates/email-clusters/merge: each cluster merged (undoable one by one), or why not. */
export type BulkMergeResponse = {
  merged: { survivorId: string; mergeId: string; mergedIds: string[]; giftsMoved: number }[];
  failed: { survivorId: string; mergedIds: string[]; message: string }[];
};
