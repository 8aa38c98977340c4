import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Button, buttonClassName, Card, EmptyState, ErrorState, PageHeader, ProgressBar, Skeleton } from '@caucus/design-system';
import { formatInstantDate } from '@caucus/design-system/session';
import type { CallSessionSummary } from '@caucus/api/contract';
import { useSessions } from '../hooks/useCalls';
import { callerPath, sessionPath } from '../paths';
import { formatMoney, formatRate } from '../utils/format';
import { orderLabel } from '../utils/orders';
import styles from './calls.module.css';

// The form (react-hook-form and the contract's schema) loads when it is first opened.
const SessionForm = lazy(async () => ({ default: (await import('./SessionForm')).SessionForm }));

function SessionCard({ session }: { session: CallSessionSummary }) {
  const { progress, stats } = session;
  const finished = progress.total > 0 && progress.pending === 0 && progress.inProgress === 0;
  return (
    <Card
      title={<Link to={sessionPath(session.id)}>{session.name}</Link>}
      subtitle={`${session.listName} · ${orderLabel(session.order)} · caller ${session.assignee?.name ?? 'unassigned'} · ${formatInstantDate(session.createdAt)}`}
      actions={finished ? <Badge tone="success">Finished</Badge> : <Badge tone="info">{progress.pending + progress.inProgress} to call</Badge>}
    >
      <ProgressBar value={progress.done} max={Math.max(progress.total - progress.skipped, 1)} label={`${progress.done} of ${progress.total - progress.skipped} called`} showLabel />
      <p className={styles.muted}>
        {stats.calls} calls · contact rate {formatRate(stats.contactRate)} · pledged {formatMoney(stats.pledgedAmount)} · given {formatMoney(stats.giftAmount)}
        {session.campaign ? ` · for ${session.campaign.name}` : ''}
      </p>
      <div className={styles.actions}>
        {!finished && (
          <Link className={buttonClassName({ variant: 'primary' })} to={callerPath(session.id)}>
            Start calling
          </Link>
        )}
        <Link className={buttonClassName({ variant: 'secondary' })} to={sessionPath(session.id)}>
          Progress and stats
        </Link>
      </div>
    </Card>
  );
}

/** Call-time sessions: the list, and the form that builds a new one from a contact list. */
export function SessionsPage() {
  const sessions = useSessions();
  const [creating, setCreating] = useState(false);
  return (
    <section aria-labelledby="call-time-title" className={styles.page}>
      <PageHeader
        title="Call time"
        titleId="call-time-title"
        subtitle="Build a call sheet from a list, then call through it one prospect at a time."
        actions={!creating && <Button onClick={() => setCreating(true)}>New session</Button>}
      />
      {creating && (
        <Suspense fallback={<Skeleton lines={4} />}>
          <SessionForm onClose={() => setCreating(false)} />
        </Suspense>
      )}
      {sessions.isPending ? (
        <Skeleton lines={6} />
      ) : sessions.isError ? (
        <ErrorState title="Call sessions could not be loaded" error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : sessions.data.sessions.length === 0 ? (
        !creating && (
          <EmptyState
            title="No call sessions yet"
            message="A session turns a contact list into a call sheet, in the order you choose, for the caller you pick."
            action={<Button onClick={() => setCreating(true)}>New session</Button>}
          />
        )
      ) : (
        <div className={styles.list}>
          {sessions.data.sessions.map((session) => (
            <SessionCard key={session.id} session={session} />
          ))}
        </div>
      )}
    </section>
  );
}
