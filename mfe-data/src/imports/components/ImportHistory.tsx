import { useState } from 'react';
import { Button, EmptyState, ErrorState, Select, Skeleton } from '@caucus/design-system';
import { DEFAULT_IMPORT_HISTORY_SORT, IMPORT_HISTORY_SORT_VALUES, IMPORT_STATUS_VALUES, type ImportHistorySort, type ImportStatus } from '@caucus/contract';
import { useImportHistory } from '../hooks/useImportHistory';
import { humanise } from '../utils/format';
import { ImportCard } from './ImportCard';
import styles from './ImportHistory.module.css';

const STATUS_OPTIONS = [{ value: 'all', label: 'All statuses' }, ...IMPORT_STATUS_VALUES.map((status) => ({ value: status, label: humanise(status) }))];
const SORT_LABELS: Record<ImportHistorySort, string> = {
  date: 'Date (newest first)',
  fileName: 'File name',
  importType: 'Import type',
  recordsImported: 'Records imported (highest first)',
};
const SORT_OPTIONS = IMPORT_HISTORY_SORT_VALUES.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }));

export function ImportHistory() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<ImportStatus | 'all'>('all');
  const [sort, setSort] = useState<ImportHistorySort>(DEFAULT_IMPORT_HISTORY_SORT);
  // Filter and sort are the server's (over every import); a change starts again at page 1.
  const query = useImportHistory({ page, status, sort });
  const filtered = status !== 'all';

  if (query.isPending) {
    return (
      <div className={styles.list} role="status" aria-busy="true" aria-label="Loading import history">
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} className={styles.skeletonCard}>
            <Skeleton circle width="2.75rem" />
            <div className={styles.skeletonText}>
              <Skeleton width="50%" height="1rem" />
              <Skeleton lines={2} />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return <ErrorState title="Failed to load import history" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  if (query.data.imports.length === 0 && page === 1 && !filtered) {
    return <EmptyState icon="▤" title="No imports yet" message="Files you import (contacts, donations, pledges) are listed here with their results." />;
  }
  const totalPages = Math.max(1, query.data.totalPages);
  return (
    <div className={styles.list}>
      <div className={styles.controls}>
        <Select
          label="Status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as ImportStatus | 'all');
            setPage(1);
          }}
        />
        <Select
          label="Sort by"
          options={SORT_OPTIONS}
          value={sort}
          onChange={(event) => {
            setSort(event.target.value as ImportHistorySort);
            setPage(1);
          }}
        />
      </div>
      {query.data.imports.length === 0 ? <p className={styles.none}>{filtered ? 'No imports with this status.' : 'No imports on this page.'}</p> : null}
      {query.data.imports.map((record) => (
        <ImportCard key={record.id} record={record} />
      ))}
      <nav className={styles.footer} aria-label="Import history pages">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          Previous
        </Button>
        <span>
          Page {page} of {totalPages}
        </span>
        <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => setPage((p) => p + 1)}>
          Next
        </Button>
      </nav>
    </div>
  );
}
