import type { Knex } from 'knex';
import type { z } from 'zod';
import { isCalendarDay, type CaucusEvent, type EventValues, type eventsQuerySchema } from '@caucus/contract';
import { toBool, toDbDateTime, toInt, toIsoDate, toIsoDateTime, toMoney } from '../../db/values';
import { NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { isId, newId } from '../../lib/ids';
import type { EventListRow, EventsRepository, EventWrite } from './repository';

const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export function toEvent(row: EventListRow): CaucusEvent {
  const campaignId = str(row.campaignId);
  const allDay = row.startDay != null || (row.startDate == null && row.endDay != null);
  return {
    id: row.id,
    name: row.name,
    slug: str(row.slug),
    description: str(row.description),
    eventType: row.eventType,
    status: row.status,
    campaignId,
    campaign: campaignId && row.campaignName ? { id: campaignId, name: row.campaignName } : null,
    startDate: allDay ? toIsoDate(row.startDay) : toIsoDateTime(row.startDate),
    endDate: allDay ? toIsoDate(row.endDay) : toIsoDateTime(row.endDate),
    allDay,
    location: str(row.location),
    virtualUrl: str(row.virtualUrl),
    isVirtual: toBool(row.isVirtual),
    isPublic: toBool(row.isPublic),
    maxAttendees: toInt(row.maxAttendees),
    fundraisingGoal: toMoney(row.fundraisingGoal),
    ticketPrice: toMoney(row.ticketPrice),
    allowDonations: toBool(row.allowDonations),
    requiresRsvp: toBool(row.requiresRsvp),
    currentAttendees: toInt(row.currentAttendees),
    amountRaised: toMoney(row.amountRaised),
    createdAt: toIsoDateTime(row.createdAt),
    updatedAt: toIsoDateTime(row.updatedAt),
  };
}

function toWrite(values: EventValues): EventWrite {
  // The contract lets only days or only instants through together.
  const allDay = isCalendarDay(values.startDate ?? values.endDate ?? '');
  return {
    name: values.name,
    slug: values.slug,
    description: values.description,
    eventType: values.eventType,
    status: values.status,
    campaignId: values.campaignId,
    startDate: allDay ? null : toDbDateTime(values.startDate),
    endDate: allDay ? null : toDbDateTime(values.endDate),
    startDay: allDay ? values.startDate : null,
    endDay: allDay ? values.endDate : null,
    location: values.location,
    virtualUrl: values.virtualUrl,
    isVirtual: values.isVirtual,
    isPublic: values.isPublic,
    maxAttendees: values.maxAttendees,
    fundraisingGoal: values.fundraisingGoal,
    ticketPrice: values.ticketPrice,
    allowDonations: values.allowDonations,
    requiresRsvp: values.requiresRsvp,
  };
}

/**
 * Where an event sits in time, for ordering: an all-day event at the start of its day in UTC, a timed
 * one at its instant, an undated ('TBD') one after all of them.
 */
function sortKey(event: CaucusEvent): number {
  if (!event.startDate) return Number.POSITIVE_INFINITY;
  return Date.parse(event.allDay ? `${event.startDate}T00:00:00.000Z` : event.startDate);
}

/** Calendar order: soonest first, all-day and timed events together, undated ones last. */
export function inCalendarOrder(events: CaucusEvent[]): CaucusEvent[] {
  return events.sort((a, b) => sortKey(a) - sortKey(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The earliest calendar day still current somewhere on Earth (UTC-12): an all-day event stays
 * upcoming until its day is over everywhere, since the server does not know the viewer's zone.
 */
function earliestCurrentDay(now: Date): string {
  return new Date(now.getTime() - 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export function createEventsService(repo: EventsRepository) {
  /** The campaign must be this account's: another account's id reads as missing. */
  async function assertCampaign(trx: Knex.Transaction, accountId: string, campaignId: string): Promise<void> {
    if (!isId(campaignId) || !(await repo.campaignExists(trx, accountId, campaignId))) throw new NotFound('Campaign not found');
  }

  async function readBack(trx: Knex.Transaction, accountId: string, id: string): Promise<CaucusEvent> {
    const row = await repo.findById(accountId, id, trx);
    if (!row) throw new NotFound('Event not found');
    return toEvent(row);
  }

  return {
    async list(accountId: string, query: z.output<typeof eventsQuerySchema>): Promise<CaucusEvent[]> {
      return inCalendarOrder((await repo.list(accountId, query)).map(toEvent));
    },

    async get(accountId: string, id: string): Promise<CaucusEvent> {
      assertIdOr404(id, 'Event not found');
      const row = await repo.findById(accountId, id);
      if (!row) throw new NotFound('Event not found');
      return toEvent(row);
    },

    async upcoming(accountId: string, filter: { campaignId?: string; limit: number }, now = new Date()): Promise<CaucusEvent[]> {
      if (filter.campaignId) assertIdOr404(filter.campaignId, 'Campaign not found');
      const rows = await repo.upcoming(accountId, { ...filter, from: now, fromDay: earliestCurrentDay(now) });
      return inCalendarOrder(rows.map(toEvent)).slice(0, filter.limit);
    },

    async create(accountId: string, userId: string | null, values: EventValues): Promise<CaucusEvent> {
      return repo.transaction(async (trx) => {
        await assertCampaign(trx, accountId, values.campaignId);
        const id = newId();
        await repo.insert(trx, { ...toWrite(values), id, accountId, createdBy: userId });
        return readBack(trx, accountId, id);
      });
    },

    async update(accountId: string, id: string, values: EventValues): Promise<CaucusEvent> {
      assertIdOr404(id, 'Event not found');
      return repo.transaction(async (trx) => {
        if (!(await repo.exists(trx, accountId, id))) throw new NotFound('Event not found');
        await assertCampaign(trx, accountId, values.campaignId);
        await repo.update(trx, accountId, id, toWrite(values));
        return readBack(trx, accountId, id);
      });
    },

    async remove(accountId: string, id: string): Promise<void> {
      assertIdOr404(id, 'Event not found');
      await repo.transaction(async (trx) => {
        if ((await repo.remove(trx, accountId, id)) === 0) throw new NotFound('Event not found');
      });
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
