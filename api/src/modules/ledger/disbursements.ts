import type { Knex } from 'knex';
import { recordAudit } from '../../lib/audit';
import { recomputeExcessFor } from '../compliance/designation';
import { lockMoneyRows } from './figures';
import type { LedgerActor } from './trace';

// Disbursements: money going out of a committee (docs/adr/0012-the-ledger.md). The same three steps
// as every ledger operation: lock the contact a refund touches (ADR 0002's order), write the row,
// bring the figures derived from it back in line (a refund lowers the contributor's aggregate, so the
// excess flags of the gift's election are recomputed) and trace it in the audit trail. A void is a
// row of its own with the negative amount; nothing is deleted.

type Row = Record<string, unknown>;

/** Whose aggregate a refund changes: the contributor of the refunded gift, for the gift's election. */
export type RefundKey = { contactId: string; committeeId: string; electionCode: string | null };

async function reflag(trx: Knex.Transaction, accountId: string, keys: (RefundKey | null)[]): Promise<void> {
  await recomputeExcessFor(
    trx,
    accountId,
    keys.map((key) => (key && key.electionCode ? { contactId: key.contactId, committeeId: key.committeeId, electionCode: key.electionCode } : null)),
  );
}

/** Locks the contributors whose aggregates the write changes; call first in the transaction. */
export async function lockDisbursement(trx: Knex.Transaction, accountId: string, keys: (RefundKey | null)[]): Promise<void> {
  await lockMoneyRows(trx, accountId, keys.map((key) => key?.contactId));
}

export async function recordDisbursement(trx: Knex.Transaction, accountId: string, actor: LedgerActor, row: Row, refund: RefundKey | null, snapshot: Record<string, unknown>): Promise<void> {
  await trx('disbursements').insert(row);
  await reflag(trx, accountId, [refund]);
  await recordAudit(trx, { accountId, actor, entityType: 'disbursement', entityId: String(row.id), action: row.kind === 'refund' ? 'refund' : 'create', after: snapshot });
}

export async function changeDisbursement(
  trx: Knex.Transaction,
  accountId: string,
  actor: LedgerActor,
  id: string,
  changes: Row,
  refunds: { before: RefundKey | null; after: RefundKey | null },
  snapshots: { before: Record<string, unknown>; after: Record<string, unknown> },
): Promise<void> {
  await trx('disbursements').where({ accountId, id }).update(changes);
  await reflag(trx, accountId, [refunds.before, refunds.after]);
  await recordAudit(trx, { accountId, actor, entityType: 'disbursement', entityId: id, action: 'update', before: snapshots.before, after: snapshots.after });
}

export async function voidDisbursement(
  trx: Knex.Transaction,
  accountId: string,
  actor: LedgerActor,
  voided: { id: string; snapshot: Record<string, unknown> },
  entry: Row,
  refund: RefundKey | null,
  entrySnapshot: Record<string, unknown>,
): Promise<void> {
  await trx('disbursements').insert(entry);
  await reflag(trx, accountId, [refund]);
  await recordAudit(trx, [
    { accountId, actor, entityType: 'disbursement', entityId: voided.id, action: 'void', before: voided.snapshot, after: { ...voided.snapshot, voidedById: String(entry.id) } },
    { accountId, actor, entityType: 'disbursement', entityId: String(entry.id), action: 'create', after: entrySnapshot },
  ]);
}
