import type { Knex } from 'knex';
import type { AuditLogRow } from '../../db/rows';
import { toAuditEntry, type AuditEntry } from '../../lib/audit';

export type AuditFilter = { entityType?: string; entityId?: string; userId?: string; from?: Date; until?: Date };

/**
 * The read side of the audit trail (lib/audit.ts writes it). Reads only: no code path of the API
 * updates or deletes an entry.
 */
export function createAuditRepository(knex: Knex) {
  function filtered(accountId: string, filter: AuditFilter): Knex.QueryBuilder<AuditLogRow, AuditLogRow[]> {
    const query = knex<AuditLogRow>('audit_log').where({ accountId });
    if (filter.entityType) query.andWhere('entityType', filter.entityType);
    if (filter.entityId) query.andWhere('entityId', filter.entityId);
    if (filter.userId) query.andWhere('userId', filter.userId);
    if (filter.from) query.andWhere('createdAt', '>=', filter.from);
    if (filter.until) query.andWhere('createdAt', '<', filter.until);
    return query;
  }

  return {
    async page(accountId: string, filter: AuditFilter, offset: number, limit: number): Promise<AuditEntry[]> {
      const rows = await filtered(accountId, filter)
        .orderBy([
          { column: 'createdAt', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .offset(offset)
        .limit(limit);
      return rows.map(toAuditEntry);
    },

    async count(accountId: string, filter: AuditFilter): Promise<number> {
      const row = await filtered(accountId, filter).count<{ count: number | string }[]>({ count: '*' }).first();
      return Number(row?.count ?? 0);
    },

    /** The workspace's time zone: the filters' calendar days are its days. */
    async timeZone(accountId: string): Promise<string | null> {
      const row: { timezone: string | null } | undefined = await knex('accounts').where({ id: accountId }).first('timezone');
      return row?.timezone || null;
    },

    /** Today's names of the account's records with these ids (a contact, a campaign, a committee). */
    async names(accountId: string, ids: { contacts: string[]; campaigns: string[]; committees: string[] }): Promise<Record<string, string>> {
      const names: Record<string, string> = {};
      if (ids.contacts.length > 0) {
        const rows: { id: string; firstName: string | null; lastName: string | null; organization: string | null }[] = await knex('contacts')
          .where({ accountId })
          .whereIn('id', ids.contacts)
          .select('id', 'firstName', 'lastName', 'organization');
        for (const row of rows) names[row.id] = [row.firstName, row.lastName].filter(Boolean).join(' ') || (row.organization ?? '');
      }
      for (const [table, list] of [
        ['campaigns', ids.campaigns],
        ['committees', ids.committees],
      ] as const) {
        if (list.length === 0) continue;
        const rows: { id: string; name: string }[] = await knex(table).where({ accountId }).whereIn('id', list).select('id', 'name');
        for (const row of rows) names[row.id] = row.name;
      }
      return names;
    },

    /**
     * The sessions the entries were made from, as their members saw them (browser, system, IP).
     * Only ids the account's own entries carry are asked for, so no other account's session shows.
     */
    async sessions(ids: string[]): Promise<Array<{ id: string; userAgent: string | null; ip: string | null }>> {
      if (ids.length === 0) return [];
      const rows: { id: string; userAgent: string | null; ip: string | null }[] = await knex('sessions').whereIn('id', ids).select('id', 'userAgent', 'ip');
      return rows.map((row) => ({ id: row.id, userAgent: row.userAgent, ip: row.ip }));
    },

    /** The account's members and former authors, for the filter by user. */
    async authors(accountId: string): Promise<Array<{ id: string; name: string }>> {
      const rows: { userId: string; userName: string | null }[] = await knex('audit_log')
        .where({ accountId })
        .whereNotNull('userId')
        .distinct('userId', 'userName');
      const byId = new Map<string, string>();
      for (const row of rows) byId.set(row.userId, row.userName ?? '');
      return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
