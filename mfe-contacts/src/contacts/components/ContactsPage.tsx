import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClassName, Card, CardGrid, EmptyState, ErrorState, PageHeader, Pagination, Skeleton, TextField } from '@caucus/design-system';
import { useCan } from '@caucus/platform';
import { CONTACTS_PAGE_SIZE, type ContactStatusFilter } from '../api/contactsApi';
import { useContacts } from '../hooks/useContacts';
import { NEW_CONTACT_PATH } from '../paths';
import { countLabel } from '../utils/format';
import { ContactCard } from './ContactCard';
import { ContactCardList } from './ContactCardList';
import { ContactsTable } from './ContactsTable';
import styles from './ContactsPage.module.css';

export const CONTACTS_SUBTITLE = 'Your donor file: every supporter, their contact details and what they have given.';
/** Long enough that typing a name sends one request, short enough to feel live. */
export const SEARCH_DEBOUNCE_MS = 300;

const FILTERS: { id: ContactStatusFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'active', label: 'Active' },
  { id: 'inactive', label: 'Inactive' },
];

type ViewMode = 'list' | 'grid';

export function ContactsPage() {
  const [params, setParams] = useSearchParams();
  // The top bar sends /dashboard/contacts?search=...; the URL keeps the search so reload and back work.
  const urlSearch = params.get('search') ?? '';
  const [searchText, setSearchText] = useState(urlSearch);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<ContactStatusFilter>('all');
  const [view, setView] = useState<ViewMode>('list');
  const canAdd = useCan('contacts.write');

  useEffect(() => {
    // Keep what the user is typing (a trailing space included) when the URL only caught up with it.
    setSearchText((current) => (current.trim() === urlSearch ? current : urlSearch));
    setPage(1);
  }, [urlSearch]);

  useEffect(() => {
    if (searchText.trim() === urlSearch) return undefined;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (searchText.trim()) next.set('search', searchText.trim());
          else next.delete('search');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, urlSearch, setParams]);

  const query = useContacts(page, urlSearch, status);
  const total = query.data?.total ?? 0;
  const moreThanTotal = query.data?.moreThanTotal ?? false;
  const knownPages = Math.max(1, Math.ceil(total / CONTACTS_PAGE_SIZE));
  // A search past the API's count cap: a full page may have another after it, a short one is the last.
  const morePages = moreThanTotal && query.data?.contacts.length === CONTACTS_PAGE_SIZE;
  const pageCount = moreThanTotal && !morePages ? Math.max(knownPages, page) : knownPages;

  const handleFilter = (next: ContactStatusFilter) => {
    setStatus(next);
    setPage(1);
  };

  return (
    <section className={styles.page} aria-labelledby="contacts-title">
      <PageHeader
        title="Contacts"
        titleId="contacts-title"
        subtitle={CONTACTS_SUBTITLE}
        actions={
          <>
            <Link className={buttonClassName({ variant: 'secondary' })} to="duplicates">
              Duplicates
            </Link>
            {canAdd ? (
              <Link className={buttonClassName()} to={NEW_CONTACT_PATH}>
                + Add Contact
              </Link>
            ) : null}
          </>
        }
      />
      <div className={styles.controls}>
        <TextField
          className={styles.search}
          label="Search contacts"
          hideLabel
          type="search"
          placeholder="Search by name, organization, email or phone"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
        <div className={styles.group} role="group" aria-label="Status filter">
          {FILTERS.map((filter) => (
            <Button
              key={filter.id}
              size="sm"
              variant={status === filter.id ? 'primary' : 'secondary'}
              aria-pressed={status === filter.id}
              onClick={() => handleFilter(filter.id)}
            >
              {filter.label}
            </Button>
          ))}
        </div>
        <div className={styles.group} role="group" aria-label="View">
          {(['list', 'grid'] as const).map((mode) => (
            <Button key={mode} size="sm" variant={view === mode ? 'primary' : 'secondary'} aria-pressed={view === mode} onClick={() => setView(mode)}>
              {mode === 'list' ? 'List' : 'Grid'}
            </Button>
          ))}
        </div>
      </div>
      {query.isPending ? (
        <Card aria-busy="true" aria-label="Loading contacts">
          <Skeleton width="8rem" height="1.25rem" />
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height="2.5rem" />
          ))}
        </Card>
      ) : query.isError ? (
        <ErrorState title="Contacts could not be loaded" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <Card>
          <div className={styles.toolbar}>
            <p className={styles.count}>{countLabel(total, moreThanTotal)}</p>
          </div>
          {query.data.contacts.length === 0 ? (
            <EmptyState title="No contacts found" message="Contacts you add or import appear here." />
          ) : view === 'list' ? (
            // The same page of contacts twice; the stylesheet shows the table on wide screens and the
            // cards below 640 px (what is not displayed is out of the accessibility tree too).
            <>
              <div className={styles.wideOnly}>
                <ContactsTable contacts={query.data.contacts} />
              </div>
              <div className={styles.narrowOnly}>
                <ContactCardList contacts={query.data.contacts} />
              </div>
            </>
          ) : (
            <CardGrid aria-label="Contacts grid">
              {query.data.contacts.map((contact) => (
                <ContactCard key={contact.id} contact={contact} />
              ))}
            </CardGrid>
          )}
          <div className={styles.footer}>
            <Pagination page={page} pageCount={pageCount} morePages={morePages} onPageChange={setPage} label="Contacts pages" />
          </div>
        </Card>
      )}
    </section>
  );
}
