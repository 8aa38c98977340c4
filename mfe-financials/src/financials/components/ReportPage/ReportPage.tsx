import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Badge, Button, buttonClassName, ErrorState, Modal, PageHeader, Skeleton, Spinner, TextField, VisuallyHidden } from '@caucus/design-system';
import { toast, useCan, useMutation, useQuery, useQueryClient, formatUsd, workspaceCalendarDate } from '@caucus/platform';
import { amendReport, fecFileUrl, fetchLine, fetchReport, financialsKeys, setFileStatus, updateReport, type FecReportResponse } from '../../api/financialsApi';
import { ReportHistory } from '../ReportHistory';
import styles from '../Financials.module.css';

/** The entries behind one line of the summary page. */
function LineEntries({ reportId, field, title, onClose }: { reportId: string; field: string; title: string; onClose: () => void }) {
  const entries = useQuery({ queryKey: financialsKeys.line(reportId, field), queryFn: ({ signal }) => fetchLine(reportId, field, signal) });
  return (
    <Modal open size="lg" title={title} onClose={onClose}>
      {entries.isError ? (
        <ErrorState title="Failed to load the entries" error={entries.error} onRetry={() => void entries.refetch()} retrying={entries.isFetching} />
      ) : !entries.data ? (
        <Spinner label="Loading entries" />
      ) : (
        <div className={styles.tableWrap} role="region" aria-label="Entries of the line" tabIndex={0}>
          <table className={styles.table}>
            <caption>
              <VisuallyHidden>Entries of {title}</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Entry</th>
                <th scope="col" className={styles.amount}>
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{entry.date}</td>
                  <td>{entry.description}</td>
                  <td className={styles.amount}>{formatUsd(entry.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  Total
                </th>
                <td className={styles.amount}>{formatUsd(entries.data.total)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </Modal>
  );
}

/** The cover page a treasurer completes on a draft: name, date signed, the election's state. */
function CoverForm({ data }: { data: FecReportResponse }) {
  const queryClient = useQueryClient();
  const report = data.report;
  const [values, setValues] = useState({
    treasurerFirstName: report.treasurerFirstName ?? '',
    treasurerLastName: report.treasurerLastName ?? '',
    dateSigned: report.dateSigned ?? workspaceCalendarDate(),
    electionState: report.electionState ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const canWrite = useCan('compliance.write');
  const save = useMutation({
    mutationFn: () => updateReport(report.id, { ...values, openingCash: report.openingCash }),
    onSuccess: (next) => {
      queryClient.setQueryData(financialsKeys.report(report.id), next);
      toast.success('Cover page saved');
    },
    onError: (e) => setError(e.message),
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate();
  };
  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });
  return (
    <form className={styles.stack} onSubmit={handleSubmit} aria-labelledby="cover-heading">
      <h2 id="cover-heading">Cover page</h2>
      <div className={styles.grid}>
        <TextField label="Treasurer first name" {...field('treasurerFirstName')} />
        <TextField label="Treasurer last name" {...field('treasurerLastName')} />
        <TextField label="Date signed" type="date" {...field('dateSigned')} />
        <TextField label="State of election" placeholder="VA" {...field('electionState')} />
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.footer}>
        {canWrite ? (
          <Button type="submit" variant="secondary" loading={save.isPending}>
            Save cover page
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function FileForm({ reportId }: { reportId: string }) {
  const queryClient = useQueryClient();
  const [filedAt, setFiledAt] = useState(workspaceCalendarDate());
  const [fecFilingId, setFecFilingId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const file = useMutation({
    mutationFn: () => setFileStatus(reportId, { filed: true, filedAt, fecFilingId: fecFilingId || undefined }),
    onSuccess: async () => {
      toast.success('Report marked filed');
      await queryClient.invalidateQueries({ queryKey: ['financials'] });
    },
    onError: (e) => setError(e.message),
  });
  return (
    <form
      className={styles.toolbar}
      aria-labelledby="file-heading"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        file.mutate();
      }}
    >
      <h2 id="file-heading">Mark filed</h2>
      <TextField label="Filed on" type="date" value={filedAt} onChange={(event) => setFiledAt(event.target.value)} />
      <TextField
        label="FEC filing ID"
        placeholder="FEC-1234567"
        value={fecFilingId}
        onChange={(event) => setFecFilingId(event.target.value)}
        error={error ?? undefined}
      />
      <Button type="submit" loading={file.isPending}>
        Mark filed
      </Button>
    </form>
  );
}

/** A report's summary page: every line of the form (this period, and cycle or year to date), the check before filing, the file. */
export function ReportPage() {
  const { reportId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const report = useQuery({ queryKey: financialsKeys.report(reportId), queryFn: ({ signal }) => fetchReport(reportId, signal) });
  const [line, setLine] = useState<{ field: string; title: string } | null>(null);
  // Filing and amending need compliance.write (contract/permissions.ts); other roles read the report.
  const canWrite = useCan('compliance.write');
  const amend = useMutation({
    mutationFn: () => amendReport(reportId),
    onSuccess: async (amendment) => {
      toast.success('Amendment created', `${amendment.formType} ${amendment.reportCode}`);
      await queryClient.invalidateQueries({ queryKey: ['financials'] });
      void navigate(`../${amendment.id}`, { relative: 'path' });
    },
    onError: (error) => toast.error('Could not amend the report', error.message),
  });
  if (report.isError)
    return <ErrorState title="Failed to load the report" error={report.error} onRetry={() => void report.refetch()} retrying={report.isFetching} />;
  if (!report.data) return <Skeleton lines={8} />;
  const { report: r, lines, problems } = report.data;
  const errors = problems.filter((p) => p.severity === 'error');
  return (
    <div className={styles.page}>
      <PageHeader
        title={`${r.formType} ${r.reportCode} ${r.coverageThrough.slice(0, 4)}${r.amendmentNumber > 0 ? ` amendment ${r.amendmentNumber}` : ''}`}
        subtitle={`Coverage ${r.coverageFrom} to ${r.coverageThrough}, due ${r.dueDate}`}
        actions={
          <div className={styles.actions}>
            <Link className={buttonClassName({ variant: 'ghost' })} to={`../..?committee=${r.committeeId}&tab=reports`} relative="path">
              All reports
            </Link>
            <a className={buttonClassName({ variant: 'secondary' })} href={fecFileUrl(r.id)} download>
              Download .fec
            </a>
          </div>
        }
      />
      <div>
        {r.supersededById ? (
          <Badge tone="neutral">Replaced by an amendment</Badge>
        ) : r.status === 'filed' ? (
          <Badge tone="success">
            Filed {r.filedAt}
            {r.fecFilingId ? ` as ${r.fecFilingId}` : ''}
          </Badge>
        ) : (
          <Badge tone="warning">Draft</Badge>
        )}
      </div>

      <section className={styles.stack} aria-labelledby="check-heading">
        <h2 id="check-heading">Check before filing</h2>
        {problems.length === 0 ? (
          <p>Nothing found that would make the report wrong or incomplete.</p>
        ) : (
          <>
            <p className={styles.hint}>
              {errors.length} to fix, {problems.length - errors.length} to review.
            </p>
            <ul className={styles.problems}>
              {problems.map((problem, index) => (
                <li key={`${problem.code}-${index}`}>
                  <Badge tone={problem.severity === 'error' ? 'danger' : 'warning'}>{problem.severity === 'error' ? 'Fix' : 'Review'}</Badge> {problem.message}{' '}
                  <Link to={problem.fixPath}>Fix this</Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      {r.status === 'draft' ? <CoverForm key={r.id + String(r.dateSigned)} data={report.data} /> : null}

      <section className={styles.stack} aria-labelledby="summary-heading">
        <h2 id="summary-heading">Summary page</h2>
        <div className={styles.tableWrap} role="region" aria-label="Summary lines" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col" className={styles.amount}>
                  This period
                </th>
                <th scope="col" className={styles.amount}>
                  {r.form === 'F3' ? 'Election cycle to date' : 'Calendar year to date'}
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={l.field}>
                  <th scope="row">
                    {l.entriesPath ? (
                      <button type="button" className={styles.linkButton} onClick={() => setLine({ field: l.field, title: l.title })}>
                        {l.title}
                      </button>
                    ) : (
                      l.title
                    )}
                  </th>
                  <td className={styles.amount}>{formatUsd(l.periodAmount, { missing: '' })}</td>
                  <td className={styles.amount}>{formatUsd(l.toDateAmount, { missing: '' })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {canWrite && r.status === 'draft' && !r.supersededById ? <FileForm reportId={r.id} /> : null}
      {canWrite && r.status === 'filed' && !r.supersededById ? (
        <div className={styles.footer}>
          <Button variant="secondary" loading={amend.isPending} onClick={() => amend.mutate()}>
            Amend report
          </Button>
        </div>
      ) : null}
      <ReportHistory reportId={r.id} />
      {line ? <LineEntries reportId={r.id} field={line.field} title={line.title} onClose={() => setLine(null)} /> : null}
    </div>
  );
}
