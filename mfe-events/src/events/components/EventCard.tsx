import { Badge, Card } from '@caucus/design-system';
import type { CaucusEvent } from '../api/eventsApi';
import { formatEventStart, humanise, statusTone } from '../utils/format';
import styles from './EventCard.module.css';

export function EventCard({ event }: { event: CaucusEvent }) {
  const titleId = `event-${event.id}`;
  const where = event.location || (event.isVirtual ? 'Online' : 'Location to be announced');
  return (
    <Card className={styles.card}>
      <article aria-labelledby={titleId} className={styles.body}>
        <div className={styles.badges}>
          <Badge tone="neutral">{humanise(event.eventType)}</Badge>
          <Badge tone={statusTone(event.status)}>{humanise(event.status)}</Badge>
        </div>
        <h2 id={titleId} className={styles.name}>
          {event.name}
        </h2>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>Starts</dt>
            <dd>{formatEventStart(event.startDate)}</dd>
          </div>
          <div className={styles.fact}>
            <dt>Location</dt>
            <dd>{where}</dd>
          </div>
          {event.campaign ? (
            <div className={styles.fact}>
              <dt>Campaign</dt>
              <dd>{event.campaign.name}</dd>
            </div>
          ) : null}
        </dl>
      </article>
    </Card>
  );
}
