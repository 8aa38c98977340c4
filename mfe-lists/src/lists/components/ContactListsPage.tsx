import { useState } from 'react';
import { Card, CardGrid, EmptyState, ErrorState, PageHeader, Pagination, Skeleton } from '@caucus/design-system';
import { LISTS_PAGE_SIZE } from '../api/listsApi';
import { useContactLists } from '../hooks/useContactLists';
import { ContactListCard } from './ContactListCard';
import styles from './ContactListsPage.module.css';

export const LISTS_SUBTITLE =
  'Group supporters into static lists you curate by hand, or smart lists that keep themselves current from rules.';

export function ContactListsPage() {
  const [page, setPage] = useState(1);
  const query = useContactLists(page);

  return (
    <section className={styles.page}>
      <PageHeader title="Contact Lists" subtitle={LISTS_SUBTITLE} />
      {query.isPending ? (
        <CardGrid aria-busy="true" aria-label="Loading contact lists">
          {Array.from({ length: 6 }, (_, index) => (
            <Card key={index}>
              <Skeleton width="60%" height="1.25rem" />
              <Skeleton width="30%" height="0.875rem" />
              <Skeleton lines={2} />
            </Card>
          ))}
        </CardGrid>
      ) : query.isError ? (
        <ErrorState
          title="Contact lists could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.lists.length === 0 ? (
        <EmptyState title="No contact lists found" message="Static and smart lists you create will appear here." />
      ) : (
        <>
          <CardGrid>
            {query.data.lists.map((list) => (
              <ContactListCard key={list.id} list={list} />
            ))}
          </CardGrid>
          <PageFooter page={page} total={query.data.total} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}

/** Reads 'Page X of Y (N total lists)', as spec point 2 fixes. */
function PageFooter({ page, total, onPageChange }: { page: number; total: number; onPageChange: (page: number) => void }) {
  return (
    <div className={styles.footer}>
      <Pagination
        page={page}
        pageCount={Math.ceil(total / LISTS_PAGE_SIZE)}
        total={total}
        itemLabel="lists"
        label="Contact list pages"
        onPageChange={onPageChange}
      />
    </div>
  );
}
