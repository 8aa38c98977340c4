import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClassName, Card, CardGrid, EmptyState, ErrorState, PageHeader, Pagination, Skeleton, TextField } from '@caucus/design-system';
import { useCan } from '@caucus/platform';
import { LISTS_PAGE_SIZE, type ContactList, type ListTypeFilter } from '../api/listsApi';
import { useContactLists } from '../hooks/useLists';
import { useSearchBox } from '../hooks/useSearchBox';
import { NEW_LIST_PATH } from '../paths';
import { ContactListCard } from './ContactListCard';
import { ContactListsTable } from './ContactListsTable';
import { DeleteListDialog } from './DeleteListDialog';
import styles from './ContactListsPage.module.css';

// The settings form (react-hook-form, zod, the contract's schemas) loads when it is first opened, so
// the lists page, the section's first page, does not carry it (ADR 0008).
const ListSettingsModal = lazy(async () => ({ default: (await import('./ListSettingsModal')).ListSettingsModal }));

export const LISTS_SUBTITLE = 'Group supporters into static lists you curate by hand, or smart lists that keep themselves current from rules.';

const TYPE_FILTERS: { id: ListTypeFilter; label: string }[] = [
  { id: 'all', label: 'All Lists' },
  { id: 'static', label: 'Static Lists' },
  { id: 'smart', label: 'Smart Lists' },
];

type ViewMode = 'grid' | 'list';

export function ContactListsPage() {
  const [page, setPage] = useState(1);
  const [type, setType] = useState<ListTypeFilter>('all');
  const { searchText, setSearchText, search } = useSearchBox(setPage);
  const [view, setView] = useState<ViewMode>('grid');
  const [deleting, setDeleting] = useState<ContactList | null>(null);
  // Creating lists and their settings need lists.write (contract/permissions.ts); other roles only read.
  const canWrite = useCan('lists.write');
  const [settingsOpen, setSettingsOpen] = useState(false);

  const query = useContactLists({ page, search, type });
  const total = query.data?.total ?? 0;

  return (
    <section className={styles.page} aria-labelledby="lists-title">
      <PageHeader
        title="Contact Lists"
        titleId="lists-title"
        subtitle={LISTS_SUBTITLE}
        actions={
          canWrite ? (
            <>
              <Button variant="secondary" onClick={() => setSettingsOpen(true)}>
                List Settings
              </Button>
              <Link className={buttonClassName()} to={NEW_LIST_PATH}>
                Create List
              </Link>
            </>
          ) : undefined
        }
      />
      <div className={styles.controls}>
        <TextField
          className={styles.search}
          label="Search lists"
          hideLabel
          type="search"
          placeholder="Search lists..."
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
        <div className={styles.group} role="group" aria-label="List type">
          {TYPE_FILTERS.map((filter) => (
            <Button
              key={filter.id}
              size="sm"
              variant={type === filter.id ? 'primary' : 'secondary'}
              aria-pressed={type === filter.id}
              onClick={() => {
                setType(filter.id);
                setPage(1);
              }}
            >
              {filter.label}
            </Button>
          ))}
        </div>
        <div className={styles.group} role="group" aria-label="View">
          {(['grid', 'list'] as const).map((mode) => (
            <Button key={mode} size="sm" variant={view === mode ? 'primary' : 'secondary'} aria-pressed={view === mode} onClick={() => setView(mode)}>
              {mode === 'grid' ? 'Grid' : 'List'}
            </Button>
          ))}
        </div>
      </div>
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
        <ErrorState title="Contact lists could not be loaded" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.lists.length === 0 ? (
        <EmptyState
          title="No contact lists found"
          message={search || type !== 'all' ? 'No list matches this search or filter.' : 'Static and smart lists you create will appear here.'}
        />
      ) : (
        <>
          {view === 'grid' ? (
            <CardGrid>
              {query.data.lists.map((list) => (
                <ContactListCard key={list.id} list={list} />
              ))}
            </CardGrid>
          ) : (
            <Card padding="none">
              <ContactListsTable lists={query.data.lists} onDelete={setDeleting} />
            </Card>
          )}
          <div className={styles.footer}>
            <Pagination
              page={page}
              pageCount={Math.ceil(total / LISTS_PAGE_SIZE)}
              total={total}
              itemLabel="lists"
              label="Contact list pages"
              onPageChange={setPage}
            />
          </div>
        </>
      )}
      <DeleteListDialog list={deleting} onClose={() => setDeleting(null)} />
      {settingsOpen ? (
        <Suspense fallback={null}>
          <ListSettingsModal onClose={() => setSettingsOpen(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
