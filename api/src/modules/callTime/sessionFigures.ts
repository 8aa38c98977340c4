import type { CallerStats, CallSessionDetail, CallSessionSummary, Person } from '@caucus/contract';
import type { DbTime } from '../../db/rows';
import { toIsoDate, toIsoDateTime, toMoney, toMoneyOrNull } from '../../db/values';
import { todayIn } from '../../lib/calendarDays';
import { personOf, str } from '../shared/contactActivity';
import type { CallTimeContext } from './context';
import { emptyProgress, progressFrom } from './progress';
import type { SessionListRow, StatsCallRow } from './repository';
import { statsOf, type PledgeGift, type StatsCall } from './stats';

/** The calls of some sessions with what the stats need: the workspace's zone and the gifts that fulfilled their pledges. */
export type StatsInput = { calls: StatsCallRow[]; timeZone: string | null; gifts: PledgeGift[] };

const timeOf = (value: DbTime | null): number => Date.parse(toIsoDateTime(value) ?? '') || 0;

export const statsCall = (row: StatsCallRow, timeZone: string | null): StatsCall => {
  const at = timeOf(row.createdAt);
  return {
    outcome: row.outcome,
    amount: toMoneyOrNull(row.amount),
    at,
    day: todayIn(timeZone, new Date(at)),
    pledgeId: str(row.pledgeId),
    pledgeAmount: toMoneyOrNull(row.pledgeAmount),
    amountFulfilled: toMoneyOrNull(row.amountFulfilled),
  };
};

/** Stats of each caller among these calls, busiest first. */
export function statsByCaller(calls: StatsCallRow[], timeZone: string | null, gifts: PledgeGift[]): CallerStats[] {
  const byCaller = new Map<string, { caller: Person; calls: StatsCall[] }>();
  for (const call of calls) {
    const caller = personOf(call.callerId, call.callerFirstName, call.callerLastName) ?? { id: 'removed', name: 'Former team member' };
    const entry = byCaller.get(caller.id) ?? { caller, calls: [] };
    entry.calls.push(statsCall(call, timeZone));
    byCaller.set(caller.id, entry);
  }
  return [...byCaller.values()]
    .map(({ caller, calls: mine }) => ({ caller, stats: statsOf(mine, gifts) }))
    .sort((a, b) => b.stats.calls - a.stats.calls || a.caller.name.localeCompare(b.caller.name));
}

export type SessionFigures = ReturnType<typeof createSessionFigures>;

/** Sessions as the lists and the session page show them: each with its progress and its calls' stats, and per caller. */
export function createSessionFigures({ repo }: CallTimeContext) {
  async function statsInput(accountId: string, sessionIds: string[]): Promise<StatsInput> {
    const db = repo.reader();
    const calls = await repo.callsForStats(db, accountId, sessionIds);
    const pledgeIds = [...new Set(calls.map((call) => str(call.pledgeId)).filter((id): id is string => id !== null))];
    const gifts = (await repo.giftsOfPledges(db, accountId, pledgeIds)).map((gift) => ({
      pledgeId: gift.pledgeId,
      date: toIsoDate(gift.donationDate) ?? '',
      amount: toMoney(gift.donationAmount),
    }));
    return { calls, timeZone: await repo.accountTimeZone(db, accountId), gifts: gifts.filter((gift) => gift.date !== '') };
  }

  async function summaries(rows: SessionListRow[], accountId: string, input?: StatsInput): Promise<CallSessionSummary[]> {
    const ids = rows.map((row) => row.id);
    const progress = progressFrom(await repo.progressRows(repo.reader(), accountId, ids));
    const { calls, timeZone, gifts } = input ?? (await statsInput(accountId, ids));
    return rows.map((row) => {
      const id = row.id;
      return {
        id,
        name: row.name,
        listId: str(row.listId),
        listName: row.listName,
        campaign: row.campaignId && row.campaignName ? { id: row.campaignId, name: row.campaignName } : null,
        order: row.callOrder,
        assignee: personOf(row.assigneeId, row.assigneeFirstName, row.assigneeLastName),
        createdAt: toIsoDateTime(row.createdAt) ?? '',
        progress: progress.get(id) ?? emptyProgress(),
        stats: statsOf(
          calls.filter((call) => call.sessionId === id).map((call) => statsCall(call, timeZone)),
          gifts,
        ),
      };
    });
  }

  async function detail(accountId: string, row: SessionListRow): Promise<CallSessionDetail> {
    const input = await statsInput(accountId, [row.id]);
    const [summary] = await summaries([row], accountId, input);
    return { ...summary, callers: statsByCaller(input.calls, input.timeZone, input.gifts) };
  }

  return { statsInput, summaries, detail };
}
