import type { Call } from '@caucus/contract';
import { toIsoDateTime, toMoneyOrNull } from '../../db/values';
import { fullName, personOf, str } from '../shared/contactActivity';
import type { CallListRow } from './repository';

/** A logged call as the API answers it. */
export function toCall(row: CallListRow): Call {
  return {
    id: row.id,
    sessionId: str(row.sessionId),
    contactId: row.contactId,
    contactName: fullName(row.contactFirstName, row.contactLastName, row.contactOrganization),
    phone: str(row.contactPhone) ?? str(row.contactMobile),
    caller: personOf(row.callerId, row.callerFirstName, row.callerLastName),
    outcome: row.outcome,
    amount: toMoneyOrNull(row.amount),
    electionCode: str(row.electionCode),
    callbackAt: toIsoDateTime(row.callbackAt),
    notes: str(row.notes),
    pledgeId: str(row.pledgeId),
    donationId: str(row.donationId),
    createdAt: toIsoDateTime(row.createdAt) ?? '',
  };
}
