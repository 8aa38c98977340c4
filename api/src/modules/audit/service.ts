import { AUDIT_PAGE_SIZE, csvLine, CSV_BYTE_ORDER_MARK, type AuditQuery } from '../../contract';
import type { AuditEntry } from '../../lib/audit';
import type { AuditFilter, AuditRepository } from './repository';

const DAY_MS = 24 * 3600 * 1000;
/** A CSV export holds at most this many entries (narrow the filters for more). */
export const AUDIT_CSV_MAX_ROWS = 100_000;

export type AuditPage = { entries: AuditEntry[]; page: number; pageSize: number; total: number; authors: Array<{ id: string; name: string }> };

/** from/to are calendar days, both included (UTC days). */
export function filterOf(query: AuditQuery): AuditFilter {
  return {
    entityType: query.entityType || undefined,
    entityId: query.entityId || undefined,
    userId: query.userId || undefined,
    from: query.from ? new Date(`${query.from}T00:00:00.000Z`) : undefined,
    until: query.to ? new Date(Date.parse(`${query.to}T00:00:00.000Z`) + DAY_MS) : undefined,
  };
}

const CSV_COLUMNS = ['When (UTC)', 'Who', 'User id', 'Session', 'Record type', 'Record id', 'Action', 'Field', 'Before', 'After'];

const cellText = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** One CSV line per changed field (one for an entry with no fields), so a spreadsheet can filter by field. */
function csvLinesOf(entry: AuditEntry): string {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  const head = [entry.createdAt, entry.userName ?? (entry.userId ? '' : 'System'), entry.userId ?? '', entry.sessionId ?? '', entry.entityType, entry.entityId, entry.action];
  if (fields.length === 0) return csvLine([...head, '', '', '']);
  return fields.map((field) => csvLine([...head, field, cellText(entry.before?.[field]), cellText(entry.after?.[field])])).join('');
}

export function createAuditService(repo: AuditRepository) {
  return {
    async page(accountId: string, query: AuditQuery): Promise<AuditPage> {
      const filter = filterOf(query);
      const [entries, total, authors] = await Promise.all([
        repo.page(accountId, filter, (query.page - 1) * AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE),
        repo.count(accountId, filter),
        repo.authors(accountId),
      ]);
      return { entries, page: query.page, pageSize: AUDIT_PAGE_SIZE, total, authors };
    },

    async csv(accountId: string, query: AuditQuery): Promise<string> {
      const filter = filterOf(query);
      const chunks = [CSV_BYTE_ORDER_MARK, csvLine(CSV_COLUMNS)];
      const batch = 1000;
      for (let offset = 0; offset < AUDIT_CSV_MAX_ROWS; offset += batch) {
        const entries = await repo.page(accountId, filter, offset, batch);
        for (const entry of entries) chunks.push(csvLinesOf(entry));
        if (entries.length < batch) break;
      }
      return chunks.join('');
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
