import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Button, buttonClassName, Card, EmptyState, ErrorState, PageHeader, ProgressBar, Skeleton } from '@caucus/design-system';
import { formatInstantDate, useCan, formatAmount } from '@caucus/platform';
import type { CallSessionsResponse, CallSessionSummary } from '@caucus/contract';
import { useSessions } from '../hooks/useCalls';
import { callerPath, sessionPath } from '../paths';
import { formatRate } from '../utils/format';
import { orderLabel } from '../utils/orders';
import { CallerFulfilment } from './CallerFulfilment';
import { CallerTable } from './CallerTable';
import { FulfilmentOverTime } from './FulfilmentOverTime';
import { StatsGrid } from './StatsGrid';
import styles from './calls.module.css';

// The form (react-hook-form and the contract's schema) loads when it is first opened.
const SessionForm = lazy(async () => ({ default: (await import('./SessionForm')).SessionForm }));

function SessionCard({ session }: { session: CallSessionSummary }) {
  const { progress, stats } = session;
  const finished = progress.total > 0 && progress.pending === 0 && progress.inProgress === 0;
  // Calling writes outcomes: a role without calls.write only reads the progress (contract/permissions.ts).
  const canCall = useCan('calls.write');
  return (
    <Card
      title={<Link to={sessionPath(session.id)}>{session.name}</Link>}
      subtitle={`${session.listName} · ${orderLabel(session.order)} · caller ${session.assignee?.name ?? 'unassigned'} · ${formatInstantDate(session.createdAt)}`}
      actions={finished ? <Badge tone="success">Finished</Badge> : <Badge tone="info">{progress.pending + progress.inProgress} to call</Badge>}
    >
      <ProgressBar
        value={progress.done}
        max={Math.max(progress.total - progress.skipped, 1)}
        label={`${progress.done} of ${progress.total - progress.skipped} called`}
        showLabel
      />
      <p className={styles.muted}>
        {stats.calls} calls · contact rate {formatRate(stats.contactRate)} · pledged {formatAmount(stats.pledgedAmount)} · given{' '}
        {formatAmount(stats.giftAmount)}
        {session.campaign ? ` · for ${session.campaign.name}` : ''}
      </p>
      <div className={styles.actions}>
        {!finished && canCall && (
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

/** Every session together: the figures overall, per caller across sessions, and fulfilment over time. */
function AllSessions({ overall }: { overall: CallSessionsResponse['overall'] }) {
  return (
    <Card title="All sessions" headingLevel={2}>
      <StatsGrid stats={overall.stats} label="Stats of all sessions" />
      <h3 className={styles.subheading}>By caller</h3>
      <CallerTable callers={overall.callers} caption="Stats of each caller across all sessions" />
      <h3 className={styles.subheading}>Fulfilment over time</h3>
      <FulfilmentOverTime weeks={overall.stats.overTime} caption="Pledges of all sessions fulfilled, week by week" />
      <h3 className={styles.subheading}>Fulfilment over time by caller</h3>
      <CallerFulfilment callers={overall.callers} />
    </Card>
  );
}

/** Call-time sessions: the list, and the form that builds a new one from a contact list. */
export function SessionsPage() {
  const sessions = useSessions();
  const [creating, setCreating] = useState(false);
  const canWrite = useCan('calls.write');
  return (
    <section aria-labelledby="call-time-title" className={styles.page}>
      <PageHeader
        title="Call time"
        titleId="call-time-title"
        subtitle="Build a call sheet from a list, then call through it one prospect at a time."
        actions={!creating && canWrite && <Button onClick={() => setCreating(true)}>New session</Button>}
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
            action={canWrite ? <Button onClick={() => setCreating(true)}>New session</Button> : undefined}
          />
        )
      ) : (
        <>
          <div className={styles.list}>
            {sessions.data.sessions.map((session) => (
              <SessionCard key={session.id} session={session} />
            ))}
          </div>
          <AllSessions overall={sessions.data.overall} />
        </>
      )}
    </section>
  );
}
