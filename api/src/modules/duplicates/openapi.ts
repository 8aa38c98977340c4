import { z } from 'zod';
import { DUPLICATE_REASONS, duplicatesQuerySchema } from '../../contract';
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
  pairs: z.array(z.object({ id: z.string(), score: z.number(), reasons: z.array(z.enum(DUPLICATE_REASONS)), foundAt: z.string().nullable(), contacts: z.tuple([contactSummary, contactSummary]) })),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  scan: scanStatus.nullable(),
});

export const duplicatesApi = describeRoutes('Duplicates', {
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
