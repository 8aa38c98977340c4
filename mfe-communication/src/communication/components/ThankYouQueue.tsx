import { useState } from 'react';
import { Badge, Button, Card, Checkbox, EmptyState, ErrorState, Pagination, Select, Skeleton, TextField } from '@caucus/design-system';
import { apiUrl, formatCalendarDate, toast, useCan, formatUsd } from '@caucus/platform';
import type { AckFilters, AcknowledgeResult } from '../api/communicationApi';
import { useAcknowledge, useCampaignOptions, useQueue, useTemplates, useYearEnd } from '../hooks/useCommunication';
import { METHOD_OPTIONS } from '../utils/format';
import styles from './Communication.module.css';

const NO_FILTERS: AckFilters = { campaignId: '', method: '', minAmount: '', maxAmount: '', page: 1 };

/** The gifts nobody has thanked yet, oldest first, and the batch that thanks them. */
export function ThankYouQueue() {
  const [filters, setFilters] = useState<AckFilters>(NO_FILTERS);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [templateId, setTemplateId] = useState('');
  const [result, setResult] = useState<AcknowledgeResult | null>(null);
  const queue = useQueue(filters);
  const campaigns = useCampaignOptions();
  const templates = useTemplates();
  const thank = useAcknowledge();
  // Thanking sends and records: communication.write (contract/permissions.ts); other roles only read the queue.
  const canSend = useCan('communication.write');
  const rows = queue.data?.acknowledgments ?? [];
  const ackTemplates = (templates.data ?? []).filter((t) => t.purpose === 'acknowledgment');

  const setFilter = (key: keyof AckFilters, value: string) => {
    setFilters((current) => ({ ...current, [key]: value, page: 1 }));
    setSelected(new Set());
  };
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.donationId));

  const handleThank = (channel: 'auto' | 'not_needed') => {
    thank.mutate(
      { donationIds: [...selected], templateId: templateId || null, channel },
      {
        onSuccess: (data) => {
          setResult(data);
          setSelected(new Set());
          toast.success(channel === 'not_needed' ? `${data.notNeeded} marked as not needing thanks` : `Thanked ${data.emailed + data.letters} gifts`);
        },
        onError: (error) => toast.error(error instanceof Error ? error.message : 'Could not thank these gifts'),
      },
    );
  };

  return (
    <div className={styles.stack}>
      <Card title="Not yet thanked" subtitle="Oldest first. Donors with an email address get an email; the others a printed letter.">
        <div className={styles.filters}>
          <Select
            label="Campaign"
            value={filters.campaignId}
            onChange={(e) => setFilter('campaignId', e.target.value)}
            options={[{ value: '', label: 'All campaigns' }, ...(campaigns.data ?? [])]}
          />
          <Select
            label="Method"
            value={filters.method}
            onChange={(e) => setFilter('method', e.target.value)}
            options={[{ value: '', label: 'Any method' }, ...METHOD_OPTIONS]}
          />
          <TextField label="Smallest gift" inputMode="decimal" value={filters.minAmount} onChange={(e) => setFilter('minAmount', e.target.value)} />
          <TextField label="Largest gift" inputMode="decimal" value={filters.maxAmount} onChange={(e) => setFilter('maxAmount', e.target.value)} />
        </div>
        {queue.isPending ? (
          <Skeleton lines={5} />
        ) : queue.isError ? (
          <ErrorState title="The queue could not be loaded" error={queue.error} onRetry={() => void queue.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState title="Every gift is thanked" message="New gifts appear here until someone thanks them." headingLevel={3} />
        ) : (
          <>
            <div className={styles.tableWrap} role="region" aria-label="Gifts waiting for thanks" tabIndex={0}>
              <table className={styles.table}>
                <caption className={styles.caption}>{queue.data.total} gifts waiting for thanks</caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <Checkbox
                        label="Select all on this page"
                        checked={allOnPage}
                        onChange={() => setSelected(allOnPage ? new Set() : new Set(rows.map((r) => r.donationId)))}
                      />
                    </th>
                    <th scope="col">Donor</th>
                    <th scope="col">Gift</th>
                    <th scope="col">Date</th>
                    <th scope="col">Waiting</th>
                    <th scope="col">Campaign</th>
                    <th scope="col">Sent by</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.donationId}>
                      <td data-label="Select">
                        <Checkbox
                          label={`Select the gift of ${formatUsd(row.amount)} from ${row.contactName}`}
                          checked={selected.has(row.donationId)}
                          onChange={() => toggle(row.donationId)}
                        />
                      </td>
                      <td data-label="Donor">{row.contactName}</td>
                      <td data-label="Gift">
                        {formatUsd(row.amount)} <span className={styles.muted}>{row.paymentMethod.replace(/_/g, ' ')}</span>
                      </td>
                      <td data-label="Date">{formatCalendarDate(row.donationDate)}</td>
                      <td data-label="Waiting">
                        <Badge tone={row.daysWaiting > 2 ? 'warning' : 'neutral'}>{row.daysWaiting === 1 ? '1 day' : `${row.daysWaiting} days`}</Badge>
                      </td>
                      <td data-label="Campaign">{row.campaignName ?? '—'}</td>
                      <td data-label="Sent by">{row.email ? 'Email' : 'Letter'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              page={filters.page}
              pageCount={Math.max(1, Math.ceil(queue.data.total / queue.data.pageSize))}
              onPageChange={(page) => setFilters((f) => ({ ...f, page }))}
              total={queue.data.total}
              itemLabel="gifts"
            />
          </>
        )}
        {canSend && (
          <div className={styles.actions}>
            <Select
              label="Template"
              value={templateId}
              onChange={(e) => setTemplateId(e.target.value)}
              options={[{ value: '', label: 'By each campaign’s rule' }, ...ackTemplates.map((t) => ({ value: t.id, label: t.name }))]}
            />
            <Button onClick={() => handleThank('auto')} disabled={selected.size === 0} loading={thank.isPending}>
              Thank {selected.size > 0 ? selected.size : ''} selected
            </Button>
            <Button variant="secondary" onClick={() => handleThank('not_needed')} disabled={selected.size === 0 || thank.isPending}>
              No thanks needed
            </Button>
          </div>
        )}
        {result && <BatchResult result={result} />}
      </Card>
      {canSend && <YearEndCard />}
    </div>
  );
}

function BatchResult({ result }: { result: AcknowledgeResult }) {
  return (
    <div className={styles.result} role="status">
      <p>
        {result.emailed} {result.emailed === 1 ? 'email' : 'emails'} on the way, {result.letters} {result.letters === 1 ? 'letter' : 'letters'} to print
        {result.alreadyDone > 0 ? `, ${result.alreadyDone} already thanked` : ''}.
      </p>
      {result.letterUrl && (
        <a className={styles.link} href={apiUrl(result.letterUrl.replace(/^\/api/, ''))} target="_blank" rel="noreferrer">
          Open the letters (PDF)
        </a>
      )}
    </div>
  );
}

function YearEndCard() {
  const templates = useTemplates();
  const run = useYearEnd();
  const yearTemplates = (templates.data ?? []).filter((t) => t.purpose === 'year_end');
  const [templateId, setTemplateId] = useState('');
  const [year, setYear] = useState(String(new Date().getFullYear()));
  const [result, setResult] = useState<AcknowledgeResult | null>(null);
  return (
    <Card title="Year-end summaries" subtitle="One letter per donor listing the year’s gifts, the receipt donors keep for their taxes.">
      <div className={styles.actions}>
        <TextField label="Year" inputMode="numeric" value={year} onChange={(e) => setYear(e.target.value)} />
        <Select
          label="Year-end template"
          value={templateId}
          onChange={(e) => setTemplateId(e.target.value)}
          options={[{ value: '', label: 'Choose a template' }, ...yearTemplates.map((t) => ({ value: t.id, label: t.name }))]}
        />
        <Button
          variant="secondary"
          disabled={!templateId}
          loading={run.isPending}
          onClick={() =>
            run.mutate(
              { year: Number(year), templateId },
              { onSuccess: setResult, onError: (e) => toast.error(e instanceof Error ? e.message : 'Could not write the letters') },
            )
          }
        >
          Write the letters
        </Button>
      </div>
      {result && <BatchResult result={result} />}
    </Card>
  );
}
