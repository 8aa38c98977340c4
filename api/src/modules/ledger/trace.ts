import type { Knex } from 'knex';
import { toIsoDate, toMoney, type DbDateTime } from '../../db/values';
import { changedFields, recordAudit, type AuditActor } from '../../lib/audit';

// Every change to money leaves an entry in the audit trail (lib/audit.ts), in the operation's own
// transaction: who, when, from which session, and the gift's money fields before and after. The
// contact stays in both snapshots, so a contact's history finds every entry about its gifts, even
// of gifts since removed or moved to someone else.

// A donation or pledge as stored or as it is being written (a stored row with the edit spread over
// it, an import's built row): the snapshots read it field by field, whatever made it.
type Row = Record<string, unknown>;

export type LedgerActor = AuditActor;

/** The system (an import job, a migration), when no person made the change. */
export const SYSTEM: LedgerActor = { userId: null, sessionId: null };

const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** The fields of a donation that carry money or an obligation: what its trace records. */
export function donationSnapshot(row: Row): Record<string, unknown> {
  return {
    contactId: str(row.contactId),
    campaignId: str(row.campaignId),
    donationAmount: toMoney(row.donationAmount),
    donationDate: toIsoDate(row.donationDate as DbDateTime),
    status: str(row.status),
    paymentMethod: str(row.paymentMethod),
    electionCode: str(row.electionCode),
    pledgeId: str(row.pledgeId),
    remedyAction: str(row.remedyAction),
    remedyOfId: str(row.remedyOfId),
  };
}

export function pledgeSnapshot(row: Row): Record<string, unknown> {
  return {
    contactId: str(row.contactId),
    campaignId: str(row.campaignId),
    pledgeAmount: toMoney(row.pledgeAmount),
    pledgeDate: toIsoDate(row.pledgeDate as DbDateTime),
    dueDate: toIsoDate(row.dueDate as DbDateTime),
    status: str(row.status),
  };
}

type Entity = 'donation' | 'pledge';

/** Records a creation, change or removal of gifts; an edit that changed nothing leaves no entry. */
export async function traceMoney(
  trx: Knex.Transaction,
  accountId: string,
  actor: LedgerActor,
  entityType: Entity,
  changes: { id: string; action: string; before: Row | null; after: Row | null }[],
): Promise<void> {
  const snap = entityType === 'donation' ? donationSnapshot : pledgeSnapshot;
  const entries = [];
  for (const change of changes) {
    const before = change.before ? snap(change.before) : null;
    const after = change.after ? snap(change.after) : null;
    if (before && after) {
      const diff = changedFields(before, after);
      if (!diff) continue;
      // The contact is always named, so its history lists the entry.
      entries.push({
        accountId,
        actor,
        entityType,
        entityId: change.id,
        action: change.action,
        before: { ...diff.before, contactId: before.contactId },
        after: { ...diff.after, contactId: after.contactId },
      });
    } else {
      entries.push({ accountId, actor, entityType, entityId: change.id, action: change.action, before, after });
    }
  }
  await recordAudit(trx, entries);
}
