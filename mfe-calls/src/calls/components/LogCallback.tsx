import { useState } from 'react';
import { Button, Select, TextField } from '@caucus/design-system';
import { formatAmount, toast } from '@caucus/platform';
import type { Call } from '@caucus/contract';
import { useLogCall } from '../hooks/useCalls';
import { callBody, callFormErrors, emptyCallForm, type CallFormValues } from '../utils/callForm';
import { amountFieldOf, OUTCOME_KEYS } from '../utils/outcomes';
import styles from './calls.module.css';

type Errors = Partial<Record<keyof CallFormValues, string>>;

/**
 * The outcome of a call-back, logged from the follow-ups in the session the call-back was asked in
 * (the contact is on its sheet): a pledge or a gift goes through the ledger like one made on the
 * caller screen, and the call-back leaves the list because a later call follows it.
 */
export function LogCallback({ call, onDone }: { call: Call & { sessionId: string }; onDone: () => void }) {
  const log = useLogCall(call.sessionId);
  const [outcome, setOutcome] = useState(OUTCOME_KEYS[0]);
  const [values, setValues] = useState<CallFormValues>(emptyCallForm);
  const [errors, setErrors] = useState<Errors>({});
  const set = (field: keyof CallFormValues) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  return (
    <form
      className={styles.inlineForm}
      aria-label={`Log the call-back to ${call.contactName}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = callFormErrors(call.contactId, outcome.outcome, values);
        if (Object.keys(found).length > 0) {
          setErrors(found);
          return;
        }
        log.mutate(callBody(call.contactId, outcome.outcome, values), {
          onSuccess: (result) => {
            const what = `${call.contactName}: ${outcome.label}${result.call.amount !== null ? ` ${formatAmount(result.call.amount)}` : ''}`;
            if (result.warning) toast.warning('Past the limit', result.warning);
            else toast.success(what);
            onDone();
          },
          onError: (error) => toast.error('The call could not be logged', error instanceof Error ? error.message : undefined),
        });
      }}
    >
      <Select
        label="Outcome"
        value={outcome.outcome}
        onChange={(event) => {
          setOutcome(OUTCOME_KEYS.find((o) => o.outcome === event.target.value) ?? OUTCOME_KEYS[0]);
          setErrors({});
        }}
        options={OUTCOME_KEYS.map((o) => ({ value: o.outcome, label: o.label }))}
      />
      {outcome.needs === 'amount' && (
        <TextField
          {...amountFieldOf(outcome.outcome)}
          value={values.amount}
          onChange={set('amount')}
          error={errors.amount}
          hint="To the next election of the session's campaign"
        />
      )}
      {outcome.needs === 'callback' && (
        <>
          <TextField label="Call back on" type="date" value={values.callbackDate} onChange={set('callbackDate')} error={errors.callbackDate} />
          <TextField label="At" type="time" value={values.callbackTime} onChange={set('callbackTime')} hint="9:00 if left empty" />
        </>
      )}
      <TextField multiline rows={2} label="Notes" value={values.notes} onChange={set('notes')} error={errors.notes} />
      <div className={styles.actions}>
        <Button type="submit" loading={log.isPending}>
          Save call
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
