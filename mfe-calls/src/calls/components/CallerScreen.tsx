import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button, buttonClassName, EmptyState, ErrorState, ProgressBar, Select, Skeleton, TextField } from '@caucus/design-system';
import { ApiError, toast, useWorkspaceDatePreferences, formatAmount } from '@caucus/platform';
import type { CallResult, Prospect } from '@caucus/contract';
import { useLogCall, useNextProspect } from '../hooks/useCalls';
import { CALLS_PATH, FOLLOW_UPS_PATH, sessionPath } from '../paths';
import { callBody, callFormErrors, emptyCallForm, type CallFormValues } from '../utils/callForm';
import { amountFieldOf, isTyping, OUTCOME_KEYS, outcomeForKey, type OutcomeKey } from '../utils/outcomes';
import { ProspectCard } from './ProspectCard';
import styles from './CallerScreen.module.css';

type Errors = Partial<Record<keyof CallFormValues, string>>;

function lastCallMessage(result: CallResult): string {
  const { call } = result;
  const label = OUTCOME_KEYS.find((o) => o.outcome === call.outcome)?.label ?? call.outcome;
  return `${call.contactName}: ${label}${call.amount !== null ? ` ${formatAmount(call.amount)}` : ''}`;
}

/** The caller's screen: one prospect, big outcome buttons, a key for each. */
export function CallerScreen() {
  const { sessionId = '' } = useParams();
  const next = useNextProspect(sessionId);
  const log = useLogCall(sessionId);
  const zone = useWorkspaceDatePreferences().timezone.replace(/_/g, ' ');
  const [pending, setPending] = useState<OutcomeKey | null>(null);
  const [values, setValues] = useState<CallFormValues>(emptyCallForm);
  const [errors, setErrors] = useState<Errors>({});
  const [last, setLast] = useState<CallResult | null>(null);
  const notesRef = useRef<HTMLTextAreaElement>(null);
  const detailRef = useRef<HTMLInputElement>(null);
  const prospect: Prospect | null = next.data?.prospect ?? null;

  // A new prospect starts with a clean panel.
  useEffect(() => {
    setPending(null);
    setValues(emptyCallForm());
    setErrors({});
  }, [prospect?.contactId]);

  useEffect(() => {
    if (pending) detailRef.current?.focus();
  }, [pending]);

  const submit = useCallback(
    (choice: OutcomeKey, formValues: CallFormValues) => {
      if (!prospect || log.isPending) return;
      const found = callFormErrors(prospect.contactId, choice.outcome, formValues);
      if (Object.keys(found).length > 0) {
        setErrors(found);
        return;
      }
      log.mutate(callBody(prospect.contactId, choice.outcome, formValues), {
        onSuccess: (result) => {
          setLast(result);
          if (result.warning) toast.warning('Past the limit', result.warning);
          else toast.success(lastCallMessage(result));
        },
        onError: (error) => {
          toast.error('The call could not be logged', error instanceof Error ? error.message : undefined);
          // A conflict (the contact was marked do not call meanwhile) took them off the sheet: the next one comes up.
          if (error instanceof ApiError && error.status === 409) void next.refetch();
        },
      });
    },
    [log, next, prospect],
  );

  const choose = useCallback(
    (choice: OutcomeKey) => {
      if (!prospect) return;
      setErrors({});
      if (!choice.needs) {
        submit(choice, values);
        return;
      }
      setPending(choice);
      if (choice.needs === 'amount' && !values.amount && prospect.suggestedAsk !== null) {
        setValues((v) => ({ ...v, amount: String(prospect.suggestedAsk), electionCode: prospect.currentElection?.electionCode ?? '' }));
      }
    },
    [prospect, submit, values],
  );

  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey) return;
      if (event.key === 'Escape') {
        setPending(null);
        setErrors({});
        (document.activeElement as HTMLElement | null)?.blur();
        return;
      }
      if (isTyping(event.target)) return;
      if (event.key === 'n' || event.key === 'N') {
        event.preventDefault();
        notesRef.current?.focus();
        return;
      }
      const choice = outcomeForKey(event.key);
      if (choice) {
        event.preventDefault();
        choose(choice);
      }
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [choose]);

  const set = (field: keyof CallFormValues) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  if (next.isPending) return <Skeleton lines={10} />;
  if (next.isError) return <ErrorState title="The next prospect could not be loaded" error={next.error} onRetry={() => void next.refetch()} />;
  const progress = next.data.progress;
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

      {last && (
        <p className={last.warning ? styles.warning : styles.lastCall} role="status">
          Last call: {lastCallMessage(last)}
          {last.warning ? ` — ${last.warning}` : ''}
        </p>
      )}

      {!prospect ? (
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
      ) : (
        <div className={styles.layout}>
          <ProspectCard prospect={prospect} />
          <form
            className={styles.panel}
            aria-label="Log the call"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (pending) submit(pending, values);
            }}
          >
            <h2 className={styles.panelTitle}>Outcome</h2>
            <div className={styles.outcomes}>
              {OUTCOME_KEYS.map((choice) => (
                <Button
                  key={choice.outcome}
                  type="button"
                  size="lg"
                  variant={pending?.outcome === choice.outcome ? 'primary' : choice.tone}
                  aria-keyshortcuts={choice.key}
                  aria-pressed={pending?.outcome === choice.outcome}
                  disabled={log.isPending}
                  onClick={() => choose(choice)}
                  className={styles.outcome}
                >
                  <kbd className={styles.kbd}>{choice.key}</kbd> {choice.label}
                </Button>
              ))}
            </div>

            {pending?.needs === 'amount' && (
              <div className={styles.details}>
                <TextField
                  ref={detailRef}
                  {...amountFieldOf(pending.outcome)}
                  value={values.amount}
                  onChange={set('amount')}
                  error={errors.amount}
                  hint={
                    prospect.currentElection
                      ? `${formatAmount(prospect.currentElection.remaining)} left under the ${prospect.currentElection.electionCode} limit`
                      : undefined
                  }
                />
                {prospect.elections.length > 0 && (
                  <Select
                    label="Election"
                    value={values.electionCode}
                    onChange={set('electionCode')}
                    error={errors.electionCode}
                    placeholder="Next election"
                    options={prospect.elections.map((e) => ({ value: e.electionCode, label: `${e.electionCode} (${formatAmount(e.remaining)} left)` }))}
                  />
                )}
              </div>
            )}
            {pending?.needs === 'callback' && (
              <div className={styles.details}>
                <TextField
                  ref={detailRef}
                  label="Call back on"
                  type="date"
                  value={values.callbackDate}
                  onChange={set('callbackDate')}
                  error={errors.callbackDate}
                />
                <TextField label="At" type="time" value={values.callbackTime} onChange={set('callbackTime')} hint={`Time in ${zone}; 9:00 if left empty`} />
              </div>
            )}

            <TextField ref={notesRef} multiline rows={3} label="Notes" value={values.notes} onChange={set('notes')} error={errors.notes} />

            {pending && (
              <div className={styles.actions}>
                <Button type="submit" loading={log.isPending}>
                  Save {pending.label.toLowerCase()} (Enter)
                </Button>
                <Button type="button" variant="secondary" onClick={() => setPending(null)}>
                  Cancel (Esc)
                </Button>
              </div>
            )}

            <p className={styles.help} id="caller-shortcuts">
              Keyboard: <kbd>1</kbd>–<kbd>8</kbd> log the outcome shown on each button (the next prospect comes up at once); <kbd>N</kbd> writes a note; after
              Call back, Pledged or Gave now, type the details and press <kbd>Enter</kbd> to save or <kbd>Esc</kbd> to cancel.
            </p>
          </form>
        </div>
      )}
    </section>
  );
}
