// Response schemas of the ledger's routes, for the OpenAPI document (kept out of index.ts, like
// responses.ts). The assertions at the bottom fail the typecheck when a schema and its type drift.
import { z } from 'zod';
import type { ContactArchiveResponse, MoneyHistoryResponse, ReconcileResponse } from './ledger';

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

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const check = <T extends true>(): T => true as T;
void check<Same<z.infer<typeof moneyHistoryResponseSchema>, MoneyHistoryResponse>>();
void check<Same<z.infer<typeof reconcileResponseSchema>, ReconcileResponse>>();
void check<Same<z.infer<typeof contactArchiveResponseSchema>, ContactArchiveResponse>>();
