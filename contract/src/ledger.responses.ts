// Response schemas of the ledger's routes: the source of their types (inferred in ledger.ts) and of
// the OpenAPI document. Kept out of index.ts, like every `*.responses.ts`, so browser bundles leave
// them out (common.responses.ts).
import { z } from 'zod';

const snapshot = z.record(z.string(), z.unknown()).nullable();

export const moneyHistoryResponseSchema = z.object({
  entries: z.array(
    z.object({
      id: z.string(),
      entityType: z.string(),
      entityId: z.string(),
      action: z.string(),
      userId: z.string().nullable(),
      userName: z.string().nullable(),
      sessionId: z.string().nullable(),
      before: snapshot,
      after: snapshot,
      createdAt: z.string(),
    }),
  ),
});

export const reconcileResponseSchema = z.object({
  differences: z.array(z.object({ figure: z.string(), id: z.string(), field: z.string(), stored: z.unknown(), expected: z.unknown() })),
  checked: z.object({ contacts: z.number(), campaigns: z.number(), pledges: z.number(), donations: z.number(), rollupRows: z.number(), tallies: z.number() }),
});

export const contactArchiveResponseSchema = z.object({ contactId: z.string(), archivedAt: z.string().nullable() });

export const giftsToReviewResponseSchema = z.object({
  gifts: z.array(
    z.object({
      id: z.string(),
      contactId: z.string().nullable(),
      contactName: z.string().nullable(),
      campaign: z.object({ id: z.string(), name: z.string() }).nullable(),
      donationAmount: z.number(),
      donationDate: z.string().nullable().meta({ description: 'Calendar date YYYY-MM-DD' }),
      paymentMethod: z.string(),
      status: z.string(),
      recordedBy: z.object({ id: z.string(), name: z.string() }).nullable().meta({ description: 'Who entered it (a Staff member at the time)' }),
      createdAt: z.string().nullable(),
    }),
  ),
  total: z.number(),
});

export const giftReviewResponseSchema = z.object({ reviewed: z.array(z.string()) });
