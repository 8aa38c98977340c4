import { useState } from 'react';
import { Link } from 'react-router';
import { Button, ErrorState, Pagination, Select, Spinner, TextField } from '@caucus/design-system';
import { api, apiUrl, formatDateTime, formatDay, formatUsd, keepPreviousData, useQuery, useWorkspaceDatePreferences } from '@caucus/platform';
import {
  AUDIT_DAY_FIELDS,
  AUDIT_ENTITY_LABELS,
  AUDIT_MONEY_FIELDS,
  AUDIT_PAGE_SIZE,
  auditActionLabel,
  auditEntityLabel,
  auditFieldLabel,
  auditValueLabel,
} from '@caucus/contract';
import { FormSection, SettingsPage } from '../SettingsPage';
import settingsStyles from '../Settings.module.css';
import styles from './AuditSettings.module.css';
import { teamKeys } from './teamApi';

type AuditEntry = {
  id: string;
  entityType: string;
  entityId: string;
  action: string;
  userId: string | null;
  userName: string | null;
  sessionId?: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
};
type AuditPage = {
  entries: AuditEntry[];
  page: number;
  pageSize: number;
  total: number;
  authors: Array<{ id: string; name: string }>;
  names?: Record<string, string>;
  sessions?: Record<string, string>;
};
type Filters = { entityType: string; userId: string; from: string; to: string };

// Every record type of the trail, by its label (contract/auditLabels.ts).
export const RECORD_TYPES = Object.entries(AUDIT_ENTITY_LABELS)
  .map(([value, label]) => ({ value, label: label.many }))
  .sort((a, b) => a.label.localeCompare(b.label));

const show = (field: string, value: unknown, names: Record<string, string>): string => {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'object') return JSON.stringify(value);
  // Money as dollars, a calendar day in the workspace's format, the id of a contact, campaign or
  // committee as its name, a code as its label.
  if (AUDIT_MONEY_FIELDS.has(field) && Number.isFinite(Number(value))) return formatUsd(Number(value));
  if (AUDIT_DAY_FIELDS.has(field) && typeof value === 'string') return formatDay(value) || value;
  return names[String(value)] ?? auditValueLabel(field, String(value));
};
const empty = (value: unknown) => value === null || value === undefined || value === '';

/** The fields of one entry: each as it was and as it became. */
function Changes({ entry, names }: { entry: AuditEntry; names: Record<string, string> }) {
  // A gift's trace names its contributor on both sides (so the contact's history finds it): a field
  // that did not change is not shown as a change. A record created or removed lists what it held:
  // its empty fields say nothing.
  const single = entry.before ? (entry.after ? null : entry.before) : entry.after;
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])].filter((field) =>
    single
      ? !empty(single[field])
      : !(entry.before && entry.after && JSON.stringify(entry.before[field] ?? null) === JSON.stringify(entry.after[field] ?? null)),
  );
  if (fields.length === 0) return null;
  return (
    <dl className={styles.changes}>
      {fields.map((field) => (
        <div key={field} className={styles.change}>
          <dt>{auditFieldLabel(field)}</dt>
          <dd>
            {entry.before ? <span className={styles.before}>{show(field, entry.before[field], names)}</span> : null}
            {entry.before && entry.after ? <span aria-label="became"> → </span> : null}
            {entry.after ? <span className={styles.after}>{show(field, entry.after[field], names)}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The page of a record the trail names, for the record types that have one of their own. */
const RECORD_PAGES: Readonly<Record<string, (id: string) => string>> = {
  contact: (id) => `/dashboard/contacts/${id}`,
  campaign: (id) => `/dashboard/campaigns/${id}`,
  fec_report: (id) => `/dashboard/financials/reports/${id}`,
  call_session: (id) => `/dashboard/calls-meetings/sessions/${id}`,
};

/** The changed record: a link to its page where it has one (by its name when the trail knows it), else its id. */
function RecordReference({ entry, names }: { entry: AuditEntry; names: Record<string, string> }) {
  const page = RECORD_PAGES[entry.entityType];
  if (!page) return <>record {entry.entityId}</>;
  return <Link to={page(entry.entityId)}>{names[entry.entityId] ?? `Open this ${auditEntityLabel(entry.entityType).toLowerCase()}`}</Link>;
}

/** A list of audit entries, newest first; used by Settings > Audit and a record's History. */
export function AuditEntries({
  entries,
  names = {},
  sessions = {},
}: {
  entries: AuditEntry[];
  names?: Record<string, string>;
  sessions?: Record<string, string>;
}) {
  if (entries.length === 0) return <p className={settingsStyles.itemText}>No changes match.</p>;
  return (
    <ol className={styles.entries} aria-label="Audit entries">
      {entries.map((entry) => (
        <li key={entry.id} className={styles.entry}>
          <p className={settingsStyles.itemTitle}>
            {auditEntityLabel(entry.entityType)} {auditActionLabel(entry.action)}
          </p>
          <p className={settingsStyles.itemText}>
            {formatDateTime(entry.createdAt)} · {entry.userName ?? (entry.userId ? 'Former user' : 'System')}
            {entry.sessionId && sessions[entry.sessionId] ? ` · from ${sessions[entry.sessionId]}` : ''} · <RecordReference entry={entry} names={names} />
          </p>
          <Changes entry={entry} names={names} />
        </li>
      ))}
    </ol>
  );
}

const EMPTY: Filters = { entityType: '', userId: '', from: '', to: '' };

export function AuditSettings() {
  // The API reads from/to as calendar days of the workspace's time zone.
  const zone = useWorkspaceDatePreferences().timezone.replace(/_/g, ' ');
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const query = { ...filters, page };
  const audit = useQuery({
    queryKey: teamKeys.audit(query),
    queryFn: ({ signal }) => api.get<AuditPage>('/audit', { signal, query }),
    placeholderData: keepPreviousData,
  });
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => setDraft((previous) => ({ ...previous, [key]: event.target.value }));
  const apply = (event: React.FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPage(1);
  };
  const authors = audit.data?.authors ?? [];

  return (
    <SettingsPage title="Audit" subtitle="Who changed what, when, and from which session. The trail cannot be edited or deleted.">
      <FormSection title="Filters">
        <form className={styles.filters} onSubmit={apply} aria-label="Audit filters">
          <Select label="Record type" value={draft.entityType} onChange={set('entityType')} placeholder="All records" options={RECORD_TYPES} />
          <Select
            label="User"
            value={draft.userId}
            onChange={set('userId')}
            placeholder="Everyone"
            options={authors.map((author) => ({ value: author.id, label: author.name || author.id }))}
          />
          <TextField label="From" type="date" value={draft.from} onChange={set('from')} hint={`Days in ${zone}`} />
          <TextField label="To" type="date" value={draft.to} onChange={set('to')} />
          <div className={styles.filterActions}>
            <Button type="submit">Apply filters</Button>
            <a className={styles.download} href={apiUrl('/audit', { ...filters, format: 'csv' })} download>
              Download CSV
            </a>
          </div>
        </form>
      </FormSection>
      <FormSection title="Changes">
        {audit.data ? (
          <>
            <AuditEntries entries={audit.data.entries} names={audit.data.names} sessions={audit.data.sessions} />
            {audit.data.total > AUDIT_PAGE_SIZE ? (
              <Pagination
                page={page}
                pageCount={Math.ceil(audit.data.total / AUDIT_PAGE_SIZE)}
                onPageChange={setPage}
                total={audit.data.total}
                itemLabel="changes"
              />
            ) : null}
          </>
        ) : audit.isError ? (
          <ErrorState title="The audit trail could not be loaded" error={audit.error} onRetry={() => void audit.refetch()} />
        ) : (
          <Spinner label="Loading the audit trail" />
        )}
      </FormSection>
    </SettingsPage>
  );
}
