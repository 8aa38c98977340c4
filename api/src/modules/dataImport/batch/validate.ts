import type { Knex } from 'knex';
import { mapImportRow, validateImportRow, type ImportRowValues } from '@caucus/contract';
import type { DataImportRepository, PendingChunk } from '../repository';

// The batch's rows checked on their own, before any lock: the contract's rules (the same code the
// review grid runs, docs/adr/0007-import-pipeline-and-jobs.md), then the transaction ids the account
// already holds. A row that fails keeps its reason and is skipped; it never fails the batch.

/** One row of the batch as it is worked: its values, and why it is skipped once something says so. */
export type BatchRow = { rowNumber: number; cells: unknown[]; values: ImportRowValues; reason: string | null };

export const CONTACT_NOT_FOUND_REASON = 'Contact not found';
export const duplicateTransactionReason = (id: string) => `Transaction ID "${id}" already exists in this account`;

/** The chunk's rows keyed by the import's headers, mapped to fields and validated as of `today`. */
export function validateChunkRows(chunk: PendingChunk, headers: string[], mapping: Record<string, string>, today: string): BatchRow[] {
  return chunk.rows.map(({ rowNumber, cells }) => {
    // The file's row by header, as the contract's mapping reads it.
    const keyed: Record<string, unknown> = {};
    headers.forEach((header, i) => {
      keyed[header] = cells[i];
    });
    const { values, errors } = validateImportRow(mapImportRow(keyed, mapping), today);
    return { rowNumber, cells, values, reason: errors.length > 0 ? errors.map((e) => e.message).join('; ') : null };
  });
}

/** A transaction id already in the account (or earlier in the file) is the same gift sent twice. */
export async function skipRepeatedTransactionIds(
  repo: DataImportRepository,
  planner: Knex | Knex.Transaction,
  accountId: string,
  rows: BatchRow[],
): Promise<void> {
  const txIds = rows.filter((w) => !w.reason && w.values.donation?.transactionId).map((w) => w.values.donation!.transactionId!);
  const existingTx = await repo.existingTransactionIds(planner, accountId, txIds);
  for (const w of rows) {
    const txId = w.values.donation?.transactionId;
    if (w.reason || !txId) continue;
    if (existingTx.has(txId)) w.reason = duplicateTransactionReason(txId);
    else existingTx.add(txId);
  }
}

/** The contacts a row names by id (its own, its donation's, its pledge's). */
export const namedIdsOf = (w: BatchRow): string[] =>
  [w.values.contactId, w.values.donation?.contactId, w.values.pledge?.contactId].filter((id): id is string => Boolean(id));

/** The people of the rows still kept, to match against the account's contacts: each row's, and its associate's. */
export function peopleOf(rows: BatchRow[]): ImportRowValues[] {
  return rows
    .filter((w) => !w.reason)
    .flatMap((w) => {
      const list = [w.values];
      if (w.values.associate) list.push({ ...w.values, ...w.values.associate, zipCode: w.values.zipCode } as ImportRowValues);
      return list;
    });
}

/** Contacts named by id must be this account's (and still there), as the locks found them. */
export function skipUnknownContacts(rows: BatchRow[], locked: Map<string, unknown>): void {
  for (const w of rows) {
    if (!w.reason && namedIdsOf(w).some((id) => !locked.has(id))) w.reason = CONTACT_NOT_FOUND_REASON;
  }
}
