import { lazy, Suspense, useId, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Card, CardGrid, EmptyState, ErrorState, PageHeader, Select, Skeleton, TextField } from '@caucus/design-system';
import { useCan } from '@caucus/platform';
import type { CaucusEvent } from '../api/eventsApi';
import { useEvents } from '../hooks/useEvents';
import { EVENT_STATUS_OPTIONS } from '../utils/eventOptions';
import { filterEvents, groupEventsByTime, type EventStatusFilter } from '../utils/eventList';
import { EVENTS_PATH } from '../paths';
import { DeleteEventDialog } from './DeleteEventDialog';
import { EventCard } from './EventCard';
import styles from './EventsPage.module.css';

// The event form (react-hook-form, zod, the contract's schemas) loads when it is first opened, so the
// events page, the section's first page, does not carry it (ADR 0008).
const EventFormModal = lazy(async () => ({ default: (await import('./EventFormModal')).EventFormModal }));

export const EVENTS_SUBTITLE = 'Fundraisers, rallies and meetings across your campaigns, with when and where they happen.';

const STATUS_FILTER_OPTIONS = [{ value: 'all', label: 'All statuses' }, ...EVENT_STATUS_OPTIONS];

type FormState = { open: false } | { open: true; event: CaucusEvent | null };

export type EventsPageProps = {
  /** Open the create form at once (the section's /new URL, linked from empty states elsewhere). */
  startCreating?: boolean;
};

function EventGroup({
  title,
  events,
  onEdit,
  onDelete,
}: {
  title: string;
  events: CaucusEvent[];
  onEdit: (event: CaucusEvent) => void;
  onDelete: (event: CaucusEvent) => void;
}) {
  const headingId = useId();
  if (events.length === 0) return null;
  return (
    <section className={styles.group} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.groupTitle}>
        {title} <span className={styles.groupCount}>({events.length})</span>
      </h2>
      <CardGrid>
        {events.map((event) => (
          <EventCard key={event.id} event={event} onEdit={onEdit} onDelete={onDelete} />
        ))}
      </CardGrid>
    </section>
  );
}

export function EventsPage({ startCreating = false }: EventsPageProps) {
  const query = useEvents();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Creating needs events.write (contract/permissions.ts); other roles only read.
  const canWrite = useCan('events.write');
  const [form, setForm] = useState<FormState>(startCreating ? { open: true, event: null } : { open: false });
  // Once opened, the form stays mounted, so it closes as it always did.
  const formOpened = useRef(false);
  if (form.open) formOpened.current = true;
  const [toDelete, setToDelete] = useState<CaucusEvent | null>(null);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<EventStatusFilter>('all');

  const events = query.data?.events;
  const groups = useMemo(() => (events ? groupEventsByTime(filterEvents(events, { search, status }), new Date()) : null), [events, search, status]);
  const filtering = search.trim() !== '' || status !== 'all';
  const shown = groups ? groups.upcoming.length + groups.unscheduled.length + groups.past.length : 0;

  const handleCreate = () => setForm({ open: true, event: null });
  const handleEdit = (event: CaucusEvent) => setForm({ open: true, event });
  const handleCloseForm = () => {
    setForm({ open: false });
    // Leaving /new once the form closes, so reload and back do not reopen it.
    if (startCreating) void navigate(EVENTS_PATH, { replace: true });
  };
  const handleClearFilters = () => {
    setSearch('');
    setStatus('all');
  };

  return (
    <section className={styles.page}>
      <PageHeader title="Events" subtitle={EVENTS_SUBTITLE} actions={canWrite ? <Button onClick={handleCreate}>New Event</Button> : undefined} />

      <div className={styles.toolbar} role="search" aria-label="Filter events">
        <TextField
          className={styles.search}
          label="Search events"
          hideLabel
          type="search"
          placeholder="Search events..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Select
          label="Status"
          hideLabel
          options={STATUS_FILTER_OPTIONS}
          value={status}
          onChange={(event) => setStatus(event.target.value as EventStatusFilter)}
        />
      </div>

      {query.isPending ? (
        <CardGrid aria-busy="true" aria-label="Loading events">
          {Array.from({ length: 6 }, (_, index) => (
            <Card key={index}>
              <Skeleton width="40%" height="1rem" />
              <Skeleton width="75%" height="1.25rem" />
              <Skeleton lines={2} />
            </Card>
          ))}
        </CardGrid>
      ) : query.isError ? (
        <ErrorState title="Events could not be loaded" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !groups || shown === 0 ? (
        <EmptyState
          title="No events found"
          message={
            filtering && query.data.events.length > 0 ? 'No event matches this search and status.' : 'Events you schedule for your campaigns will appear here.'
          }
          action={
            <div className={styles.emptyActions}>
              {filtering && query.data.events.length > 0 ? (
                <Button variant="secondary" onClick={handleClearFilters}>
                  Clear filters
                </Button>
              ) : null}
              {canWrite ? <Button onClick={handleCreate}>Create Event</Button> : null}
            </div>
          }
        />
      ) : (
        <>
          <EventGroup title="Upcoming" events={groups.upcoming} onEdit={handleEdit} onDelete={setToDelete} />
          <EventGroup title="Date to be announced" events={groups.unscheduled} onEdit={handleEdit} onDelete={setToDelete} />
          <EventGroup title="Past" events={groups.past} onEdit={handleEdit} onDelete={setToDelete} />
        </>
      )}
      {formOpened.current ? (
        <Suspense fallback={null}>
          <EventFormModal
            open={form.open}
            event={form.open ? form.event : null}
            initialCampaignId={params.get('campaignId') ?? undefined}
            onClose={handleCloseForm}
          />
        </Suspense>
      ) : null}
      <DeleteEventDialog event={toDelete} onClose={() => setToDelete(null)} />
    </section>
  );
}
