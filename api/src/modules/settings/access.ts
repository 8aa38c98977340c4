import { PAYMENT_GRACE_DAYS, READ_ONLY_CANCELED, READ_ONLY_UNPAID } from '@caucus/contract';
import { toIsoDateTime } from '../../db/values';
import type { SubscriptionRow } from './repository';

export type AccessState = { status: string | null; readOnly: boolean; message: string | null };

/**
 * Cancelled (or expired before it ever started) is read-only at once; past_due and unpaid keep full
 * access for a grace period after the paid period ended, so a card that failed once does not lock
 * the committee out the same day. An account without any subscription row was not created through
 * checkout (an operator's or an old seed's) and is not locked.
 */
export function accessOf(subscription: Pick<SubscriptionRow, 'status' | 'currentPeriodEnd'> | undefined, now: Date): AccessState {
  if (!subscription) return { status: null, readOnly: false, message: null };
  const { status } = subscription;
  if (status === 'canceled' || status === 'incomplete_expired') return { status, readOnly: true, message: READ_ONLY_CANCELED };
  if (status === 'past_due' || status === 'unpaid') {
    const periodEnd = toIsoDateTime(subscription.currentPeriodEnd);
    const graceEnds = periodEnd ? Date.parse(periodEnd) + PAYMENT_GRACE_DAYS * 24 * 3600 * 1000 : 0;
    if (graceEnds <= now.getTime()) return { status, readOnly: true, message: READ_ONLY_UNPAID };
  }
  return { status, readOnly: false, message: null };
}
