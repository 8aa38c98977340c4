import { Link, useParams } from 'react-router-dom';
import { buttonClassName, Card, ErrorState, PageHeader, ProgressBar, Skeleton } from '@caucus/design-system';
import { formatDateTime } from '@caucus/platform';
import { useSession } from '../hooks/useCalls';
import { callerPath, CALLS_PATH } from '../paths';
import { orderLabel } from '../utils/orders';
import { CallerFulfilment } from './CallerFulfilment';
import { CallerTable } from './CallerTable';
import { FulfilmentOverTime } from './FulfilmentOverTime';
import { StatsGrid } from './StatsGrid';
import styles from './calls.module.css';

/** A session's progress, and its stats overall and per caller. */
export function SessionDetailPage() {
  const { sessionId = '' } = useParams();
  const query = useSession(sessionId);
  if (query.isPending) return <Skeleton lines={8} />;
  if (query.isError) return <ErrorState title="The session could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  const { session } = query.data;
  const { progress } = session;
  const callable = Math.max(progress.total - progress.skipped, 0);
  const finished = progress.pending === 0 && progress.inProgress === 0;
  return (
    <section aria-labelledby="session-title" className={styles.page}>
      <PageHeader
        title={session.name}
        titleId="session-title"
        subtitle={`${session.listName} · ${orderLabel(session.order)} · caller ${session.assignee?.name ?? 'unassigned'}${session.campaign ? ` · for ${session.campaign.name}` : ''}`}
        actions={
          <div className={styles.actions}>
            <Link className={buttonClassName({ variant: 'secondary' })} to={CALLS_PATH}>
              All sessions
            </Link>
            {!finished && (
              <Link className={buttonClassName({ variant: 'primary' })} to={callerPath(session.id)}>
                Start calling
              </Link>
            )}
          </div>
        }
      />
      <Card title="Progress" headingLevel={2}>
        <ProgressBar value={progress.done} max={Math.max(callable, 1)} label={`${progress.done} of ${callable} called`} showLabel showPercent />
        <p className={styles.muted}>
          {progress.pending} waiting · {progress.inProgress} on a caller&apos;s screen · {progress.skipped} skipped (do not call)
          {session.stats.firstCallAt ? ` · calls from ${formatDateTime(session.stats.firstCallAt)} to ${formatDateTime(session.stats.lastCallAt)}` : ''}
        </p>
      </Card>
      <Card title="Session stats" headingLevel={2}>
        <StatsGrid stats={session.stats} label="Session stats" />
      </Card>
      <Card title="Fulfilment over time" headingLevel={2}>
        <FulfilmentOverTime weeks={session.stats.overTime} caption="Pledges of this session fulfilled, week by week" />
      </Card>
      <Card title="By caller" headingLevel={2}>
        <CallerTable callers={session.callers} caption="Stats of each caller in this session" />
        <h3 className={styles.subheading}>Fulfilment over time by caller</h3>
        <CallerFulfilment callers={session.callers} />
      </Card>
    </section>
  );
}
