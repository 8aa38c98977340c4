import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, EmptyState, ErrorState, Select, Spinner, TextField, buttonClassName } from '@caucus/design-system';
import { REMEDY_ACTION_VALUES, type Committee, type ExcessiveContribution, type RemedyAction } from '@caucus/contract';
import { formatDateTime, formatDay, formatUsd, useCan, workspaceCalendarDate } from '@caucus/platform';
import { complianceKeys, fetchCommittees, fetchExcessive, fetchNotices, postNoticeFiled, scheduleAUrl } from '../../api/complianceApi';
import { LimitSettings } from '../LimitSettings';
import { RemedyDialog, REMEDY_LABELS } from '../RemedyDialog';
import phoneCards from '../../phoneCards.module.css';
import styles from './CompliancePanel.module.css';

/** Earliest deadline first, whatever order the rows arrive in: the most urgent remedy leads. */
export function byDeadline(rows: ExcessiveContribution[]): ExcessiveContribution[] {
  return [...rows].sort((x, y) => x.deadline.localeCompare(y.deadline) || x.donationDate.localeCompare(y.donationDate));
}

export type CompliancePanelProps = {
  /** Today as a calendar date; overdue remedies are marked against it. */
  today?: string;
};

/** The Compliance tab (docs/product/compliance.md): excessive contributions to remedy, 48-hour notices, and Schedule A. */
export function CompliancePanel({ today = workspaceCalendarDate() }: CompliancePanelProps) {
  const committees = useQuery({ queryKey: complianceKeys.committees, queryFn: ({ signal }) => fetchCommittees(signal) });
  const [chosen, setChosen] = useState('');
  const list = committees.data?.committees ?? [];
  // The first committee with an FEC id is the one a treasurer most likely files for.
  const committee = list.find((c) => c.id === chosen) ?? list.find((c) => c.fecId) ?? list[0];

  if (committees.isError) {
    return <ErrorState title="Failed to load committees" error={committees.error} onRetry={() => void committees.refetch()} retrying={committees.isFetching} />;
  }
  if (!committees.data) return <Spinner label="Loading committees" />;
  if (!committee) {
    return (
      <EmptyState
        title="No committees yet"
        message="Add your committee with its FEC id, filing form and elections in a campaign's Committees & Accounts tab; its contribution limits, notices and Schedule A appear here."
      />
    );
  }
  return (
    <div className={styles.stack}>
      <Select
        label="Committee"
        value={committee.id}
        options={list.map((c) => ({ value: c.id, label: c.fecId ? `${c.name} (${c.fecId})` : c.name }))}
        onChange={(event) => setChosen(event.target.value)}
      />
      <ExcessiveQueue committee={committee} today={today} />
      <Notices committeeId={committee.id} today={today} />
      <ScheduleA committee={committee} today={today} />
      <LimitSettings />
    </div>
  );
}

function ExcessiveQueue({ committee, today }: { committee: Committee; today: string }) {
  const excessive = useQuery({ queryKey: complianceKeys.excessive(committee.id), queryFn: ({ signal }) => fetchExcessive(committee.id, signal) });
  const [open, setOpen] = useState<{ contribution: ExcessiveContribution; action: RemedyAction } | null>(null);
  // A remedy moves money: compliance.write (contract/permissions.ts); other roles see the deadlines.
  const canRemedy = useCan('compliance.write');
  const rows = byDeadline(excessive.data?.contributions ?? []);
  return (
    <Card title="Excessive contributions" subtitle="Refund, redesignate or reattribute each excess within 60 days of receipt." headingLevel={3}>
      {excessive.isError ? (
        <ErrorState
          title="Failed to load excessive contributions"
          error={excessive.error}
          onRetry={() => void excessive.refetch()}
          retrying={excessive.isFetching}
        />
      ) : !excessive.data ? (
        <Spinner label="Loading excessive contributions" />
      ) : rows.length === 0 ? (
        <p className={styles.muted}>No contributor is over the limit for any election.</p>
      ) : (
        <div className={styles.scroll}>
          {/* A card per contribution on a phone (ExcessiveQueue's CSS): nothing is left off-screen. */}
          <table className={`${styles.table} ${phoneCards.cards}`}>
            <caption className={styles.srOnly}>Excessive contributions, earliest deadline first</caption>
            <thead>
              <tr>
                <th scope="col">Deadline</th>
                <th scope="col">Contributor</th>
                <th scope="col">Election</th>
                <th scope="col">Received</th>
                <th scope="col" className={styles.number}>
                  Gift
                </th>
                <th scope="col" className={styles.number}>
                  Aggregate
                </th>
                <th scope="col" className={styles.number}>
                  Limit
                </th>
                <th scope="col" className={styles.number}>
                  Excess
                </th>
                <th scope="col">Remedy</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.donationId}>
                  <td data-label="Deadline">
                    {formatDay(row.deadline)} {row.deadline < today ? <Badge tone="danger">Overdue</Badge> : null}
                  </td>
                  <th scope="row">{row.contactName}</th>
                  <td data-label="Election">{row.electionCode}</td>
                  <td data-label="Received">{formatDay(row.donationDate)}</td>
                  <td data-label="Gift" className={styles.number}>
                    {formatUsd(row.donationAmount)}
                  </td>
                  <td data-label="Aggregate" className={styles.number}>
                    {formatUsd(row.aggregate)}
                  </td>
                  <td data-label="Limit" className={styles.number}>
                    {formatUsd(row.limit)}
                  </td>
                  <td data-label="Excess" className={styles.number}>
                    {formatUsd(row.excessAmount)}
                  </td>
                  <td data-label="Remedy" className={phoneCards.wide}>
                    <div className={styles.actions}>
                      {(canRemedy ? REMEDY_ACTION_VALUES : []).map((action) => (
                        <Button
                          key={action}
                          size="sm"
                          variant="secondary"
                          aria-label={`${REMEDY_LABELS[action]} ${row.contactName}'s excess`}
                          onClick={() => setOpen({ contribution: row, action })}
                        >
                          {REMEDY_LABELS[action]}
                        </Button>
                      ))}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open ? (
        <RemedyDialog
          committeeId={committee.id}
          contribution={open.contribution}
          action={open.action}
          elections={committee.elections}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </Card>
  );
}

function Notices({ committeeId, today }: { committeeId: string; today: string }) {
  const queryClient = useQueryClient();
  // Marking a notice filed needs compliance.write (contract/permissions.ts); other roles read its status.
  const canMark = useCan('compliance.write');
  const notices = useQuery({ queryKey: complianceKeys.notices(committeeId), queryFn: ({ signal }) => fetchNotices(committeeId, signal) });
  const rows = notices.data?.notices ?? [];
  // Filed today unless the treasurer says otherwise (a notice filed yesterday, marked now); the
  // report's check stops listing a filed notice.
  const [filedOn, setFiledOn] = useState(today);
  const filedOnValid = /^\d{4}-\d{2}-\d{2}$/.test(filedOn) && filedOn <= today;
  const [markError, setMarkError] = useState<string | null>(null);
  const mark = useMutation({
    mutationFn: ({ donationId, filed }: { donationId: string; filed: boolean }) => postNoticeFiled(donationId, filed, filed ? filedOn : null),
    onSuccess: () => {
      setMarkError(null);
      return queryClient.invalidateQueries({ queryKey: complianceKeys.notices(committeeId) });
    },
    onError: (error) => setMarkError(error instanceof Error ? error.message : 'The notice could not be marked'),
  });
  return (
    <Card
      title="48-hour notices"
      subtitle="Gifts of $1,000 or more received in the last 20 days before an election: file a notice within 48 hours."
      headingLevel={3}
    >
      {notices.isError ? (
        <ErrorState title="Failed to load 48-hour notices" error={notices.error} onRetry={() => void notices.refetch()} retrying={notices.isFetching} />
      ) : !notices.data ? (
        <Spinner label="Loading 48-hour notices" />
      ) : rows.length === 0 ? (
        <p className={styles.muted}>No gift needs a 48-hour notice.</p>
      ) : (
        <div className={styles.scroll}>
          {canMark ? (
            <div className={styles.filters}>
              <TextField
                label="Notices filed on"
                type="date"
                value={filedOn}
                max={today}
                onChange={(event) => setFiledOn(event.target.value)}
                hint="The day Mark filed records"
                error={filedOnValid ? (markError ?? undefined) : 'Filed date must be a day up to today'}
              />
            </div>
          ) : null}
          <table className={`${styles.table} ${phoneCards.cards}`}>
            <caption className={styles.srOnly}>48-hour notices, earliest due first</caption>
            <thead>
              <tr>
                <th scope="col">Notice due</th>
                <th scope="col">Contributor</th>
                <th scope="col" className={styles.number}>
                  Amount
                </th>
                <th scope="col">Received</th>
                <th scope="col">Election</th>
                <th scope="col">Filed</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.donationId}>
                  <td data-label="Notice due">{row.dueAt ? formatDateTime(row.dueAt) : formatDay(row.dueDate)}</td>
                  <th scope="row">{row.contactName}</th>
                  <td data-label="Amount" className={styles.number}>
                    {formatUsd(row.amount)}
                  </td>
                  <td data-label="Received">{formatDay(row.donationDate)}</td>
                  <td data-label="Election">
                    {row.electionCode} ({formatDay(row.electionDate)})
                  </td>
                  <td data-label="Filed" className={phoneCards.wide}>
                    {row.filedOn ? (
                      <Badge tone="success">Filed {formatDay(row.filedOn)}</Badge>
                    ) : (
                      <Badge tone={row.dueDate < today ? 'danger' : 'warning'}>Not filed</Badge>
                    )}{' '}
                    {canMark ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        loading={mark.isPending && mark.variables?.donationId === row.donationId}
                        disabled={!row.filedOn && !filedOnValid}
                        onClick={() => mark.mutate({ donationId: row.donationId, filed: !row.filedOn })}
                        aria-label={`${row.filedOn ? 'Mark not filed' : 'Mark filed'}: ${row.contactName}'s notice due ${formatDay(row.dueDate)}`}
                      >
                        {row.filedOn ? 'Mark not filed' : 'Mark filed'}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

function ScheduleA({ committee, today }: { committee: Committee; today: string }) {
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const ready = Boolean(from && to && from <= to);
  const link = (format: 'fec' | 'csv', label: string) =>
    ready ? (
      <a className={buttonClassName({ variant: 'secondary', size: 'sm' })} href={scheduleAUrl(committee.id, from, to, format)} download>
        {label}
      </a>
    ) : (
      <Button variant="secondary" size="sm" disabled>
        {label}
      </Button>
    );
  return (
    <Card
      title="Schedule A (itemized receipts)"
      subtitle={committee.fecId ? `${committee.filingForm ?? 'F3'} filer ${committee.fecId}` : 'Set the FEC id to file electronically.'}
      headingLevel={3}
    >
      <div className={styles.filters}>
        <TextField label="Receipts from" type="date" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} />
        <TextField label="Receipts to" type="date" value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} />
        <div className={styles.actions}>
          {link('fec', 'Download .fec')}
          {link('csv', 'Download CSV')}
        </div>
      </div>
      {from && to && from > to ? (
        <p className={styles.error} role="alert">
          The start date is after the end date.
        </p>
      ) : null}
    </Card>
  );
}
