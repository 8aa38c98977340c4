import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Badge, Card, ErrorState, PageHeader, Pagination, Skeleton } from '@caucus/design-system';
import { formatDateTime } from '@caucus/platform';
import { useSend } from '../hooks/useCommunication';
import { SendSummary } from './ListEmailPanel';
import styles from './Communication.module.css';

const TONE = { queued: 'neutral', sending: 'warning', sent: 'success', failed: 'danger', printed: 'info' } as const;

/** One email to a list: counts, who was left out, and every recipient with their state. */
export function SendPage() {
  const { sendId = '' } = useParams();
  const send = useSend(sendId);
  const [page, setPage] = useState(1);
  if (send.isPending) return <Skeleton lines={6} />;
  if (send.isError) return <ErrorState title="This message could not be loaded" error={send.error} onRetry={() => void send.refetch()} />;
  const { message, recipients, total } = send.data;
  const ex = message.audience.excluded;
  return (
    <>
      <PageHeader
        title={message.subject}
        subtitle={
          <Link className={styles.link} to="/dashboard/communication/lists">
            Back to email to lists
          </Link>
        }
      />
      <div className={styles.stack}>
        <Card title="Progress" headingLevel={2}>
          <SendSummary send={message} />
          <p className={styles.muted}>
            {message.audience.members} on the list; left out: {ex.noEmail} without email, {ex.unsubscribed} unsubscribed, {ex.bounced} bounced, {ex.deceased}{' '}
            deceased.
          </p>
        </Card>
        <Card title="Recipients" headingLevel={2}>
          <div className={styles.tableWrap} role="region" aria-label="Recipients table" tabIndex={0}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">State</th>
                  <th scope="col">Sent</th>
                </tr>
              </thead>
              <tbody>
                {recipients.map((r) => (
                  <tr key={r.id}>
                    <td data-label="Name">{r.contactName}</td>
                    <td data-label="Email">{r.email}</td>
                    <td data-label="State">
                      <Badge tone={TONE[r.status]}>{r.status}</Badge> {r.error && <span className={styles.muted}>{r.error}</span>}
                    </td>
                    <td data-label="Sent">{r.sentAt ? formatDateTime(r.sentAt) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {total > 50 && <Pagination page={page} pageCount={Math.ceil(total / 50)} onPageChange={setPage} total={total} itemLabel="recipients" />}
        </Card>
      </div>
    </>
  );
}
