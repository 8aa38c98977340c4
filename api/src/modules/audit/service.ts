import {
  AUDIT_PAGE_SIZE,
  auditActionLabel,
  auditEntityLabel,
  auditFieldLabel,
  auditValueLabel,
  csvLine,
  CSV_BYTE_ORDER_MARK,
  DEFAULT_TIMEZONE,
  type AuditQuery,
} from '@caucus/contract';
import { addDays, dayStartMs } from '../../lib/calendarDays';
import type { AuditEntry } from '../../lib/audit';
import { parseUserAgent } from '../settings/userAgent';
import type { AuditFilter, AuditRepository } from './repository';

/** A CSV export holds at most this many entries (narrow the filters for more). */
export const AUDIT_CSV_MAX_ROWS = 100_000;

export type AuditPage = {
  entries: AuditEntry[];
  page: number;
  pageSize: number;
  total: number;
  authors: Array<{ id: string; name: string }>;
  /** Names of the records the entries' values point at, by id: a change reads "Campaign: Spring Drive", not an id. */
  names: Record<string, string>;
  /** The sessions the entries were made from, by id, as Settings > Security names them ("Chrome on macOS · IP 203.0.113.7"). */
  sessions: Record<string, string>;
};

/** The fields of an entry whose value is the id of another record, and the records they point at. */
const ID_FIELDS: Record<string, 'contacts' | 'campaigns' | 'committees'> = {
  contactId: 'contacts',
  payeeContactId: 'contacts',
  survivorId: 'contacts',
  mergedIntoId: 'contacts',
  campaignId: 'campaigns',
  committeeId: 'committees',
};

/** The record types whose names the trail reads, by the kind of id they are. */
const RECORD_KINDS: Readonly<Record<string, 'contacts' | 'campaigns' | 'committees'>> = { contact: 'contacts', campaign: 'campaigns', committee: 'committees' };

function referencedIds(entries: AuditEntry[]): { contacts: string[]; campaigns: string[]; committees: string[] } {
  const ids = { contacts: new Set<string>(), campaigns: new Set<string>(), committees: new Set<string>() };
  for (const entry of entries) {
    // The changed record itself, so a screen can name it (and link to it) by today's name.
    const own = RECORD_KINDS[entry.entityType];
    if (own) ids[own].add(entry.entityId);
    for (const values of [entry.before, entry.after]) {
      for (const [field, value] of Object.entries(values ?? {})) {
        const kind = ID_FIELDS[field];
        if (kind && typeof value === 'string' && value) ids[kind].add(value);
      }
    }
  }
  return { contacts: [...ids.contacts], campaigns: [...ids.campaigns], committees: [...ids.committees] };
}

/**
 * from/to are calendar days of the workspace, both included: a day starts at midnight in the
 * account's time zone, not in UTC (an edit at 9 pm in New York on the 3rd is the 3rd's).
 */
export function filterOf(query: AuditQuery, timeZone: string): AuditFilter {
  return {
    entityType: query.entityType || undefined,
    entityId: query.entityId || undefined,
    userId: query.userId || undefined,
    from: query.from ? new Date(dayStartMs(query.from, timeZone)) : undefined,
    until: query.to ? new Date(dayStartMs(addDays(query.to, 1), timeZone)) : undefined,
  };
}

const CSV_COLUMNS = ['When (UTC)', 'Who', 'User id', 'Session', 'Record type', 'Record id', 'Action', 'Field', 'Before', 'After'];

const cellText = (field: string, value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : auditValueLabel(field, String(value));

/** One CSV line per changed field (one for an entry with no fields), so a spreadsheet can filter by field. */
function csvLinesOf(entry: AuditEntry): string {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  const head = [
    entry.createdAt,
    entry.userName ?? (entry.userId ? '' : 'System'),
    entry.userId ?? '',
    entry.sessionId ?? '',
    auditEntityLabel(entry.entityType),
    entry.entityId,
    auditActionLabel(entry.action),
  ];
  if (fields.length === 0) return csvLine([...head, '', '', '']);
  // The record type, action, field and coded values as the app labels them (contract/auditLabels.ts),
  // the same words the screens show.
  return fields
    .map((field) => csvLine([...head, auditFieldLabel(field), cellText(field, entry.before?.[field]), cellText(field, entry.after?.[field])]))
    .join('');
}

export function createAuditService(repo: AuditRepository) {
  return {
    async page(accountId: string, query: AuditQuery): Promise<AuditPage> {
      const filter = filterOf(query, (await repo.timeZone(accountId)) ?? DEFAULT_TIMEZONE);
      const [entries, total, authors] = await Promise.all([
        repo.page(accountId, filter, (query.page - 1) * AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE),
        repo.count(accountId, filter),
        repo.authors(accountId),
      ]);
      const sessionIds = [...new Set(entries.map((entry) => entry.sessionId).filter((id): id is string => Boolean(id)))];
      const [names, sessionRows] = await Promise.all([repo.names(accountId, referencedIds(entries)), repo.sessions(sessionIds)]);
      const sessions: Record<string, string> = {};
      for (const row of sessionRows) {
        const { browser, os } = parseUserAgent(row.userAgent);
        sessions[row.id] = `${browser} on ${os}${row.ip ? ` · IP ${row.ip}` : ''}`;
      }
      return { entries, page: query.page, pageSize: AUDIT_PAGE_SIZE, total, authors, names, sessions };
    },

    async csv(accountId: string, query: AuditQuery): Promise<string> {
      const filter = filterOf(query, (await repo.timeZone(accountId)) ?? DEFAULT_TIMEZONE);
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
