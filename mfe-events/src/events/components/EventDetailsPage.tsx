import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { isWebUrl } from '@caucus/contract';
import { Badge, Button, Card, ErrorState, PageHeader, Skeleton, Tabs } from '@caucus/design-system';
import { useCan } from '@caucus/platform';
import { useEvent } from '../hooks/useEvents';
import { eventStatusLabel, eventTypeLabel, formatEventEnd, formatEventStart, statusTone } from '../utils/format';
import { DeleteEventDialog } from './DeleteEventDialog';
import { EventFormModal } from './EventFormModal';
import styles from './EventDetailsPage.module.css';

export const COMING_SOON = 'Event management interface coming soon...';

/** The details view's management areas, not built yet, each saying so (docs/product/screens.md, Events). */
const PLACEHOLDER_TABS = ['Attendees', 'Co-Hosts', 'Communications', 'Financials', 'Calls & Meetings'];

export function EventDetailsPage() {
  const { eventId = '' } = useParams();
  const navigate = useNavigate();
  const query = useEvent(eventId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const canWrite = useCan('events.write');

  const back = (
    <Link to=".." relative="path" className={styles.back}>
      ← Back to Events
    </Link>
  );

  if (query.isPending) {
    return (
      <section className={styles.page} aria-busy="true" aria-label="Loading event">
        {back}
        <Skeleton width="50%" height="2rem" />
        <Skeleton lines={4} />
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className={styles.page}>
        {back}
        <ErrorState title="Event could not be loaded" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </section>
    );
  }

  const { event } = query.data;
  const facts: [string, string][] = [
    ['Type', eventTypeLabel(event.eventType)],
    ['Status', eventStatusLabel(event.status)],
    ['Start', formatEventStart(event.startDate)],
    ['End', formatEventEnd(event.endDate)],
    ['Location', event.location || 'Not set'],
    ['Virtual URL', event.virtualUrl || 'Not set'],
    ['Campaign', event.campaign?.name ?? 'No Campaign'],
  ];

  return (
    <section className={styles.page}>
      {back}
      <PageHeader
        title={event.name}
        subtitle={event.description ?? undefined}
        actions={
          canWrite ? (
            <>
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button variant="danger" onClick={() => setDeleting(true)}>
                Delete
              </Button>
            </>
          ) : undefined
        }
      />
      <div className={styles.badges}>
        <Badge tone="neutral">{eventTypeLabel(event.eventType)}</Badge>
        <Badge tone={statusTone(event.status)}>{eventStatusLabel(event.status)}</Badge>
      </div>
      <Card title="Event Details" headingLevel={2}>
        <dl className={styles.facts}>
          {facts.map(([label, value]) => (
            <div key={label} className={styles.fact}>
              <dt>{label}</dt>
              <dd>
                {/* Only an http(s) address becomes a link: one saved before the API refused others stays text. */}
                {label === 'Virtual URL' && event.virtualUrl && isWebUrl(event.virtualUrl) ? (
                  <a href={event.virtualUrl} target="_blank" rel="noreferrer noopener">
                    {event.virtualUrl}
                  </a>
                ) : (
                  value
                )}
              </dd>
            </div>
          ))}
        </dl>
      </Card>
      <Tabs
        label="Event management"
        items={PLACEHOLDER_TABS.map((label) => ({
          id: label.toLowerCase().replace(/[^a-z]+/g, '-'),
          label,
          content: <p className={styles.soon}>{COMING_SOON}</p>,
        }))}
      />
      <EventFormModal open={editing} event={event} onClose={() => setEditing(false)} />
      <DeleteEventDialog event={deleting ? event : null} onClose={() => setDeleting(false)} onDeleted={() => navigate('..', { relative: 'path' })} />
    </section>
  );
}
