import type { Knex } from 'knex';
import { scoped } from '../../http/tenancy';
import { contactActivity, contactExists, teamMembersAmong, transactionAndReader } from '../shared/contactActivity';

type Db = Knex | Knex.Transaction;
type Row = Record<string, unknown>;

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
  const meetings = (db: Db, accountId: string) => contactActivity(db, 'meetings', accountId, { column: 'createdBy', as: 'author' });

  return {
    ...transactionAndReader(knex),

    async list(accountId: string, filter: { contactId?: string; limit: number }): Promise<Row[]> {
      const query = meetings(knex, accountId);
      if (filter.contactId) query.where('meetings.contactId', filter.contactId);
      return query
        .orderBy([
          { column: 'meetings.metAt', order: 'desc' },
          { column: 'meetings.id', order: 'desc' },
        ])
        .limit(filter.limit);
    },

    async find(db: Db, accountId: string, id: string): Promise<Row | undefined> {
      return meetings(db, accountId).where('meetings.id', id).first();
    },

    async attendeesOf(db: Db, accountId: string, meetingIds: string[]): Promise<Row[]> {
      if (meetingIds.length === 0) return [];
      return scoped(db, 'meeting_attendees', accountId)
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
