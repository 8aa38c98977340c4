import { useMemo, useState } from 'react';
import { Button, EmptyState, ErrorState, Select, Skeleton } from '@caucus/design-system';
import type { ImportRecord } from '../api/importsApi';
import { useImportHistory } from '../hooks/useImportHistory';
import { ImportCard } from './ImportCard';
import styles from './ImportHistory.module.css';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
  { value: 'processing', label: 'Processing' },
];
const SORT_OPTIONS = [
  { value: 'date', label: 'Date (newest first)' },
  { value: 'fileName', label: 'File name' },
  { value: 'importType', label: 'Import type' },
  { value: 'imported', label: 'Records imported (highest first)' },
];

const SORTS: Record<string, (a: ImportRecord, b: ImportRecord) => number> = {
  date: (a, b) => String(b.createdAt).localeCompare(String(a.createdAt)),
  fileName: (a, b) => a.fileName.localeCompare(b.fileName),
  importType: (a, b) => a.importType.localeCompare(b.importType),
  imported: (a, b) => b.recordsImported - a.recordsImported,
};

export function ImportHistory() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('all');
  const [sort, setSort] = useState('date');
  const query = useImportHistory(page);

  // Filter and sorts apply to the page on screen (SPEC point 2: the history's own controls).
  const cards = useMemo(() => {
    const imports = query.data?.imports ?? [];
    return imports.filter((record) => status === 'all' || record.status === status).sort(SORTS[sort]);
  }, [query.data, status, sort]);

  if (query.isPending) {
    return (
      <div className={styles.list} aria-busy="true" aria-label="Loading import history">
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
  if (query.data.imports.length === 0 && page === 1) {
    return <EmptyState icon="▤" title="No imports yet" message="Files you import (contacts, donations, pledges) are listed here with their results." />;
  }
  const totalPages = Math.max(1, query.data.totalPages);
  return (
    <div className={styles.list}>
      <div className={styles.controls}>
        <Select label="Status" options={STATUS_OPTIONS} value={status} onChange={(event) => setStatus(event.target.value)} />
        <Select label="Sort by" options={SORT_OPTIONS} value={sort} onChange={(event) => setSort(event.target.value)} />
      </div>
      {cards.length === 0 ? <p className={styles.none}>No imports with this status on this page.</p> : null}
      {cards.map((record) => (
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
