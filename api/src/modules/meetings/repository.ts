import type { Knex } from 'knex';
import type { ContactRow, MeetingRow } from '../../db/rows';
import { scoped } from '../../http/tenancy';
import { contactActivity, contactExists, teamMembersAmong, transactionAndReader } from '../shared/contactActivity';

type Db = Knex | Knex.Transaction;

/** A meeting as contactActivity reads it: with its contact's name and phones and its author's name. */
export type MeetingListRow = MeetingRow & {
  contactFirstName: ContactRow['firstName'];
  contactLastName: ContactRow['lastName'];
  contactOrganization: ContactRow['organization'];
  contactPhone: ContactRow['primaryPhone'];
  contactMobile: ContactRow['mobilePhone'];
  /** Null when the author is no longer a user. */
  authorFirstName: string | null;
  authorLastName: string | null;
};

/** A team member at a meeting. */
export type MeetingAttendeeRow = { meetingId: string; id: string; firstName: string | null; lastName: string | null };

export type MeetingWrite = {
  id: string;
  accountId: string;
  contactId: string;
  metAt: Date;
  subject: string;
  notes: string | null;
  followUp: string | null;
  followUpDate: string | null;
  createdBy: string | null;
};

export function createMeetingsRepository(knex: Knex) {
  const meetings = (db: Db, accountId: string): Knex.QueryBuilder<MeetingListRow, MeetingListRow[]> =>
    contactActivity(db, 'meetings', accountId, { column: 'createdBy', as: 'author' });

  return {
    ...transactionAndReader(knex),

    async list(accountId: string, filter: { contactId?: string; limit: number }): Promise<MeetingListRow[]> {
      const query = meetings(knex, accountId);
      if (filter.contactId) query.where('meetings.contactId', filter.contactId);
      return query
        .orderBy([
          { column: 'meetings.metAt', order: 'desc' },
          { column: 'meetings.id', order: 'desc' },
        ])
        .limit(filter.limit);
    },

    async find(db: Db, accountId: string, id: string): Promise<MeetingListRow | undefined> {
      return meetings(db, accountId).where('meetings.id', id).first();
    },

    async attendeesOf(db: Db, accountId: string, meetingIds: string[]): Promise<MeetingAttendeeRow[]> {
      if (meetingIds.length === 0) return [];
      return scoped<MeetingAttendeeRow>(db, 'meeting_attendees', accountId)
        .join('users', 'users.id', 'meeting_attendees.userId')
        .whereIn('meeting_attendees.meetingId', meetingIds)
        .orderBy([{ column: 'users.firstName' }, { column: 'users.lastName' }])
        .select('meeting_attendees.meetingId', 'users.id', 'users.firstName', 'users.lastName');
    },

    contactExists,

    /** Which of these users belong to the account. */
    teamMembers: teamMembersAmong,

    async insert(db: Db, row: MeetingWrite, attendeeIds: string[], newId: () => string, now: Date): Promise<void> {
      await db('meetings').insert({ ...row, createdAt: now, updatedAt: now });
      if (attendeeIds.length > 0) {
        await db('meeting_attendees').insert(attendeeIds.map((userId) => ({ id: newId(), accountId: row.accountId, meetingId: row.id, userId })));
      }
    },
  };
}

export type MeetingsRepository = ReturnType<typeof createMeetingsRepository>;
