import { useState } from 'react';
import { Button, Card, Modal, Pagination, ProgressBar } from '@caucus/design-system';
import { formatUsd, toast, useQuery, useQueryClient } from '@caucus/platform';
import { type BulkMergeResponse, type EmailCluster } from '@caucus/contract';
import { CLUSTERS_PAGE_SIZE, CLUSTERS_PER_MERGE, duplicatesKeys, fetchEmailClusters, mergeEmailClusters, undoMerge } from '../../api/duplicatesApi';
import styles from './EmailClusters.module.css';

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const nameOf = (c: { firstName: string | null; lastName: string | null }) => [c.firstName, c.lastName].filter(Boolean).join(' ') || 'Unnamed contact';

type Outcome = { merged: BulkMergeResponse['merged']; failed: BulkMergeResponse['failed']; undone: boolean };

/** One cluster of the preview: the records, the one that stays, and what the merged record keeps. */
function ClusterPreview({ cluster }: { cluster: EmailCluster }) {
  const k = cluster.keeps;
  const place = [k.addressLine1, k.city, k.state, k.zipCode].filter(Boolean).join(', ');
  return (
    <li className={styles.cluster}>
      <strong className={styles.email}>{cluster.email}</strong>
      <span>
        {count(cluster.contacts.length, 'record')}: {cluster.contacts.map(nameOf).join(', ')}
      </span>
      <dl className={styles.keeps}>
        <dt>Stays</dt>
        <dd>{nameOf(cluster.contacts[0])}</dd>
        <dt>Keeps</dt>
        <dd>{[nameOf(k), k.primaryEmail, k.primaryPhone, place].filter(Boolean).join(' · ')}</dd>
        {cluster.tags.length > 0 ? (
          <>
            <dt>Tags</dt>
            <dd>{cluster.tags.join(', ')}</dd>
          </>
        ) : null}
        <dt>Giving</dt>
        <dd>
          {formatUsd(cluster.totalDonated)} in {count(cluster.donationCount, 'gift')}
          {cluster.giftsMoved > 0 ? ` (${count(cluster.giftsMoved, 'gift')} moved)` : ''}
        </dd>
      </dl>
    </li>
  );
}

/**
 * Bulk: every cluster of contacts sharing one email address exactly, previewed (the record that
 * stays and what it keeps), then merged on confirmation, each cluster one merge of its own (undoable).
 */
export function EmailClusters() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [undoing, setUndoing] = useState(false);
  const query = useQuery({ queryKey: duplicatesKeys.clusters(page), queryFn: ({ signal }) => fetchEmailClusters(page, CLUSTERS_PAGE_SIZE, signal) });
  const total = query.data?.total ?? 0;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['contacts'] });

  const mergeAll = async () => {
    const merged: Outcome['merged'] = [];
    const failed: Outcome['failed'] = [];
    const refused = new Set<string>();
    setProgress({ done: 0, total });
    try {
      // In turns of 100: each turn reads the clusters as they are now (merged ones are gone).
      for (;;) {
        const batch = (await fetchEmailClusters(1, CLUSTERS_PER_MERGE)).clusters.filter((c) => !refused.has(c.survivorId));
        if (batch.length === 0) break;
        const res = await mergeEmailClusters({ clusters: batch.map((c) => ({ survivorId: c.survivorId, mergedIds: c.mergedIds })) });
        merged.push(...res.merged);
        failed.push(...res.failed);
        for (const f of res.failed) refused.add(f.survivorId);
        setProgress({ done: merged.length + failed.length, total: Math.max(total, merged.length + failed.length) });
        if (res.merged.length === 0) break;
      }
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : 'The merge stopped. Please try again.');
    }
    setProgress(null);
    setOpen(false);
    setPage(1);
    setOutcome({ merged, failed, undone: false });
    void refresh();
  };

  const undoAll = async () => {
    if (!outcome) return;
    setUndoing(true);
    let undone = 0;
    try {
      // Latest first: a later merge of the same contacts must be undone before an earlier one.
      for (const m of [...outcome.merged].reverse()) {
        await undoMerge(m.mergeId);
        undone += 1;
      }
      setOutcome({ ...outcome, undone: true });
      toast.success(`${count(undone, 'merge')} undone: every record is back`);
    } catch (error) {
      toast.error(`${count(undone, 'merge')} undone, then: ${error instanceof Error ? error.message : 'an error'}`);
    } finally {
      setUndoing(false);
      void refresh();
    }
  };

  if (!outcome && total === 0) return null;

  return (
    <Card className={styles.card}>
      <h2 className={styles.title}>Same email address</h2>
      {outcome && !outcome.undone ? (
        <div role="status" className={styles.outcome}>
          <span>
            Merged {count(outcome.merged.length, 'cluster')}
            {outcome.merged.length > 0
              ? ` (${count(
                  outcome.merged.reduce((n, m) => n + m.giftsMoved, 0),
                  'gift',
                )} moved)`
              : ''}
            .
          </span>
          {outcome.failed.length > 0 ? (
            <ul className={styles.failed}>
              {outcome.failed.map((f) => (
                <li key={f.survivorId}>{f.message}</li>
              ))}
            </ul>
          ) : null}
          {outcome.merged.length > 0 ? (
            <Button variant="secondary" size="sm" onClick={() => void undoAll()} loading={undoing}>
              Undo these merges
            </Button>
          ) : null}
        </div>
      ) : null}
      {total > 0 ? (
        <div className={styles.summary}>
          <p>{count(total, 'group')} of contacts share one email address exactly. Merge them all at once after checking what each merge keeps.</p>
          <Button onClick={() => setOpen(true)}>Review and merge all…</Button>
        </div>
      ) : null}
      {open ? (
        <Modal
          open
          size="lg"
          onClose={() => (progress ? undefined : setOpen(false))}
          title={`Merge ${count(total, 'group')} sharing one email`}
          description="Each group becomes one contact: the record with the most gifts stays, each field keeps its most recent value, and every email, phone, address, tag, note, list, gift and pledge is kept. Each merge can be undone for 30 days."
          footer={
            <>
              <Button variant="secondary" onClick={() => setOpen(false)} disabled={Boolean(progress)}>
                Cancel
              </Button>
              <Button onClick={() => void mergeAll()} loading={Boolean(progress)}>
                Merge all {total.toLocaleString('en-US')}
              </Button>
            </>
          }
        >
          {progress ? (
            <ProgressBar
              value={progress.total > 0 ? (progress.done / progress.total) * 100 : 0}
              label={`Merged ${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')}`}
              showLabel
            />
          ) : null}
          <ul className={styles.clusters} aria-label="What each merge keeps">
            {(query.data?.clusters ?? []).map((c) => (
              <ClusterPreview key={c.survivorId} cluster={c} />
            ))}
          </ul>
          {total > CLUSTERS_PAGE_SIZE ? (
            <Pagination
              page={page}
              pageCount={Math.ceil(total / CLUSTERS_PAGE_SIZE)}
              onPageChange={setPage}
              total={total}
              itemLabel="groups"
              label="Preview pages"
            />
          ) : null}
        </Modal>
      ) : null}
    </Card>
  );
}
