import type { CallOutcome, CallResult } from '@caucus/contract';
import { formatAmount } from '@caucus/platform';

export type OutcomeKey = {
  outcome: CallOutcome;
  label: string;
  /** The key that logs it on the caller screen. */
  key: string;
  /** Outcomes that need more before they are logged (an amount, a time to call back). */
  needs: 'amount' | 'callback' | null;
  tone: 'primary' | 'secondary' | 'danger';
};

// Kept here (not imported from the contract's runtime module) so the caller screen's bundle holds no zod.
export const OUTCOME_KEYS: readonly OutcomeKey[] = [
  { outcome: 'no_answer', label: 'No answer', key: '1', needs: null, tone: 'secondary' },
  { outcome: 'left_message', label: 'Left message', key: '2', needs: null, tone: 'secondary' },
  { outcome: 'call_back', label: 'Call back', key: '3', needs: 'callback', tone: 'secondary' },
  { outcome: 'pledged', label: 'Pledged', key: '4', needs: 'amount', tone: 'primary' },
  { outcome: 'gave_now', label: 'Gave now', key: '5', needs: 'amount', tone: 'primary' },
  { outcome: 'declined', label: 'Declined', key: '6', needs: null, tone: 'secondary' },
  { outcome: 'wrong_number', label: 'Wrong number', key: '7', needs: null, tone: 'secondary' },
  { outcome: 'do_not_call', label: 'Do not call', key: '8', needs: null, tone: 'danger' },
];

/** The amount field of an outcome that needs one (a pledge or a gift), the same wherever a call is logged. */
export function amountFieldOf(outcome: CallOutcome) {
  return { label: outcome === 'pledged' ? 'Pledge amount' : 'Gift amount', type: 'number', min: 0, step: 0.01, inputMode: 'decimal' } as const;
}

export const outcomeLabel = (outcome: CallOutcome): string => OUTCOME_KEYS.find((o) => o.outcome === outcome)?.label ?? outcome;

export function outcomeForKey(key: string): OutcomeKey | undefined {
  return OUTCOME_KEYS.find((o) => o.key === key);
}

/** Whether a key press belongs to a field being typed in (shortcuts must not steal it). */
export function isTyping(target: EventTarget | null): boolean {
  if (!target || !(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}

/** What the caller screen says of the call just logged: the contact, the outcome and any amount. */
export function lastCallMessage(result: CallResult): string {
  const { call } = result;
  return `${call.contactName}: ${outcomeLabel(call.outcome)}${call.amount !== null ? ` ${formatAmount(call.amount)}` : ''}`;
}
