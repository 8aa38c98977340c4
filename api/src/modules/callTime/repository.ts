import type { Knex } from 'knex';
import { COUNTED_DONATION_STATUS } from '@caucus/contract';
import type { CallRow, CallSessionProspectRow, CallSessionRow, ContactRow, DbBool, DbTime, DonationRow, PledgeRow } from '../../db/rows';
import { scoped } from '../../http/tenancy';
import type { PledgeListRow } from '../financials/repository';
import { contactActivity, teamMembersAmong, teamOf, transactionAndReader } from '../shared/contactActivity';

type Db = Knex | Knex.Transaction;

/** A contact's name and phones as contactActivity adds them to a call or a pledge. */
type ContactOfActivity = {
  contactFirstName: ContactRow['firstName'];
  contactLastName: ContactRow['lastName'];
  contactOrganization: ContactRow['organization'];
  contactPhone: ContactRow['primaryPhone'];
  contactMobile: ContactRow['mobilePhone'];
};

/** A session with its campaign's and assignee's names (null when gone). */
export type SessionListRow = CallSessionRow & { campaignName: string | null; assigneeFirstName: string | null; assigneeLastName: string | null };

/** A call with its contact's name and phones and its caller's name (null when no longer a user). */
export type CallListRow = CallRow & ContactOfActivity & { callerFirstName: string | null; callerLastName: string | null };

/** A list member who may be called, with what the call orders sort by. */
export type CallableMemberRow = Pick<ContactRow, 'id' | 'firstName' | 'lastName' | 'totalDonated' | 'lastDonationDate'>;

/** How many of a session's prospects have a status (a COUNT: text on some engines). */
export type ProspectCountRow = { sessionId: string; status: CallSessionProspectRow['status']; doNotCall: DbBool; n: number | string };

/** A call as the stats read it, with its pledge's live figures and its caller's name. */
export type StatsCallRow = Pick<CallRow, 'sessionId' | 'callerId' | 'outcome' | 'pledgeId' | 'amount' | 'createdAt'> & {
  pledgeAmount: number | null;
  amountFulfilled: number | null;
  callerFirstName: string | null;
  callerLastName: string | null;
};

/** An open pledge with its contact's name and phones and its campaign's name. */
export type OpenPledgeRow = PledgeRow & ContactOfActivity & { campaignName: string | null };

/** A claim older than this is taken to be abandoned (a closed tab, a dropped line) and may be claimed again. */
export const CLAIM_EXPIRES_MS = 20 * 60 * 1000;

/** Rows per INSERT, and ids per IN list. */
const INSERT_CHUNK = 500;

export type SessionWrite = {
  id: string;
  accountId: string;
  name: string;
  listId: string;
  listName: string;
  campaignId: string;
  callOrder: CallSessionRow['callOrder'];
  assigneeId: string;
  createdBy: string | null;
};

export type CallWrite = {
  id: string;
  accountId: string;
  sessionId: string;
  contactId: string;
  callerId: string | null;
  outcome: CallRow['outcome'];
  amount: number | null;
  electionCode: string | null;
  callbackAt: Date | null;
  notes: string | null;
  pledgeId: string | null;
  donationId: string | null;
  createdAt: Date;
};

export function createCallTimeRepository(knex: Knex) {
  function sessions(db: Db, accountId: string): Knex.QueryBuilder<SessionListRow, SessionListRow[]> {
    return scoped(db, 'call_sessions', accountId)
      .leftJoin('campaigns', 'campaigns.id', 'call_sessions.campaignId')
      .leftJoin('users as assignees', 'assignees.id', 'call_sessions.assigneeId')
      .select('call_sessions.*', 'campaigns.name as campaignName', 'assignees.firstName as assigneeFirstName', 'assignees.lastName as assigneeLastName');
  }

  const calls = (db: Db, accountId: string): Knex.QueryBuilder<CallListRow, CallListRow[]> =>
    contactActivity(db, 'calls', accountId, { column: 'callerId', as: 'caller' });

  return {
    ...transactionAndReader(knex),

    async listSessions(accountId: string): Promise<SessionListRow[]> {
      return sessions(knex, accountId).orderBy([
        { column: 'call_sessions.createdAt', order: 'desc' },
        { column: 'call_sessions.id', order: 'desc' },
      ]);
    },

    async findSession(db: Db, accountId: string, id: string): Promise<SessionListRow | undefined> {
      return sessions(db, accountId).where('call_sessions.id', id).first();
    },

    async insertSession(db: Db, row: SessionWrite, now: Date): Promise<void> {
      await db('call_sessions').insert({ ...row, createdAt: now, updatedAt: now });
    },

    async findList(db: Db, accountId: string, listId: string): Promise<{ id: string; name: string } | undefined> {
      return scoped<{ id: string; name: string }>(db, 'contact_lists', accountId)
        .where('contact_lists.id', listId)
        .first('contact_lists.id', 'contact_lists.name');
    },

    async exists(db: Db, table: string, accountId: string, id: string): Promise<boolean> {
      return Boolean(await scoped(db, table, accountId).where(`${table}.id`, id).first(`${table}.id`));
    },

    async isMember(db: Db, accountId: string, userId: string): Promise<boolean> {
      return (await teamMembersAmong(db, accountId, [userId])).has(userId);
    },

    /** The account's members by name (shared/contactActivity.ts reads them). */
    async team(accountId: string) {
      return teamOf(knex, accountId);
    },

    /** The list's members who may be called, with what the call orders sort by. */
    async callableMembers(db: Db, accountId: string, listId: string): Promise<CallableMemberRow[]> {
      return scoped<CallableMemberRow>(db, 'contact_list_members', accountId)
        .join('contacts', 'contacts.id', 'contact_list_members.contactId')
        .where('contact_list_members.listId', listId)
        .where('contacts.doNotCall', false)
        .select('contacts.id', 'contacts.firstName', 'contacts.lastName', 'contacts.totalDonated', 'contacts.lastDonationDate');
    },

    async insertProspects(db: Db, rows: Pick<CallSessionProspectRow, 'id' | 'accountId' | 'sessionId' | 'contactId' | 'position' | 'status'>[]): Promise<void> {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) await db('call_session_prospects').insert(rows.slice(i, i + INSERT_CHUNK));
    },

    /** Counts of a session's prospects by status (do-not-call contacts still pending count as skipped). */
    async progressRows(db: Db, accountId: string, sessionIds: string[]): Promise<ProspectCountRow[]> {
      if (sessionIds.length === 0) return [];
      const rows: ProspectCountRow[] = await scoped(db, 'call_session_prospects', accountId)
        .join('contacts', 'contacts.id', 'call_session_prospects.contactId')
        .whereIn('call_session_prospects.sessionId', sessionIds)
        .groupBy('call_session_prospects.sessionId', 'call_session_prospects.status', 'contacts.doNotCall')
        .select('call_session_prospects.sessionId', 'call_session_prospects.status', 'contacts.doNotCall')
        .count({ n: '*' });
      return rows;
    },

    async prospect(db: Db, accountId: string, sessionId: string, contactId: string): Promise<CallSessionProspectRow | undefined> {
      return scoped<CallSessionProspectRow>(db, 'call_session_prospects', accountId)
        .where('call_session_prospects.sessionId', sessionId)
        .where('call_session_prospects.contactId', contactId)
        .first();
    },

    /** The prospect this caller already has on screen in the session, if any (a reload shows it again). */
    async heldBy(db: Db, accountId: string, sessionId: string, callerId: string): Promise<CallSessionProspectRow | undefined> {
      return scoped<CallSessionProspectRow>(db, 'call_session_prospects', accountId)
        .join('contacts', 'contacts.id', 'call_session_prospects.contactId')
        .where('call_session_prospects.sessionId', sessionId)
        .where('call_session_prospects.status', 'claimed')
        .where('call_session_prospects.claimedBy', callerId)
        .where('contacts.doNotCall', false)
        .orderBy('call_session_prospects.position')
        .first('call_session_prospects.*');
    },

    /** The next few prospects free to claim, in the session's order. */
    async claimable(db: Db, accountId: string, sessionId: string, now: Date, limit: number): Promise<CallSessionProspectRow[]> {
      const expired = new Date(now.getTime() - CLAIM_EXPIRES_MS);
      return scoped<CallSessionProspectRow>(db, 'call_session_prospects', accountId)
        .join('contacts', 'contacts.id', 'call_session_prospects.contactId')
        .where('call_session_prospects.sessionId', sessionId)
        .where('contacts.doNotCall', false)
        .where((q) =>
          q
            .where('call_session_prospects.status', 'pending')
            .orWhere((expiredClaim) => expiredClaim.where('call_session_prospects.status', 'claimed').where('call_session_prospects.claimedAt', '<', expired)),
        )
        .orderBy([{ column: 'call_session_prospects.position' }])
        .limit(limit)
        .select('call_session_prospects.*');
    },

    /**
     * Takes one prospect for a caller: a conditional UPDATE, so of two callers racing for the same
     * row exactly one sees a changed row. Returns whether this caller won it.
     */
    async claim(db: Db, accountId: string, prospect: CallSessionProspectRow, callerId: string, now: Date): Promise<boolean> {
      const query = scoped(db, 'call_session_prospects', accountId)
        .where('call_session_prospects.id', prospect.id)
        .where('call_session_prospects.status', prospect.status);
      // An expired claim is taken over only if nobody refreshed it since it was read.
      if (prospect.claimedAt) query.where('call_session_prospects.claimedAt', prospect.claimedAt);
      else query.whereNull('call_session_prospects.claimedAt');
      const changed = await query.update({ status: 'claimed', claimedBy: callerId, claimedAt: now });
      return Number(changed) === 1;
    },

    async finishProspect(db: Db, accountId: string, id: string, outcome: string): Promise<void> {
      await scoped(db, 'call_session_prospects', accountId).where('call_session_prospects.id', id).update({ status: 'done', outcome });
    },

    /** A contact who asked not to be called leaves every session's queue. */
    async skipEverywhere(db: Db, accountId: string, contactId: string): Promise<void> {
      await scoped(db, 'call_session_prospects', accountId)
        .where('call_session_prospects.contactId', contactId)
        .whereIn('call_session_prospects.status', ['pending', 'claimed'])
        .update({ status: 'skipped', outcome: 'do_not_call' });
    },

    async contact(db: Db, accountId: string, contactId: string): Promise<ContactRow | undefined> {
      return scoped<ContactRow>(db, 'contacts', accountId).where('contacts.id', contactId).first();
    },

    async lockContact(trx: Knex.Transaction, accountId: string, contactId: string): Promise<Pick<ContactRow, 'id' | 'doNotCall'> | undefined> {
      return scoped<Pick<ContactRow, 'id' | 'doNotCall'>>(trx, 'contacts', accountId)
        .where('contacts.id', contactId)
        .forUpdate()
        .first('contacts.id', 'contacts.doNotCall');
    },

    async setDoNotCall(db: Db, accountId: string, contactId: string, now: Date): Promise<void> {
      await scoped(db, 'contacts', accountId).where('contacts.id', contactId).update({ doNotCall: true, updatedAt: now });
    },

    async phones(db: Db, accountId: string, contactId: string): Promise<{ phoneNumber: string; phoneType: string; extension: string | null }[]> {
      return scoped<{ phoneNumber: string; phoneType: string; extension: string | null }>(db, 'contact_phone_numbers', accountId)
        .where('contact_phone_numbers.contactId', contactId)
        .orderBy([{ column: 'contact_phone_numbers.sortOrder' }, { column: 'contact_phone_numbers.id' }])
        .select('contact_phone_numbers.phoneNumber', 'contact_phone_numbers.phoneType', 'contact_phone_numbers.extension');
    },

    async recentGifts(
      db: Db,
      accountId: string,
      contactId: string,
      limit: number,
    ): Promise<(Pick<DonationRow, 'id' | 'donationDate' | 'donationAmount' | 'electionCode'> & { campaignName: string | null })[]> {
      return scoped<Pick<DonationRow, 'id' | 'donationDate' | 'donationAmount' | 'electionCode'> & { campaignName: string | null }>(db, 'donations', accountId)
        .leftJoin('campaigns', 'campaigns.id', 'donations.campaignId')
        .where('donations.contactId', contactId)
        .where('donations.status', 'completed')
        .orderBy([
          { column: 'donations.donationDate', order: 'desc' },
          { column: 'donations.id', order: 'desc' },
        ])
        .limit(limit)
        .select('donations.id', 'donations.donationDate', 'donations.donationAmount', 'donations.electionCode', 'campaigns.name as campaignName');
    },

    async largestGift(db: Db, accountId: string, contactId: string): Promise<number | null> {
      const row = await scoped(db, 'donations', accountId)
        .where('donations.contactId', contactId)
        .where('donations.status', 'completed')
        .max({ largest: 'donations.donationAmount' })
        .first();
      return row?.largest === null || row?.largest === undefined ? null : Number(row.largest);
    },

    async openPledgesOf(db: Db, accountId: string, contactId: string): Promise<Pick<PledgeRow, 'id' | 'pledgeAmount' | 'amountFulfilled' | 'pledgeDate'>[]> {
      return scoped<Pick<PledgeRow, 'id' | 'pledgeAmount' | 'amountFulfilled' | 'pledgeDate'>>(db, 'pledges', accountId)
        .where('pledges.contactId', contactId)
        .whereIn('pledges.status', ['pending', 'confirmed'])
        .orderBy('pledges.pledgeDate')
        .select('pledges.id', 'pledges.pledgeAmount', 'pledges.amountFulfilled', 'pledges.pledgeDate');
    },

    async callsOfContact(db: Db, accountId: string, contactId: string, limit: number): Promise<CallListRow[]> {
      return calls(db, accountId)
        .where('calls.contactId', contactId)
        .orderBy([
          { column: 'calls.createdAt', order: 'desc' },
          { column: 'calls.id', order: 'desc' },
        ])
        .limit(limit);
    },

    async pledge(db: Db, accountId: string, id: string): Promise<PledgeListRow | undefined> {
      return scoped(db, 'pledges', accountId)
        .leftJoin('campaigns', 'campaigns.id', 'pledges.campaignId')
        .where('pledges.id', id)
        .first('pledges.*', 'campaigns.name as campaignName');
    },

    async donation(db: Db, accountId: string, id: string): Promise<Pick<DonationRow, 'id' | 'electionCode' | 'excessAmount'> | undefined> {
      return scoped<Pick<DonationRow, 'id' | 'electionCode' | 'excessAmount'>>(db, 'donations', accountId)
        .where('donations.id', id)
        .first('donations.id', 'donations.electionCode', 'donations.excessAmount');
    },

    async insertCall(db: Db, row: CallWrite): Promise<void> {
      await db('calls').insert(row);
    },

    async findCall(db: Db, accountId: string, id: string): Promise<CallListRow | undefined> {
      return calls(db, accountId).where('calls.id', id).first();
    },

    /** Every call of the sessions with its pledge's live figures, for the stats. */
    async callsForStats(db: Db, accountId: string, sessionIds: string[]): Promise<StatsCallRow[]> {
      if (sessionIds.length === 0) return [];
      return scoped<StatsCallRow>(db, 'calls', accountId)
        .leftJoin('pledges', 'pledges.id', 'calls.pledgeId')
        .leftJoin('users as callers', 'callers.id', 'calls.callerId')
        .whereIn('calls.sessionId', sessionIds)
        .select(
          'calls.sessionId',
          'calls.callerId',
          'calls.outcome',
          'calls.pledgeId',
          'calls.amount',
          'calls.createdAt',
          'pledges.pledgeAmount',
          'pledges.amountFulfilled',
          'callers.firstName as callerFirstName',
          'callers.lastName as callerLastName',
        );
    },

    /** The counted gifts linked to these pledges, with their dates: when each pledge was fulfilled. */
    async giftsOfPledges(db: Db, accountId: string, pledgeIds: string[]): Promise<{ pledgeId: string; donationDate: DbTime; donationAmount: number }[]> {
      const rows: { pledgeId: string; donationDate: DbTime; donationAmount: number }[] = [];
      for (let i = 0; i < pledgeIds.length; i += INSERT_CHUNK) {
        rows.push(
          ...(await scoped<{ pledgeId: string; donationDate: DbTime; donationAmount: number }>(db, 'donations', accountId)
            .whereIn('donations.pledgeId', pledgeIds.slice(i, i + INSERT_CHUNK))
            .where('donations.status', COUNTED_DONATION_STATUS)
            .select('donations.pledgeId', 'donations.donationDate', 'donations.donationAmount')),
        );
      }
      return rows;
    },

    /** Call-backs asked for up to `until` whose contact has not been called again since. */
    async callbacksDue(accountId: string, until: Date): Promise<CallListRow[]> {
      return calls(knex, accountId)
        .where('calls.outcome', 'call_back')
        .where('calls.callbackAt', '<=', until)
        .where('contacts.doNotCall', false)
        .whereNotExists(function later() {
          this.select(knex.raw('1'))
            .from('calls as later')
            .whereRaw('?? = ??', ['later.contactId', 'calls.contactId'])
            .whereRaw('?? = ??', ['later.accountId', 'calls.accountId'])
            .whereRaw('?? > ??', ['later.createdAt', 'calls.createdAt']);
        })
        .orderBy([{ column: 'calls.callbackAt' }, { column: 'calls.id' }]);
    },

    async openPledges(accountId: string): Promise<OpenPledgeRow[]> {
      return scoped<OpenPledgeRow>(knex, 'pledges', accountId)
        .join('contacts', 'contacts.id', 'pledges.contactId')
        .leftJoin('campaigns', 'campaigns.id', 'pledges.campaignId')
        .whereIn('pledges.status', ['pending', 'confirmed'])
        .orderBy([{ column: 'pledges.pledgeDate' }, { column: 'pledges.id' }])
        .select(
          'pledges.*',
          'contacts.firstName as contactFirstName',
          'contacts.lastName as contactLastName',
          'contacts.organization as contactOrganization',
          'contacts.primaryPhone as contactPhone',
          'contacts.mobilePhone as contactMobile',
          'campaigns.name as campaignName',
        );
    },

    async accountTimeZone(db: Db, accountId: string): Promise<string | null> {
      const row: { timezone: string | null } | undefined = await db('accounts').where('accounts.id', accountId).first('accounts.timezone');
      return row?.timezone || null;
    },
  };
}

export type CallTimeRepository = ReturnType<typeof createCallTimeRepository>;
