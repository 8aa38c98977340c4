import { Link } from 'react-router-dom';
import { Badge, Button, Card, buttonClassName } from '@caucus/design-system';
import { useCan } from '@caucus/platform';
import type { CaucusEvent } from '../api/eventsApi';
import { eventPath } from '../paths';
import { eventStatusLabel, eventTypeLabel, formatEventStart, statusTone } from '../utils/format';
import styles from './EventCard.module.css';

export type EventCardProps = {
  event: CaucusEvent;
  onEdit: (event: CaucusEvent) => void;
  onDelete: (event: CaucusEvent) => void;
};

export function EventCard({ event, onEdit, onDelete }: EventCardProps) {
  // Editing needs events.write (contract/permissions.ts); other roles only read.
  const canWrite = useCan('events.write');
  const titleId = `event-${event.id}`;
  const where = event.location || (event.isVirtual ? 'Online' : 'Location to be announced');
  return (
    <Card className={styles.card}>
      <article aria-labelledby={titleId} className={styles.body}>
        <div className={styles.badges}>
          <Badge tone="neutral">{eventTypeLabel(event.eventType)}</Badge>
          <Badge tone={statusTone(event.status)}>{eventStatusLabel(event.status)}</Badge>
        </div>
        <h3 id={titleId} className={styles.name}>
          {event.name}
        </h3>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>Starts</dt>
            <dd>{formatEventStart(event.startDate)}</dd>
          </div>
          <div className={styles.fact}>
            <dt>Location</dt>
            <dd>{where}</dd>
          </div>
          <div className={styles.fact}>
            <dt>Campaign</dt>
            <dd>{event.campaign?.name ?? 'No Campaign'}</dd>
          </div>
        </dl>
        <div className={styles.actions}>
          <Link to={eventPath(event.id)} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
            View Details
          </Link>
          {canWrite ? (
            <>
              <Button variant="ghost" size="sm" onClick={() => onEdit(event)} aria-label={`Edit ${event.name}`}>
                Edit
              </Button>
              <Button variant="danger" size="sm" onClick={() => onDelete(event)} aria-label={`Delete ${event.name}`}>
                Delete
              </Button>
            </>
          ) : null}
        </div>
      </article>
    </Card>
  );
}
