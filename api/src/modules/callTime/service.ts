import type { Knex } from 'knex';
import type {
  Call,
  CallbacksResponse,
  CallOrder,
  CallResult,
  CallSessionDetail,
  CallSessionProgress,
  CallSessionSummary,
  CallSessionsResponse,
  CallSessionValues,
  CallerStats,
  CallValues,
  NextProspectResponse,
  OpenPledgesResponse,
  Person,
  Prospect,
} from '@caucus/contract';
import type { CallSessionProspectRow, ContactRow, DbTime } from '../../db/rows';
import { toBool, toIsoDate, toIsoDateTime, toMoney, toMoneyOrNull } from '../../db/values';
import { BadRequest, Conflict, NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { recordAudit, type AuditActor, type AuditEntryInput } from '../../lib/audit';
import { isId, newId } from '../../lib/ids';
import { designate } from '../compliance/designation';
import { centsOf } from '../compliance/limitEngine';
import { toPledge } from '../financials/service';
import { recordDonation, recordPledge, type DonationListener } from '../ledger';
import { fullName, personOf, str } from '../shared/contactActivity';
import { electionRoom } from './elections';
import type { CallableMemberRow, CallListRow, CallTimeRepository, ProspectCountRow, SessionListRow, StatsCallRow } from './repository';
import { statsOf, type PledgeGift, type StatsCall } from './stats';
import { suggestAsk } from './suggestedAsk';
import { addDays, daysBetween, endOfTodayIn, todayIn } from '../../lib/calendarDays';

export const SESSION_NOT_FOUND = 'Call session not found';
export const LIST_NOT_FOUND = 'Contact list not found';
export const CAMPAIGN_NOT_FOUND = 'Campaign not found';
export const CALLER_NOT_IN_TEAM = 'Caller must be a member of this workspace';
export const LIST_HAS_NO_ONE = 'The list has no one who may be called';
export const NOT_ON_SHEET = 'Contact is not on this call sheet';
export const ASKED_NOT_TO_BE_CALLED = 'This contact asked not to be called: the call was not logged';
/** A pledge is chased a week after it is made unless it has a due date. */
export const REMINDER_DAYS = 7;
/** How many prospects the claim loop tries at a time before reading the queue again. */
const CLAIM_BATCH = 8;
const CLAIM_ROUNDS = 5;

export type Actor = AuditActor & { userId: string };

const timeOf = (value: DbTime | null): number => Date.parse(toIsoDateTime(value) ?? '') || 0;
const dollars = (n: number): string => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

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

function progressFrom(rows: ProspectCountRow[]): Map<string, CallSessionProgress> {
  const bySession = new Map<string, CallSessionProgress>();
  for (const row of rows) {
    const id = row.sessionId;
    const progress = bySession.get(id) ?? { total: 0, done: 0, pending: 0, inProgress: 0, skipped: 0 };
    const n = Number(row.n);
    const status = row.status;
    progress.total += n;
    if (status === 'done') progress.done += n;
    else if (status === 'skipped' || toBool(row.doNotCall)) progress.skipped += n;
    else if (status === 'claimed') progress.inProgress += n;
    else progress.pending += n;
    bySession.set(id, progress);
  }
  return bySession;
}

const statsCall = (row: StatsCallRow, timeZone: string | null): StatsCall => {
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
function statsByCaller(calls: StatsCallRow[], timeZone: string | null, gifts: PledgeGift[]): CallerStats[] {
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

export function createCallTimeService(repo: CallTimeRepository, onDonationRecorded?: DonationListener, now: () => Date = () => new Date()) {
  const emptyProgress: CallSessionProgress = { total: 0, done: 0, pending: 0, inProgress: 0, skipped: 0 };

  async function progressOf(db: Knex | Knex.Transaction, accountId: string, sessionId: string): Promise<CallSessionProgress> {
    return progressFrom(await repo.progressRows(db, accountId, [sessionId])).get(sessionId) ?? { ...emptyProgress };
  }

  /** The calls of these sessions with what the stats need: the workspace's zone and the gifts that fulfilled their pledges. */
  async function statsInput(accountId: string, sessionIds: string[]): Promise<{ calls: StatsCallRow[]; timeZone: string | null; gifts: PledgeGift[] }> {
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

  async function summaries(rows: SessionListRow[], accountId: string, input?: Awaited<ReturnType<typeof statsInput>>): Promise<CallSessionSummary[]> {
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
        progress: progress.get(id) ?? { ...emptyProgress },
        stats: statsOf(
          calls.filter((call) => call.sessionId === id).map((call) => statsCall(call, timeZone)),
          gifts,
        ),
      };
    });
  }

  async function sessionOr404(db: Knex | Knex.Transaction, accountId: string, id: string): Promise<SessionListRow> {
    assertIdOr404(id, SESSION_NOT_FOUND);
    const row = await repo.findSession(db, accountId, id);
    if (!row) throw new NotFound(SESSION_NOT_FOUND);
    return row;
  }

  async function detail(accountId: string, row: SessionListRow): Promise<CallSessionDetail> {
    const input = await statsInput(accountId, [row.id]);
    const [summary] = await summaries([row], accountId, input);
    return { ...summary, callers: statsByCaller(input.calls, input.timeZone, input.gifts) };
  }

  /** Everything the caller's screen shows about one prospect. */
  async function buildProspect(accountId: string, session: SessionListRow, prospect: CallSessionProspectRow): Promise<Prospect> {
    const db = repo.reader();
    const contactId = prospect.contactId;
    const contact = await repo.contact(db, accountId, contactId);
    if (!contact) throw new NotFound('Contact not found');
    const today = todayIn(await repo.accountTimeZone(db, accountId), now());
    const room = await electionRoom(db, accountId, contactId, str(session.campaignId), today);
    const largest = await repo.largestGift(db, accountId, contactId);
    const lastAmount = toMoneyOrNull(contact.lastDonationAmount);
    const ask = suggestAsk({
      largestCents: largest === null ? null : centsOf(largest),
      lastCents: lastAmount === null ? null : centsOf(lastAmount),
      remainingCents: room.current ? centsOf(room.current.remaining) : null,
    });
    return {
      contactId,
      position: Number(prospect.position),
      name: fullName(contact.firstName, contact.lastName, contact.organization),
      organization: str(contact.organization),
      employer: str(contact.employer),
      occupation: str(contact.occupation),
      city: str(contact.city),
      state: str(contact.state),
      email: str(contact.primaryEmail),
      phones: await phonesOf(db, accountId, contact),
      giving: {
        totalDonated: toMoney(contact.totalDonated),
        donationCount: Number(contact.donationCount ?? 0),
        lastDonationAmount: lastAmount,
        lastDonationDate: toIsoDate(contact.lastDonationDate),
        largestDonationAmount: largest,
        recent: (await repo.recentGifts(db, accountId, contactId, 5)).map((gift) => ({
          id: gift.id,
          date: toIsoDate(gift.donationDate),
          amount: toMoney(gift.donationAmount),
          campaignName: str(gift.campaignName),
          electionCode: str(gift.electionCode),
        })),
      },
      elections: room.elections,
      currentElection: room.current,
      openPledges: (await repo.openPledgesOf(db, accountId, contactId)).map((pledge) => ({
        id: pledge.id,
        amount: toMoney(pledge.pledgeAmount),
        amountFulfilled: toMoney(pledge.amountFulfilled),
        pledgeDate: toIsoDate(pledge.pledgeDate),
      })),
      pastCalls: (await repo.callsOfContact(db, accountId, contactId, 10)).map((row) => {
        const call = toCall(row);
        return { id: call.id, at: call.createdAt, outcome: call.outcome, amount: call.amount, notes: call.notes, callerName: call.caller?.name ?? null };
      }),
      suggestedAsk: ask.cents === null ? null : ask.cents / 100,
      askReason: ask.reason,
    };
  }

  /** The contact's numbers: the phone fields of the record first, then any further numbers it lists. */
  async function phonesOf(db: Knex, accountId: string, contact: ContactRow): Promise<{ label: string; number: string }[]> {
    const phones: { label: string; number: string }[] = [];
    const add = (label: string, value: unknown) => {
      const number = str(value)?.trim();
      if (number && !phones.some((phone) => phone.number === number)) phones.push({ label, number });
    };
    add('Primary', contact.primaryPhone);
    add('Mobile', contact.mobilePhone);
    add('Other', contact.secondaryPhone);
    for (const row of await repo.phones(db, accountId, contact.id)) {
      const kind = row.phoneType ?? 'other';
      add(kind.charAt(0).toUpperCase() + kind.slice(1), row.extension ? `${row.phoneNumber} ext. ${row.extension}` : row.phoneNumber);
    }
    return phones;
  }

  /** Claims the next free prospect for the caller, or returns the one already on their screen. */
  async function claimNext(accountId: string, sessionId: string, callerId: string): Promise<CallSessionProspectRow | null> {
    const db = repo.reader();
    const held = await repo.heldBy(db, accountId, sessionId, callerId);
    if (held) return held;
    for (let round = 0; round < CLAIM_ROUNDS; round++) {
      const at = now();
      const candidates = await repo.claimable(db, accountId, sessionId, at, CLAIM_BATCH);
      if (candidates.length === 0) return null;
      for (const candidate of candidates) {
        if (await repo.claim(db, accountId, candidate, callerId, at)) return { ...candidate, status: 'claimed', claimedBy: callerId };
      }
    }
    return null;
  }

  /** A warning when a pledge asks for more than the contributor may still give to its election. */
  async function limitWarning(
    trx: Knex.Transaction,
    accountId: string,
    contactId: string,
    campaignId: string | null,
    electionCode: string | null,
    amount: number,
    today: string,
  ): Promise<string | null> {
    const room = await electionRoom(trx, accountId, contactId, campaignId, today);
    const election = electionCode ? room.elections.find((e) => e.electionCode === electionCode) : room.current;
    if (!election || centsOf(amount) <= centsOf(election.remaining)) return null;
    return `The pledge of ${dollars(amount)} passes what the contributor can still give to ${election.electionCode}: ${dollars(election.remaining)} of the ${dollars(election.limit)} limit`;
  }

  /**
   * Money moves through the ledger (docs/adr/0012-the-ledger.md): the pledge or gift, the contact's and
   * the campaign's figures, the roll-ups, election aggregates and excess flags change with its audit
   * trace, here in the call's own transaction (`trx`), so a call is never logged without its money
   * and money is never recorded without the call that brought it.
   */
  async function moveMoney(trx: Knex.Transaction, accountId: string, actor: Actor, session: SessionListRow, values: CallValues, today: string) {
    const contactId = values.contactId;
    const campaignId = str(session.campaignId);
    if (!campaignId) throw new BadRequest('The session has no campaign to record pledges and gifts to', { campaignId: 'Campaign is required' });
    const amount = values.amount as number;
    if (values.outcome === 'pledged') {
      // The election is checked against the committee the same way a gift's designation is (400 naming it).
      const designation = await designate(trx, accountId, campaignId, today, values.electionCode);
      const warning = await limitWarning(trx, accountId, contactId, campaignId, designation.electionCode, amount, today);
      const pledgeId = await recordPledge(repo.reader(), {
        accountId,
        actor,
        contactId,
        trx,
        values: {
          pledgeAmount: amount,
          frequency: 'one_time',
          pledgeDate: today,
          dueDate: addDays(today, REMINDER_DAYS),
          campaignId,
          notes: values.notes ?? `Pledged on a call${designation.electionCode ? ` (${designation.electionCode})` : ''}`,
          paymentMethod: values.paymentMethod,
          isAnonymous: false,
          solicitorId: actor.userId,
          status: 'pending',
        },
      });
      const pledgeRow = await repo.pledge(trx, accountId, pledgeId);
      if (!pledgeRow) throw new Error(`The pledge ${pledgeId} just recorded is not there`);
      const pledge = toPledge(pledgeRow);
      return { pledge, donationId: null, electionCode: designation.electionCode, warning };
    }
    const donationId = await recordDonation(repo.reader(), {
      accountId,
      actor,
      contactId,
      trx,
      onRecorded: onDonationRecorded,
      values: {
        donationAmount: amount,
        paymentMethod: values.paymentMethod,
        status: 'completed',
        donationDate: today,
        processedDate: null,
        campaignId,
        pledgeId: null,
        checkNumber: null,
        transactionId: null,
        referenceNumber: null,
        notes: values.notes,
        isAnonymous: false,
        isRecurring: false,
        solicitorId: actor.userId,
        taxDeductibleAmount: null,
        netAmount: null,
        inKindDescription: null,
        fairMarketValue: null,
        electionCode: values.electionCode,
      },
    });
    const donation = await repo.donation(trx, accountId, donationId);
    if (!donation) throw new Error(`The donation ${donationId} just recorded is not there`);
    const excess = toMoneyOrNull(donation.excessAmount);
    const electionCode = str(donation.electionCode);
    const warning =
      excess && excess > 0
        ? `The gift passes the ${electionCode} limit by ${dollars(excess)}: it is flagged for a refund, redesignation or reattribution`
        : null;
    return { pledge: null, donationId, electionCode, warning };
  }

  return {
    async team(accountId: string): Promise<Person[]> {
      return (await repo.team(accountId)).map((row) => ({ id: String(row.id), name: fullName(row.firstName, row.lastName) }));
    },

    /** Every session, and the figures of all of them together: overall and per caller across sessions. */
    async list(accountId: string): Promise<CallSessionsResponse> {
      const rows = await repo.listSessions(accountId);
      const input = await statsInput(
        accountId,
        rows.map((row) => row.id),
      );
      return {
        sessions: await summaries(rows, accountId, input),
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
      return detail(accountId, await sessionOr404(repo.reader(), accountId, id));
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
      return detail(accountId, await sessionOr404(repo.reader(), accountId, id));
    },

    async next(accountId: string, callerId: string, sessionId: string): Promise<NextProspectResponse> {
      const session = await sessionOr404(repo.reader(), accountId, sessionId);
      const claimed = await claimNext(accountId, sessionId, callerId);
      return {
        prospect: claimed ? await buildProspect(accountId, session, claimed) : null,
        progress: await progressOf(repo.reader(), accountId, sessionId),
      };
    },

    async recordCall(accountId: string, actor: Actor, sessionId: string, values: CallValues): Promise<CallResult> {
      const session = await sessionOr404(repo.reader(), accountId, sessionId);
      if (!isId(values.contactId) || !(await repo.prospect(repo.reader(), accountId, sessionId, values.contactId))) {
        throw new NotFound(NOT_ON_SHEET);
      }
      const today = todayIn(await repo.accountTimeZone(repo.reader(), accountId), now());
      const callId = newId();
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
        const row = {
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
          createdAt: now(),
        };
        await repo.insertCall(trx, row);
        await repo.finishProspect(trx, accountId, prospect.id, values.outcome);
        const audits: AuditEntryInput[] = [
          {
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
          },
        ];
        if (values.outcome === 'do_not_call' && !toBool(contact.doNotCall)) {
          await repo.setDoNotCall(trx, accountId, values.contactId, now());
          await repo.skipEverywhere(trx, accountId, values.contactId);
          audits.push({
            accountId,
            actor,
            entityType: 'contact',
            entityId: values.contactId,
            action: 'update',
            before: { doNotCall: false },
            after: { doNotCall: true },
          });
        }
        await recordAudit(trx, audits);
        return money;
      });
      const call = await repo.findCall(repo.reader(), accountId, callId);
      if (!call) throw new Error(`The call ${callId} just logged is not there`);
      return {
        call: toCall(call),
        pledge: money?.pledge ?? null,
        donationId: money?.donationId ?? null,
        warning: money?.warning ?? null,
        progress: await progressOf(repo.reader(), accountId, sessionId),
      };
    },

    async callbacksDue(accountId: string): Promise<CallbacksResponse> {
      const until = endOfTodayIn(await repo.accountTimeZone(repo.reader(), accountId), now());
      return { callbacks: (await repo.callbacksDue(accountId, until)).map(toCall) };
    },

    async openPledges(accountId: string): Promise<OpenPledgesResponse> {
      const today = todayIn(await repo.accountTimeZone(repo.reader(), accountId), now());
      return {
        pledges: (await repo.openPledges(accountId)).map((row) => {
          const pledgeDate = toIsoDate(row.pledgeDate);
          const pledgeAmount = toMoney(row.pledgeAmount);
          const amountFulfilled = toMoney(row.amountFulfilled);
          return {
            id: row.id,
            contactId: row.contactId,
            contactName: fullName(row.contactFirstName, row.contactLastName, row.contactOrganization),
            phone: str(row.contactPhone) ?? str(row.contactMobile),
            campaign: row.campaignId && row.campaignName ? { id: row.campaignId, name: row.campaignName } : null,
            pledgeAmount,
            amountFulfilled,
            remaining: Math.max(0, centsOf(pledgeAmount) - centsOf(amountFulfilled)) / 100,
            pledgeDate,
            ageDays: pledgeDate ? Math.max(0, daysBetween(pledgeDate, today)) : 0,
            reminderDate: toIsoDate(row.dueDate) ?? (pledgeDate ? addDays(pledgeDate, REMINDER_DAYS) : null),
            status: row.status,
          };
        }),
      };
    },
  };
}

export type CallTimeService = ReturnType<typeof createCallTimeService>;
