import { useState } from 'react';
import { Button, Card, CardGrid, EmptyState, ErrorState, PageHeader, Skeleton } from '@caucus/design-system';
import type { CaucusEvent } from '../api/eventsApi';
import { useEvents } from '../hooks/useEvents';
import { DeleteEventDialog } from './DeleteEventDialog';
import { EventCard } from './EventCard';
import { EventFormModal } from './EventFormModal';
import styles from './EventsPage.module.css';

export const EVENTS_SUBTITLE = 'Fundraisers, rallies and meetings across your campaigns, with when and where they happen.';

type FormState = { open: false } | { open: true; event: CaucusEvent | null };

export function EventsPage() {
  const query = useEvents();
  const [form, setForm] = useState<FormState>({ open: false });
  const [toDelete, setToDelete] = useState<CaucusEvent | null>(null);

  return (
    <section className={styles.page}>
      <PageHeader
        title="Events"
        subtitle={EVENTS_SUBTITLE}
        actions={<Button onClick={() => setForm({ open: true, event: null })}>New Event</Button>}
      />
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
        <ErrorState
          title="Events could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.events.length === 0 ? (
        <EmptyState title="No events found" message="Events you schedule for your campaigns will appear here." />
      ) : (
        <CardGrid>
          {query.data.events.map((event) => (
            <EventCard
              key={event.id}
              event={event}
              onEdit={(selected) => setForm({ open: true, event: selected })}
              onDelete={setToDelete}
            />
          ))}
        </CardGrid>
      )}
      <EventFormModal open={form.open} event={form.open ? form.event : null} onClose={() => setForm({ open: false })} />
      <DeleteEventDialog event={toDelete} onClose={() => setToDelete(null)} />
    </section>
  );
}
