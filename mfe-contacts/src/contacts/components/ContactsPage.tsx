import { useState } from 'react';
import { Card, ErrorState, PageHeader, Pagination, Skeleton } from '@caucus/design-system';
import { CONTACTS_PAGE_SIZE } from '../api/contactsApi';
import { useContacts } from '../hooks/useContacts';
import { countLabel } from '../utils/format';
import { ContactsTable } from './ContactsTable';
import styles from './ContactsPage.module.css';

export const CONTACTS_SUBTITLE = 'Your donor file: every supporter, their contact details and what they have given.';

export function ContactsPage() {
  const [page, setPage] = useState(1);
  const query = useContacts(page);
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / CONTACTS_PAGE_SIZE));

  return (
    <section className={styles.page} aria-labelledby="contacts-title">
      <PageHeader title="Contacts" titleId="contacts-title" subtitle={CONTACTS_SUBTITLE} />
      {query.isPending ? (
        <Card aria-busy="true" aria-label="Loading contacts">
          <Skeleton width="8rem" height="1.25rem" />
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height="2.5rem" />
          ))}
        </Card>
      ) : query.isError ? (
        <ErrorState
          title="Contacts could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <Card>
          <div className={styles.toolbar}>
            <p className={styles.count}>{countLabel(total)}</p>
          </div>
          <ContactsTable contacts={query.data.contacts} />
          {pageCount > 1 ? (
            <div className={styles.footer}>
              <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />
            </div>
          ) : null}
        </Card>
      )}
    </section>
  );
}
