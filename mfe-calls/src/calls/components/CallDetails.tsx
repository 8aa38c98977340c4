import type { RefObject } from 'react';
import { Select, TextField } from '@caucus/design-system';
import { formatAmount, useWorkspaceDatePreferences } from '@caucus/platform';
import type { Prospect } from '@caucus/contract';
import type { CallFormErrors } from '../hooks/useCallOutcome';
import type { CallFormValues } from '../utils/callForm';
import { amountFieldOf, type OutcomeKey } from '../utils/outcomes';
import styles from './CallerScreen.module.css';

type Change = (field: keyof CallFormValues) => (event: { target: { value: string } }) => void;

type Props = {
  pending: OutcomeKey;
  prospect: Prospect;
  values: CallFormValues;
  errors: CallFormErrors;
  setField: Change;
  /** The first field, focused when the outcome is chosen. */
  detailRef: RefObject<HTMLInputElement | null>;
};

/** What an outcome needs before it is logged: the amount (and its election), or when to call back. */
export function CallDetails({ pending, ...props }: Props) {
  if (pending.needs === 'amount') return <AmountDetails outcome={pending} {...props} />;
  if (pending.needs === 'callback') return <CallbackDetails {...props} />;
  return null;
}

function AmountDetails({ outcome, prospect, values, errors, setField, detailRef }: Omit<Props, 'pending'> & { outcome: OutcomeKey }) {
  return (
    <div className={styles.details}>
      <TextField
        ref={detailRef}
        {...amountFieldOf(outcome.outcome)}
        value={values.amount}
        onChange={setField('amount')}
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
          onChange={setField('electionCode')}
          error={errors.electionCode}
          placeholder="Next election"
          options={prospect.elections.map((e) => ({ value: e.electionCode, label: `${e.electionCode} (${formatAmount(e.remaining)} left)` }))}
        />
      )}
    </div>
  );
}

function CallbackDetails({ values, errors, setField, detailRef }: Omit<Props, 'pending' | 'prospect'>) {
  const zone = useWorkspaceDatePreferences().timezone.replace(/_/g, ' ');
  return (
    <div className={styles.details}>
      <TextField ref={detailRef} label="Call back on" type="date" value={values.callbackDate} onChange={setField('callbackDate')} error={errors.callbackDate} />
      <TextField label="At" type="time" value={values.callbackTime} onChange={setField('callbackTime')} hint={`Time in ${zone}; 9:00 if left empty`} />
    </div>
  );
}
