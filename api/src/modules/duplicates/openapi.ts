import { z } from 'zod';
import {
  DUPLICATE_REASONS,
  EMAIL_CLUSTER_PREVIEW_FIELDS,
  bulkMergeRequestSchema,
  duplicatesQuerySchema,
  emailClustersQuerySchema,
  mergeRequestSchema,
} from '@caucus/contract';
import { describeRoutes } from '../../openapi/describe';

const contactSummary = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  primaryEmail: z.string().nullable(),
  primaryPhone: z.string().nullable(),
  addressLine1: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  totalDonated: z.number(),
  donationCount: z.number(),
  updatedAt: z.string().nullable(),
});
const scanStatus = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  done: z.number(),
  total: z.number(),
  pairsFound: z.number(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
const duplicatesResponse = z.object({
  pairs: z.array(
    z.object({
      id: z.string(),
      score: z.number(),
      reasons: z.array(z.enum(DUPLICATE_REASONS)),
      foundAt: z.string().nullable(),
      contacts: z.tuple([contactSummary, contactSummary]),
    }),
  ),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  scan: scanStatus.nullable(),
});

const mergeResponse = z.object({
  merge: z.object({
    id: z.string(),
    survivorId: z.string(),
    mergedIds: z.array(z.string()),
    createdAt: z.string().nullable(),
    undoneAt: z.string().nullable(),
    giftsMoved: z.number(),
    pledgesMoved: z.number(),
  }),
});

const emailClustersResponse = z.object({
  clusters: z.array(
    z.object({
      email: z.string(),
      survivorId: z.string(),
      mergedIds: z.array(z.string()),
      contacts: z.array(contactSummary),
      keeps: z.object(Object.fromEntries(EMAIL_CLUSTER_PREVIEW_FIELDS.map((f) => [f, z.string().nullable()]))),
      tags: z.array(z.string()),
      giftsMoved: z.number(),
      totalDonated: z.number(),
      donationCount: z.number(),
    }),
  ),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
const bulkMergeResponse = z.object({
  merged: z.array(z.object({ survivorId: z.string(), mergeId: z.string(), mergedIds: z.array(z.string()), giftsMoved: z.number() })),
  failed: z.array(z.object({ survivorId: z.string(), mergedIds: z.array(z.string()), message: z.string() })),
});

export const duplicatesApi = describeRoutes('Duplicates', {
  'GET /api/contacts/duplicates/email-clusters': {
    summary: 'Preview of the bulk merge: every cluster of contacts sharing one email address exactly, with what each merge keeps',
    description:
      "Clusters of two or more contacts (not merged away) whose email is the same address, case and spaces aside, ordered by address. Per cluster: the record that stays (the one with the most gifts, then the oldest), the records merged into it, each shown field's resulting value (the most recent non-empty one), every tag, the gifts that move and the giving afterwards. A cluster holding a pair marked 'Not a duplicate', or of more than 21 contacts, is left to the review queue.",
    query: emailClustersQuerySchema,
    data: emailClustersResponse,
  },
  'POST /api/contacts/duplicates/email-clusters/merge': {
    summary: 'Merge the confirmed exact-email clusters, each through the merge service (audited, undoable one by one)',
    description:
      'clusters: up to 100 of the preview, each { survivorId, mergedIds }. Each cluster is its own merge (POST /api/contacts/merge with the default field choices), in its own transaction. A cluster whose contacts no longer share one address, or already merged, is listed in failed with the reason; the others are merged. 404 when a contact is not of this account (nothing is merged).',
    body: bulkMergeRequestSchema,
    data: bulkMergeResponse,
  },
  'POST /api/contacts/merge': {
    summary: 'Merge duplicate contacts into one',
    description:
      "survivorId stays; mergedIds are merged into it. fields: per field (firstName, primaryEmail, zipCode, ...) the contact whose value the survivor keeps; a field not named takes the most recent non-empty value. Every email, phone, address, tag, note, document, list membership, related contact, gift and pledge is kept (an email, phone or address the survivor's fields do not keep is added to its emails, phones or addresses), moved through the ledger: contact giving, campaign totals, roll-ups, election aggregates and excess flags are recomputed in the same transaction. The merged-away contacts stay as records pointing at the survivor: GET /api/contacts/:id of one answers with the survivor (mergedFrom, header X-Merged-Into). Recorded in the contacts' history. 404 for another account's contact; 409 when one was already merged.",
    body: mergeRequestSchema,
    data: mergeResponse,
  },
  'POST /api/contacts/merges/:id/undo': {
    summary: 'Undo a merge within 30 days: both records and everything moved come back as they were',
    description:
      "409 when already undone, older than 30 days, or when a later merge involves these contacts (undo that first). 404 for another account's merge.",
    data: mergeResponse,
  },
  'GET /api/contacts/duplicates': {
    summary: 'The duplicate review queue: pairs of contacts that look like one person, newest first',
    description:
      "Found by the duplicate scan (after each import, nightly, or on request) with a score (0-99) and the reasons: same_email, same_name_zip (first and last name, 5-digit ZIP), same_phone, similar_name_same_address (a typo, an initial or a nickname at one address), nickname_same_zip (Bob and Robert). Pairs marked 'Not a duplicate' are not listed again. scan: the latest scan's progress.",
    query: duplicatesQuerySchema,
    data: duplicatesResponse,
  },
  'POST /api/contacts/duplicates/scan': {
    summary: "Scan the account's contacts for duplicates (a job with progress)",
    description: 'Starts a scan, or answers the one already running. Its progress is in GET /api/contacts/duplicates/scan.',
    status: 202,
    data: z.object({ scan: scanStatus }),
  },
  'GET /api/contacts/duplicates/scan': {
    summary: "The latest duplicate scan's progress (null before the first)",
    data: z.object({ scan: scanStatus.nullable() }),
  },
  'POST /api/contacts/duplicates/:id/dismiss': {
    summary: "'Not a duplicate': the pair leaves the queue and later scans remember it",
    description: "404 for another account's pair.",
    data: z.object({ dismissed: z.boolean() }),
  },
});
