import { useState } from 'react';
import { EmptyState, ErrorState, Pagination, Skeleton } from '@caucus/design-system';
import { HISTORY_PAGE_SIZE } from '../api/importsApi';
import { useImportHistory } from '../hooks/useImportHistory';
import { ImportCard } from './ImportCard';
import styles from './ImportHistory.module.css';

export function ImportHistory() {
  const [page, setPage] = useState(1);
  const query = useImportHistory(page);

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
    return (
      <ErrorState
        title="Failed to load import history"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.data.imports.length === 0) {
    return (
      <EmptyState
        icon="▤"
        title="No imports yet"
        message="Files you import (contacts, donations, pledges) are listed here with their results."
      />
    );
  }
  return (
    <div className={styles.list}>
      {query.data.imports.map((record) => (
        <ImportCard key={record.id} record={record} />
      ))}
      <div className={styles.footer}>
        <Pagination
          page={page}
          pageCount={Math.ceil(query.data.total / HISTORY_PAGE_SIZE)}
          label="Import history pages"
          onPageChange={setPage}
        />
      </div>
    </div>
  );
}
