import { useState } from 'react';
import { Badge, Button, Card, EmptyState, ErrorState, PageHeader, Skeleton, TextField } from '@caucus/design-system';
import { formatCalendarDate, formatDateTime, toast, useCan, workspaceCalendarDate, formatAmount } from '@caucus/platform';
import type { Call, OpenPledge } from '@caucus/contract';
import { useCallbacks, useOpenPledges, useRecordPledgeGift } from '../hooks/useCalls';
import { LogCallback } from './LogCallback';
import styles from './calls.module.css';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The gift that came in against a pledge: amount (the rest of the pledge by default) and its date. */
function RecordGift({ pledge, onDone }: { pledge: OpenPledge; onDone: () => void }) {
  const [amount, setAmount] = useState(String(pledge.remaining));
  const [date, setDate] = useState(workspaceCalendarDate());
  const record = useRecordPledgeGift();
  return (
    <form
      className={styles.inlineForm}
      aria-label={`Record the gift of ${pledge.contactName}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        record.mutate(
          { pledge, amount: Number(amount), date },
          {
            onSuccess: () => {
              toast.success(`Gift recorded against ${pledge.contactName}'s pledge`);
              onDone();
            },
            onError: (error) => toast.error('The gift could not be recorded', error instanceof Error ? error.message : undefined),
          },
        );
      }}
    >
      <TextField label="Gift amount" type="number" min={0} step={0.01} value={amount} onChange={(e) => setAmount(e.target.value)} />
      <TextField label="Gift date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      <div className={styles.actions}>
        <Button type="submit" loading={record.isPending}>
          Save gift
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function PledgeRow({ pledge, today }: { pledge: OpenPledge; today: string }) {
  const [recording, setRecording] = useState(false);
  const canRecord = useCan('gifts.enter');
  const overdue = pledge.reminderDate !== null && pledge.reminderDate <= today;
  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <strong>{pledge.contactName}</strong>
        <span>
          {formatAmount(pledge.pledgeAmount)} pledged · {formatAmount(pledge.amountFulfilled)} in · {formatAmount(pledge.remaining)} to come
        </span>
        <span className={styles.muted}>
          {pledge.campaign?.name ?? 'No campaign'} · pledged {formatCalendarDate(pledge.pledgeDate)} (
          {pledge.ageDays === 0 ? 'today' : `${pledge.ageDays} ${pledge.ageDays === 1 ? 'day' : 'days'} ago`})
        </span>
      </div>
      <div className={styles.rowSide}>
        {pledge.reminderDate && (
          <Badge tone={overdue ? 'warning' : 'neutral'}>{overdue ? 'Remind now' : `Remind ${formatCalendarDate(pledge.reminderDate)}`}</Badge>
        )}
        {pledge.phone && (
          <a href={telHref(pledge.phone)} className={styles.tel}>
            {pledge.phone}
          </a>
        )}
        {!recording && canRecord && (
          <Button size="sm" onClick={() => setRecording(true)} aria-label={`Record gift from ${pledge.contactName}`}>
            Record gift
          </Button>
        )}
      </div>
      {recording && <RecordGift pledge={pledge} onDone={() => setRecording(false)} />}
    </li>
  );
}

function CallbackRow({ call }: { call: Call }) {
  const [logging, setLogging] = useState(false);
  // Logging the call-back's outcome writes a call (contract/permissions.ts); it goes to the session it was asked in.
  const canLog = useCan('calls.write');
  const sessionId = call.sessionId;
  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <strong>{call.contactName}</strong>
        <span>Call back {formatDateTime(call.callbackAt)}</span>
        {call.notes && <span className={styles.muted}>{call.notes}</span>}
      </div>
      <div className={styles.rowSide}>
        {call.caller && <span className={styles.muted}>asked of {call.caller.name}</span>}
        {call.phone && (
          <a href={telHref(call.phone)} className={styles.tel}>
            {call.phone}
          </a>
        )}
        {!logging && canLog && sessionId && (
          <Button size="sm" onClick={() => setLogging(true)} aria-label={`Log call-back to ${call.contactName}`}>
            Log call-back
          </Button>
        )}
      </div>
      {logging && sessionId && <LogCallback call={{ ...call, sessionId }} onDone={() => setLogging(false)} />}
    </li>
  );
}

/** What finance staff chase after call time: open pledges and the call-backs due today. */
export function FollowUpsPage() {
  const pledges = useOpenPledges();
  const callbacks = useCallbacks();
  const today = workspaceCalendarDate();
  return (
    <section aria-labelledby="follow-ups-title" className={styles.page}>
      <PageHeader title="Follow-ups" titleId="follow-ups-title" subtitle="Pledges to turn into gifts, and the people who asked to be called back." />
      <Card title="Call-backs due today" headingLevel={2}>
        {callbacks.isPending ? (
          <Skeleton lines={3} />
        ) : callbacks.isError ? (
          <ErrorState title="Call-backs could not be loaded" error={callbacks.error} onRetry={() => void callbacks.refetch()} />
        ) : callbacks.data.callbacks.length === 0 ? (
          <p className={styles.muted}>No call-backs due today.</p>
        ) : (
          <ul className={styles.rows} aria-label="Call-backs due">
            {callbacks.data.callbacks.map((call) => (
              <CallbackRow key={call.id} call={call} />
            ))}
          </ul>
        )}
      </Card>
      <Card title="Open pledges" headingLevel={2}>
        {pledges.isPending ? (
          <Skeleton lines={4} />
        ) : pledges.isError ? (
          <ErrorState title="Pledges could not be loaded" error={pledges.error} onRetry={() => void pledges.refetch()} />
        ) : pledges.data.pledges.length === 0 ? (
          <EmptyState title="No open pledges" message="Every pledge has been fulfilled." />
        ) : (
          <ul className={styles.rows} aria-label="Open pledges">
            {pledges.data.pledges.map((pledge) => (
              <PledgeRow key={pledge.id} pledge={pledge} today={today} />
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
