import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Skeleton } from '@caucus/design-system';
import { api, formatCalendarDate, formatDateTime, formatUsd } from '@caucus/platform';
// Type-only: the contract's schemas stay out of the bundle.
import type { ContactMessagesResponse } from '@caucus/contract';
import styles from './ContactMessages.module.css';

const KIND = { acknowledgment: 'Thank-you', list: 'List email', year_end: 'Year-end letter', test: 'Test' } as const;
const TONE = { queued: 'neutral', sending: 'warning', sent: 'success', failed: 'danger', printed: 'info' } as const;

export type ContactMessagesProps = { contactId: string };

function ackText(ack: ContactMessagesResponse['acknowledgments'][number]): string {
  if (ack.status === 'pending') return 'Not yet thanked';
  if (ack.status === 'not_needed') return 'No thanks needed';
  return `Thanked by ${ack.channel === 'letter' ? 'letter' : 'email'} on ${formatDateTime(ack.acknowledgedAt)}`;
}

/** What the contact was sent (thank-yous, letters, list emails), each gift's thank-you, and an unsubscribe. */
export function ContactMessages({ contactId }: ContactMessagesProps) {
  const query = useQuery({
    queryKey: ['contacts', 'messages', contactId],
    queryFn: ({ signal }) => api.get<ContactMessagesResponse>(`/contacts/${encodeURIComponent(contactId)}/messages`, { signal }),
  });
  if (query.isPending) return <Skeleton lines={3} />;
  if (query.isError) return null;
  const messages = query.data.messages ?? [];
  const acknowledgments = query.data.acknowledgments ?? [];
  return (
    <Card title="Messages and thank-yous" headingLevel={2}>
      {query.data.unsubscribedAt && (
        <p className={styles.unsubscribed}>
          <Badge tone="warning">Unsubscribed</Badge> from list email on {formatDateTime(query.data.unsubscribedAt)}
        </p>
      )}
      {acknowledgments.length > 0 && (
        <>
          <h3 className={styles.heading}>Gifts</h3>
          <ul className={styles.list}>
            {acknowledgments.map((ack) => (
              <li key={ack.donationId}>
                {formatUsd(ack.amount)} on {formatCalendarDate(ack.donationDate)}: <span className={styles.muted}>{ackText(ack)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <h3 className={styles.heading}>Received</h3>
      {messages.length === 0 ? (
        <p className={styles.muted}>Nothing sent yet</p>
      ) : (
        <ul className={styles.list}>
          {messages.map((m) => (
            <li key={m.id}>
              <strong>{m.subject}</strong>{' '}
              <span className={styles.muted}>
                {KIND[m.kind]} by {m.channel}
              </span>{' '}
              <Badge tone={TONE[m.status]}>{m.status}</Badge> <span className={styles.muted}>{formatDateTime(m.sentAt ?? m.createdAt)}</span>
              {m.error && <span className={styles.muted}> ({m.error})</span>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
