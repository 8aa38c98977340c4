import type { Knex } from 'knex';
import type { AuditLogRow } from '../db/rows';
import { fromJsonText, nowUtc, toIsoDateTime, toJsonText } from '../db/values';
import { newId } from './ids';
import { insertInBatches } from '../db/batch';

/**
 * The audit trail (table audit_log): who changed what, when, from which session, before and after.
 *
 * Every write that matters records one entry in the same transaction as the change itself, so an
 * entry exists exactly when its change does. The trail is append-only: this module is the only code
 * that touches the table, and it only inserts and reads.
 */

/** Who made a change: the signed-in user and session, or the system (jobs, webhooks) when null. */
export type AuditActor = { userId: string | null; sessionId?: string | null };

export type AuditEntryInput = {
  accountId: string;
  actor: AuditActor;
  /** What kind of record changed: 'donation', 'pledge', 'contact', 'campaign', 'import', ... */
  entityType: string;
  entityId: string;
  /** What happened, as a verb: 'create', 'update', 'void', 'archive', 'refund', 'merge', ... */
  action: string;
  /** The fields that changed, as they were; null for a creation. */
  before?: Record<string, unknown> | null;
  /** The same fields afterwards; null for a removal. */
  after?: Record<string, unknown> | null;
};

export type AuditEntry = {
  id: string;
  entityType: string;
  entityId: string;
  action: string;
  userId: string | null;
  userName: string | null;
  sessionId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
};

/** Records entries inside the caller's transaction. The author's name is kept as it is now. */
export async function recordAudit(db: Knex | Knex.Transaction, entries: AuditEntryInput | AuditEntryInput[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  const userIds = [...new Set(list.map((entry) => entry.actor.userId).filter((id): id is string => Boolean(id)))];
  const names = new Map<string, string>();
  if (userIds.length > 0) {
    const users = await db('users').whereIn('id', userIds).select('id', 'firstName', 'lastName');
    for (const user of users) names.set(String(user.id), `${user.firstName} ${user.lastName}`.trim());
  }
  const createdAt = nowUtc();
  await insertInBatches(
    db,
    'audit_log',
    list.map((entry) => ({
      id: newId(),
      accountId: entry.accountId,
      userId: entry.actor.userId ?? null,
      userName: entry.actor.userId ? (names.get(entry.actor.userId) ?? null) : null,
      sessionId: entry.actor.sessionId ?? null,
      entityType: entry.entityType,
      entityId: entry.entityId,
      action: entry.action,
      beforeJson: entry.before ? toJsonText(entry.before) : null,
      afterJson: entry.after ? toJsonText(entry.after) : null,
      createdAt,
    })),
  );
}

/** The fields whose values differ between two snapshots, as a before/after pair of objects. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    was[key] = before[key] ?? null;
    is[key] = after[key] ?? null;
  }
  return Object.keys(is).length === 0 ? null : { before: was, after: is };
}

export function toAuditEntry(row: AuditLogRow): AuditEntry {
  const json = (value: string | null) => (value === null ? null : (fromJsonText(value) as Record<string, unknown> | null));
  return {
    id: row.id,
    entityType: row.entityType,
    entityId: row.entityId,
    action: row.action,
    userId: row.userId,
    userName: row.userName,
    sessionId: row.sessionId,
    before: json(row.beforeJson),
    after: json(row.afterJson),
    createdAt: toIsoDateTime(row.createdAt) ?? '',
  };
}

/** One record's history, newest first. */
export async function auditOf(db: Knex, accountId: string, entityType: string, entityId: string, limit = 100): Promise<AuditEntry[]> {
  const rows = await db('audit_log')
    .where({ accountId, entityType, entityId })
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
  return rows.map(toAuditEntry);
}
