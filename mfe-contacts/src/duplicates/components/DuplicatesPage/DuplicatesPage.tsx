import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Button, Card, EmptyState, ErrorState, PageHeader, Pagination, ProgressBar, Skeleton } from '@caucus/design-system';
import { formatUsd, toast, useMutation, useQuery, useQueryClient } from '@caucus/platform';
import { DUPLICATE_REASON_LABELS, type DuplicateContactSummary, type DuplicatePair, type MergeRequest } from '@caucus/contract';
import { DUPLICATES_PAGE_SIZE, dismissPair, duplicatesKeys, fetchDuplicates, mergeContacts, startScan, undoMerge } from '../../api/duplicatesApi';
import { EmailClusters } from '../EmailClusters';
import { MergeDialog } from '../MergeDialog';
import styles from './DuplicatesPage.module.css';

const nameOf = (c: DuplicateContactSummary) => [c.firstName, c.lastName].filter(Boolean).join(' ') || c.primaryEmail || 'Unnamed contact';
const place = (c: DuplicateContactSummary) => [c.addressLine1, c.city, c.state, c.zipCode].filter(Boolean).join(', ');

/** Contacts > Duplicates: the pairs the scan found, newest first; merge one field by field, or mark it not a duplicate. */
export function DuplicatesPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [merging, setMerging] = useState<DuplicatePair | null>(null);
  const [lastMerge, setLastMerge] = useState<{ id: string; survivorId: string; name: string } | null>(null);
  const query = useQuery({
    queryKey: duplicatesKeys.page(page),
    queryFn: ({ signal }) => fetchDuplicates(page, signal),
    // While a scan runs its progress is read again every second.
    refetchInterval: (q) => (q.state.data?.scan?.status === 'running' ? 1000 : false),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['contacts'] });

  const scan = useMutation({
    mutationFn: startScan,
    onSuccess: () => void refresh(),
    onError: () => toast.error('The scan could not start. Please try again.'),
  });
  const dismiss = useMutation({
    mutationFn: dismissPair,
    onSuccess: () => {
      toast.success('Marked as not a duplicate');
      void refresh();
    },
    onError: () => toast.error('Could not save. Please try again.'),
  });
  const merge = useMutation({
    mutationFn: (body: MergeRequest) => mergeContacts(body),
    onSuccess: (data, body) => {
      const survivor = merging?.contacts.find((c) => c.id === body.survivorId);
      setLastMerge({ id: data.merge.id, survivorId: body.survivorId, name: survivor ? nameOf(survivor) : 'the contact' });
      setMerging(null);
      void refresh();
    },
    onError: (error) => toast.error(error instanceof Error && error.message ? error.message : 'The merge failed. Please try again.'),
  });
  const undo = useMutation({
    mutationFn: (id: string) => undoMerge(id),
    onSuccess: () => {
      toast.success('Merge undone: both records are back');
      setLastMerge(null);
      void refresh();
    },
    onError: (error) => toast.error(error instanceof Error && error.message ? error.message : 'The merge could not be undone.'),
  });

  const data = query.data;
  const running = data?.scan?.status === 'running';
  const totalPages = data ? Math.max(1, Math.ceil(data.total / DUPLICATES_PAGE_SIZE)) : 1;

  return (
    <section className={styles.page} aria-labelledby="duplicates-title">
      <Link className={styles.back} to="..">
        ← Back to contacts
      </Link>
      <PageHeader
        title="Duplicates"
        titleId="duplicates-title"
        subtitle="Records that look like one person: same email, same name and ZIP, same phone, a similar name at one address, or a nickname (Bob and Robert)."
        actions={
          <Button variant="secondary" onClick={() => scan.mutate()} loading={scan.isPending} disabled={running}>
            Scan for duplicates
          </Button>
        }
      />
      {running && data?.scan ? (
        <ProgressBar
          value={data.scan.total > 0 ? (data.scan.done / data.scan.total) * 100 : 0}
          label={`Scanning ${data.scan.total.toLocaleString('en-US')} contacts`}
          showLabel
        />
      ) : null}
      {lastMerge ? (
        <div role="status" className={styles.merged}>
          <span>
            Merged into <Link to={`../${lastMerge.survivorId}`}>{lastMerge.name}</Link>.
          </span>
          <Button variant="secondary" size="sm" onClick={() => undo.mutate(lastMerge.id)} loading={undo.isPending}>
            Undo merge
          </Button>
        </div>
      ) : null}
      <EmailClusters />
      {query.isPending ? <Skeleton lines={6} /> : null}
      {query.isError ? (
        <ErrorState title="Duplicates could not be loaded" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : null}
      {data && data.pairs.length === 0 ? (
        <EmptyState
          title={data.scan ? 'No duplicates to review' : 'No scan yet'}
          message={
            data.scan
              ? 'Every pair found was merged or marked not a duplicate. New imports are scanned automatically.'
              : 'Scan your contacts to find records of one person.'
          }
        />
      ) : null}
      {data && data.pairs.length > 0 ? (
        <>
          <p className={styles.count}>
            {data.total.toLocaleString('en-US')} possible {data.total === 1 ? 'duplicate' : 'duplicates'}, newest first
          </p>
          <ul className={styles.list}>
            {data.pairs.map((pair) => (
              <li key={pair.id}>
                <Card className={styles.pair}>
                  <div className={styles.why}>
                    <Badge tone={pair.score >= 85 ? 'danger' : pair.score >= 75 ? 'warning' : 'info'}>Score {pair.score}</Badge>
                    {pair.reasons.map((r) => (
                      <Badge key={r} tone="neutral">
                        {DUPLICATE_REASON_LABELS[r]}
                      </Badge>
                    ))}
                  </div>
                  <div className={styles.people}>
                    {pair.contacts.map((c) => (
                      <div key={c.id} className={styles.person}>
                        <Link to={`../${c.id}`} className={styles.name}>
                          {nameOf(c)}
                        </Link>
                        {c.primaryEmail ? <span>{c.primaryEmail}</span> : null}
                        {c.primaryPhone ? <span>{c.primaryPhone}</span> : null}
                        {place(c) ? <span>{place(c)}</span> : null}
                        <span>
                          {formatUsd(c.totalDonated)} in {c.donationCount} {c.donationCount === 1 ? 'gift' : 'gifts'}
                        </span>
                      </div>
                    ))}
                  </div>
                  <div className={styles.actions}>
                    <Button variant="secondary" size="sm" onClick={() => dismiss.mutate(pair.id)} loading={dismiss.isPending && dismiss.variables === pair.id}>
                      Not a duplicate
                    </Button>
                    <Button size="sm" onClick={() => setMerging(pair)}>
                      Merge…
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          {totalPages > 1 ? (
            <Pagination page={page} pageCount={totalPages} onPageChange={setPage} total={data.total} itemLabel="possible duplicates" label="Duplicates pages" />
          ) : null}
        </>
      ) : null}
      {merging ? (
        <MergeDialog contacts={merging.contacts} pending={merge.isPending} onMerge={(body) => merge.mutate(body)} onClose={() => setMerging(null)} />
      ) : null}
    </section>
  );
}
