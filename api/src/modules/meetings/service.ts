import type { Knex } from 'knex';
import type { Meeting, MeetingValues, Person } from '@caucus/contract';
import { toDbDateTime, toIsoDate, toIsoDateTime } from '../../db/values';
import { BadRequest, NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { isId, newId } from '../../lib/ids';
import { fullName, personOf, str } from '../shared/contactActivity';
import type { MeetingListRow, MeetingsRepository } from './repository';

export const CONTACT_NOT_FOUND = 'Contact not found';
export const MEETING_NOT_FOUND = 'Meeting not found';
export const ATTENDEES_NOT_IN_TEAM = 'Attendees must be members of this workspace';

function toMeeting(row: MeetingListRow, attendees: Person[]): Meeting {
  return {
    id: row.id,
    contactId: row.contactId,
    contactName: fullName(row.contactFirstName, row.contactLastName, row.contactOrganization),
    metAt: toIsoDateTime(row.metAt) ?? '',
    subject: row.subject,
    notes: str(row.notes),
    followUp: str(row.followUp),
    followUpDate: toIsoDate(row.followUpDate),
    attendees,
    createdBy: personOf(row.createdBy, row.authorFirstName, row.authorLastName),
    createdAt: toIsoDateTime(row.createdAt) ?? '',
  };
}

export function createMeetingsService(repo: MeetingsRepository, now: () => Date = () => new Date()) {
  async function withAttendees(db: Knex | Knex.Transaction, accountId: string, rows: MeetingListRow[]): Promise<Meeting[]> {
    const attendees = await repo.attendeesOf(
      db,
      accountId,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      toMeeting(
        row,
        attendees.filter((a) => a.meetingId === row.id).map((a) => personOf(a.id, a.firstName, a.lastName) as Person),
      ),
    );
  }

  async function readOne(db: Knex | Knex.Transaction, accountId: string, id: string): Promise<Meeting> {
    const row = await repo.find(db, accountId, id);
    if (!row) throw new NotFound(MEETING_NOT_FOUND);
    return (await withAttendees(db, accountId, [row]))[0];
  }

  return {
    async list(accountId: string, filter: { contactId?: string }): Promise<Meeting[]> {
      if (filter.contactId !== undefined) {
        assertIdOr404(filter.contactId, CONTACT_NOT_FOUND);
        if (!(await repo.contactExists(repo.reader(), accountId, filter.contactId))) throw new NotFound(CONTACT_NOT_FOUND);
      }
      return withAttendees(repo.reader(), accountId, await repo.list(accountId, { contactId: filter.contactId, limit: 500 }));
    },

    async create(accountId: string, actor: AuditActor, values: MeetingValues): Promise<Meeting> {
      const attendeeIds = [...new Set(values.attendeeIds)];
      return repo.transaction(async (trx) => {
        if (!isId(values.contactId) || !(await repo.contactExists(trx, accountId, values.contactId))) throw new NotFound(CONTACT_NOT_FOUND);
        const members = await repo.teamMembers(trx, accountId, attendeeIds.filter(isId));
        if (attendeeIds.some((id) => !members.has(id))) throw new BadRequest(ATTENDEES_NOT_IN_TEAM, { attendeeIds: ATTENDEES_NOT_IN_TEAM });
        const id = newId();
        const row = {
          id,
          accountId,
          contactId: values.contactId,
          metAt: toDbDateTime(values.metAt) as Date,
          subject: values.subject,
          notes: values.notes,
          followUp: values.followUp,
          followUpDate: values.followUpDate,
          createdBy: actor.userId,
        };
        await repo.insert(trx, row, attendeeIds, newId, now());
        await recordAudit(trx, {
          accountId,
          actor,
          entityType: 'meeting',
          entityId: id,
          action: 'create',
          after: { contactId: values.contactId, metAt: values.metAt, subject: values.subject, attendeeIds, followUpDate: values.followUpDate },
        });
        return readOne(trx, accountId, id);
      });
    },
  };
}

export type MeetingsService = ReturnType<typeof createMeetingsService>;
