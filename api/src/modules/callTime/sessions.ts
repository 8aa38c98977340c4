import type { CallOrder, CallSessionDetail, CallSessionsResponse, CallSessionValues, Person } from '@caucus/contract';
import { toIsoDate } from '../../db/values';
import { BadRequest, NotFound } from '../../http/errors';
import { recordAudit } from '../../lib/audit';
import { isId, newId } from '../../lib/ids';
import { centsOf } from '../compliance/limitEngine';
import { fullName } from '../shared/contactActivity';
import type { Actor, CallTimeContext } from './context';
import { CALLER_NOT_IN_TEAM, CAMPAIGN_NOT_FOUND, LIST_HAS_NO_ONE, LIST_NOT_FOUND } from './messages';
import type { CallableMemberRow } from './repository';
import { statsByCaller, statsCall, type SessionFigures } from './sessionFigures';
import { statsOf } from './stats';

/** Call-sheet order: the comparator each call order sorts the list's members by (ties by name, then id). */
export function callOrderComparator(order: CallOrder): (a: CallableMemberRow, b: CallableMemberRow) => number {
  const byName = (a: CallableMemberRow, b: CallableMemberRow) =>
    (a.lastName ?? '').localeCompare(b.lastName ?? '', 'en', { sensitivity: 'base' }) ||
    (a.firstName ?? '').localeCompare(b.firstName ?? '', 'en', { sensitivity: 'base' }) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  if (order === 'largest_giving') return (a, b) => centsOf(b.totalDonated) - centsOf(a.totalDonated) || byName(a, b);
  if (order === 'longest_since_gift') {
    // Lapsed donors first, oldest gift first; people who never gave come after every donor.
    const day = (row: CallableMemberRow) => toIsoDate(row.lastDonationDate) ?? '9999-12-31';
    return (a, b) => (day(a) < day(b) ? -1 : day(a) > day(b) ? 1 : 0) || byName(a, b);
  }
  return byName;
}

/** The sessions: the team who may call, every session with the figures of all of them, one session, and a new one with its call sheet. */
export function createCallSessions(context: CallTimeContext, figures: SessionFigures) {
  const { repo, now, sessionOr404 } = context;

  return {
    async team(accountId: string): Promise<Person[]> {
      return (await repo.team(accountId)).map((row) => ({ id: String(row.id), name: fullName(row.firstName, row.lastName) }));
    },

    /** Every session, and the figures of all of them together: overall and per caller across sessions. */
    async list(accountId: string): Promise<CallSessionsResponse> {
      const rows = await repo.listSessions(accountId);
      const input = await figures.statsInput(
        accountId,
        rows.map((row) => row.id),
      );
      return {
        sessions: await figures.summaries(rows, accountId, input),
        overall: {
          stats: statsOf(
            input.calls.map((call) => statsCall(call, input.timeZone)),
            input.gifts,
          ),
          callers: statsByCaller(input.calls, input.timeZone, input.gifts),
        },
      };
    },

    async get(accountId: string, id: string): Promise<CallSessionDetail> {
      return figures.detail(accountId, await sessionOr404(repo.reader(), accountId, id));
    },

    async create(accountId: string, actor: Actor, values: CallSessionValues): Promise<CallSessionDetail> {
      const id = await repo.transaction(async (trx) => {
        const list = isId(values.listId) ? await repo.findList(trx, accountId, values.listId) : undefined;
        if (!list) throw new NotFound(LIST_NOT_FOUND);
        if (!isId(values.campaignId) || !(await repo.exists(trx, 'campaigns', accountId, values.campaignId))) throw new NotFound(CAMPAIGN_NOT_FOUND);
        if (!isId(values.assigneeId) || !(await repo.isMember(trx, accountId, values.assigneeId))) {
          throw new BadRequest(CALLER_NOT_IN_TEAM, { assigneeId: CALLER_NOT_IN_TEAM });
        }
        const members = (await repo.callableMembers(trx, accountId, values.listId)).sort(callOrderComparator(values.order));
        if (members.length === 0) throw new BadRequest(LIST_HAS_NO_ONE, { listId: LIST_HAS_NO_ONE });
        const sessionId = newId();
        await repo.insertSession(
          trx,
          {
            id: sessionId,
            accountId,
            name: values.name,
            listId: values.listId,
            listName: list.name,
            campaignId: values.campaignId,
            callOrder: values.order,
            assigneeId: values.assigneeId,
            createdBy: actor.userId,
          },
          now(),
        );
        // The call sheet is a snapshot: the list may change during the session without reshuffling it.
        await repo.insertProspects(
          trx,
          members.map((member, index) => ({ id: newId(), accountId, sessionId, contactId: member.id, position: index + 1, status: 'pending' })),
        );
        await recordAudit(trx, {
          accountId,
          actor,
          entityType: 'call_session',
          entityId: sessionId,
          action: 'create',
          after: {
            name: values.name,
            listId: values.listId,
            campaignId: values.campaignId,
            order: values.order,
            assigneeId: values.assigneeId,
            prospects: members.length,
          },
        });
        return sessionId;
      });
      return figures.detail(accountId, await sessionOr404(repo.reader(), accountId, id));
    },
  };
}
