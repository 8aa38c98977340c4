import type { Knex } from 'knex';
import type { CallResult, CallValues } from '@caucus/contract';
import { toBool } from '../../db/values';
import { Conflict, NotFound } from '../../http/errors';
import { recordAudit, type AuditEntryInput } from '../../lib/audit';
import { todayIn } from '../../lib/calendarDays';
import { isId, newId } from '../../lib/ids';
import { createCallMoney, type CallMoney } from './callMoney';
import { toCall } from './callView';
import type { Actor, CallTimeContext } from './context';
import { ASKED_NOT_TO_BE_CALLED, NOT_ON_SHEET } from './messages';
import type { CallWrite } from './repository';

type CallOf = { callId: string; accountId: string; sessionId: string; actor: Actor; values: CallValues };

/** The call's row: its money's amount, election and pledge or gift when it brought any. */
function callRow({ callId, accountId, sessionId, actor, values }: CallOf, money: CallMoney | null, at: Date): CallWrite {
  return {
    id: callId,
    accountId,
    sessionId,
    contactId: values.contactId,
    callerId: actor.userId,
    outcome: values.outcome,
    amount: money ? values.amount : null,
    electionCode: money?.electionCode ?? null,
    callbackAt: values.outcome === 'call_back' && values.callbackAt ? new Date(values.callbackAt) : null,
    notes: values.notes,
    pledgeId: money?.pledge?.id ?? null,
    donationId: money?.donationId ?? null,
    createdAt: at,
  };
}

function callAudit({ callId, accountId, sessionId, actor, values }: CallOf, row: CallWrite): AuditEntryInput {
  return {
    accountId,
    actor,
    entityType: 'call',
    entityId: callId,
    action: 'create',
    after: {
      sessionId,
      contactId: values.contactId,
      outcome: values.outcome,
      amount: row.amount,
      electionCode: row.electionCode,
      callbackAt: values.callbackAt,
      pledgeId: row.pledgeId,
      donationId: row.donationId,
    },
  };
}

/** Logging a call: the call row, the prospect it finishes, and the pledge or gift it brought, in one transaction. */
export function createCallLog(context: CallTimeContext) {
  const { repo, now, sessionOr404, progressOf } = context;
  const { moveMoney } = createCallMoney(context);

  /** The contact asked not to be called: marked so, and taken off every call sheet. */
  async function markDoNotCall(trx: Knex.Transaction, accountId: string, actor: Actor, contactId: string): Promise<AuditEntryInput> {
    await repo.setDoNotCall(trx, accountId, contactId, now());
    await repo.skipEverywhere(trx, accountId, contactId);
    return { accountId, actor, entityType: 'contact', entityId: contactId, action: 'update', before: { doNotCall: false }, after: { doNotCall: true } };
  }

  return {
    async recordCall(accountId: string, actor: Actor, sessionId: string, values: CallValues): Promise<CallResult> {
      const session = await sessionOr404(repo.reader(), accountId, sessionId);
      if (!isId(values.contactId) || !(await repo.prospect(repo.reader(), accountId, sessionId, values.contactId))) {
        throw new NotFound(NOT_ON_SHEET);
      }
      const today = todayIn(await repo.accountTimeZone(repo.reader(), accountId), now());
      const call: CallOf = { callId: newId(), accountId, sessionId, actor, values };
      // One transaction: the contact's lock (taken first, as the ledger's lock order wants), the
      // pledge or gift through the ledger, then the call row that points at it.
      const money = await repo.transaction(async (trx) => {
        const contact = await repo.lockContact(trx, accountId, values.contactId);
        if (!contact) throw new NotFound('Contact not found');
        // Do not call holds everywhere: a screen still showing the contact after another session (or
        // the contact's page) marked them cannot log a call, nor the pledge or gift that would go with it.
        if (toBool(contact.doNotCall) && values.outcome !== 'do_not_call') throw new Conflict(ASKED_NOT_TO_BE_CALLED, { contactId: ASKED_NOT_TO_BE_CALLED });
        const prospect = await repo.prospect(trx, accountId, sessionId, values.contactId);
        if (!prospect) throw new NotFound(NOT_ON_SHEET);
        const money = values.outcome === 'pledged' || values.outcome === 'gave_now' ? await moveMoney(trx, accountId, actor, session, values, today) : null;
        const row = callRow(call, money, now());
        await repo.insertCall(trx, row);
        await repo.finishProspect(trx, accountId, prospect.id, values.outcome);
        const audits = [callAudit(call, row)];
        if (values.outcome === 'do_not_call' && !toBool(contact.doNotCall)) audits.push(await markDoNotCall(trx, accountId, actor, values.contactId));
        await recordAudit(trx, audits);
        return money;
      });
      const logged = await repo.findCall(repo.reader(), accountId, call.callId);
      if (!logged) throw new Error(`The call ${call.callId} just logged is not there`);
      return {
        call: toCall(logged),
        pledge: money?.pledge ?? null,
        donationId: money?.donationId ?? null,
        warning: money?.warning ?? null,
        progress: await progressOf(repo.reader(), accountId, sessionId),
      };
    },
  };
}
