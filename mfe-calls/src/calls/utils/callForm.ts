import { callInputSchema, firstMessageByField, numberFromText, type CallInput, type CallOutcome } from '@caucus/contract';
import { workspaceInstant } from '@caucus/platform';

/** What the outcome panel edits: text, as typed (the workspace's clock for the call-back time). */
export type CallFormValues = { amount: string; electionCode: string; callbackDate: string; callbackTime: string; notes: string };

export const emptyCallForm = (): CallFormValues => ({ amount: '', electionCode: '', callbackDate: '', callbackTime: '', notes: '' });

/** The body of POST /api/call-sessions/:id/calls for an outcome and the panel's values. */
export function callBody(contactId: string, outcome: CallOutcome, values: CallFormValues): CallInput {
  const body: CallInput = { contactId, outcome, amount: null, electionCode: null, callbackAt: null, notes: values.notes.trim() || null };
  if (outcome === 'pledged' || outcome === 'gave_now') {
    body.amount = numberFromText(values.amount) as number;
    body.electionCode = values.electionCode || null;
  }
  if (outcome === 'call_back') {
    // A call-back without a time is at 9:00 that day, the workspace's morning.
    body.callbackAt = values.callbackDate ? (workspaceInstant(values.callbackDate, values.callbackTime || '09:00') ?? values.callbackDate) : null;
  }
  return body;
}

type FormField = keyof CallFormValues;
const FIELD_OF: Record<string, FormField> = { amount: 'amount', electionCode: 'electionCode', callbackAt: 'callbackDate', notes: 'notes' };

/** The contract's messages for the body, under the panel's fields (the API would answer the same). */
export function callFormErrors(contactId: string, outcome: CallOutcome, values: CallFormValues): Partial<Record<FormField, string>> {
  const errors: Partial<Record<FormField, string>> = {};
  for (const [field, message] of Object.entries(firstMessageByField(callInputSchema, callBody(contactId, outcome, values)))) {
    const target = FIELD_OF[field];
    if (target && message) errors[target] ??= message;
  }
  return errors;
}
