import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, toast } from '@caucus/platform';
import type { CallResult, Prospect } from '@caucus/contract';
import { callBody, callFormErrors, emptyCallForm, type CallFormValues } from '../utils/callForm';
import { lastCallMessage, type OutcomeKey } from '../utils/outcomes';
import { useLogCall, type useNextProspect } from './useCalls';
import { useOutcomeShortcuts } from './useOutcomeShortcuts';

export type CallFormErrors = Partial<Record<keyof CallFormValues, string>>;

/** Logs an outcome with its details once the contract finds them valid, then says so (or why not). */
function useLogOutcome(sessionId: string, next: ReturnType<typeof useNextProspect>, prospect: Prospect | null, onInvalid: (errors: CallFormErrors) => void) {
  const log = useLogCall(sessionId);
  const [last, setLast] = useState<CallResult | null>(null);
  const submit = useCallback(
    (choice: OutcomeKey, formValues: CallFormValues) => {
      if (!prospect || log.isPending) return;
      const found = callFormErrors(prospect.contactId, choice.outcome, formValues);
      if (Object.keys(found).length > 0) {
        onInvalid(found);
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
    [log, next, prospect, onInvalid],
  );
  return { submit, saving: log.isPending, last };
}

/**
 * The outcome being logged for the prospect on screen: the outcome chosen, the details typed for it and
 * their messages, the call last logged, and the keys that do the same as the buttons.
 */
export function useCallOutcome(sessionId: string, next: ReturnType<typeof useNextProspect>) {
  const [pending, setPending] = useState<OutcomeKey | null>(null);
  const [values, setValues] = useState<CallFormValues>(emptyCallForm);
  const [errors, setErrors] = useState<CallFormErrors>({});
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

  const { submit, saving, last } = useLogOutcome(sessionId, next, prospect, setErrors);

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

  // Esc: no outcome chosen, no messages, the focus out of the field.
  const dismiss = useCallback(() => {
    setPending(null);
    setErrors({});
    (document.activeElement as HTMLElement | null)?.blur();
  }, []);

  useOutcomeShortcuts(choose, dismiss, notesRef);

  const setField = (field: keyof CallFormValues) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return {
    prospect,
    pending,
    values,
    errors,
    last,
    saving,
    notesRef,
    detailRef,
    choose,
    setField,
    /** Enter in the panel: the chosen outcome with its details. */
    save: () => {
      if (pending) submit(pending, values);
    },
    cancel: () => setPending(null),
  };
}

export type CallOutcomeState = ReturnType<typeof useCallOutcome>;
