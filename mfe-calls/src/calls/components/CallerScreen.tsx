import { Link, useParams } from 'react-router-dom';
import { buttonClassName, EmptyState, ErrorState, ProgressBar, Skeleton } from '@caucus/design-system';
import type { CallResult } from '@caucus/contract';
import { useNextProspect } from '../hooks/useCalls';
import { useCallOutcome } from '../hooks/useCallOutcome';
import { CALLS_PATH, FOLLOW_UPS_PATH, sessionPath } from '../paths';
import { lastCallMessage } from '../utils/outcomes';
import { CallPanel } from './CallPanel';
import { ProspectCard } from './ProspectCard';
import styles from './CallerScreen.module.css';

/** The caller's screen: one prospect, big outcome buttons, a key for each. */
export function CallerScreen() {
  const { sessionId = '' } = useParams();
  const next = useNextProspect(sessionId);
  const call = useCallOutcome(sessionId, next);

  if (next.isPending) return <Skeleton lines={10} />;
  if (next.isError) return <ErrorState title="The next prospect could not be loaded" error={next.error} onRetry={() => void next.refetch()} />;
  const { progress } = next.data;
  const callable = Math.max(progress.total - progress.skipped, 1);

  return (
    <section aria-labelledby="caller-title" className={styles.screen}>
      <header className={styles.top}>
        <h1 id="caller-title" className={styles.title}>
          Call time
        </h1>
        <ProgressBar value={progress.done} max={callable} label={`${progress.done} of ${callable} called`} showLabel className={styles.progress} />
        <Link className={buttonClassName({ variant: 'secondary', size: 'sm' })} to={sessionPath(sessionId)}>
          Stop and see stats
        </Link>
      </header>

      {call.last && <LastCall last={call.last} />}

      {!call.prospect ? (
        <SheetDone />
      ) : (
        <div className={styles.layout}>
          <ProspectCard prospect={call.prospect} />
          <CallPanel prospect={call.prospect} call={call} />
        </div>
      )}
    </section>
  );
}

/** The call just logged, said again (and any limit warning) for screen readers and a glance. */
function LastCall({ last }: { last: CallResult }) {
  return (
    <p className={last.warning ? styles.warning : styles.lastCall} role="status">
      Last call: {lastCallMessage(last)}
      {last.warning ? ` — ${last.warning}` : ''}
    </p>
  );
}

/** No one left to call in this session: where to go next. */
function SheetDone() {
  return (
    <EmptyState
      headingLevel={2}
      title="The call sheet is done"
      message="Everyone on this session has been called (or is on another caller's screen)."
      action={
        <div className={styles.actions}>
          <Link className={buttonClassName({ variant: 'primary' })} to={FOLLOW_UPS_PATH}>
            Chase pledges and call-backs
          </Link>
          <Link className={buttonClassName({ variant: 'secondary' })} to={CALLS_PATH}>
            All sessions
          </Link>
        </div>
      }
    />
  );
}
