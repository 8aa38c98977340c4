import type { Knex } from 'knex';
import type { z } from 'zod';
import type { CaucusEvent, EventValues, eventsQuerySchema } from '../../contract';
import { toBool, toDbDateTime, toInt, toIsoDateTime, toMoney } from '../../db/values';
import { NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { isId, newId } from '../../lib/ids';
import type { EventsRepository, EventWrite } from './repository';

type Row = Record<string, unknown>;
const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export function toEvent(row: Row): CaucusEvent {
  const campaignId = str(row.campaignId);
  return {
    id: String(row.id),
    name: String(row.name),
    slug: str(row.slug),
    description: str(row.description),
    eventType: String(row.eventType),
    status: String(row.status) as CaucusEvent['status'],
    campaignId,
    campaign: campaignId && row.campaignName ? { id: campaignId, name: String(row.campaignName) } : null,
    startDate: toIsoDateTime(row.startDate as Date | null),
    endDate: toIsoDateTime(row.endDate as Date | null),
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
    createdAt: toIsoDateTime(row.createdAt as Date | null),
    updatedAt: toIsoDateTime(row.updatedAt as Date | null),
  };
}

function toWrite(values: EventValues): EventWrite {
  return {
    name: values.name,
    slug: values.slug,
    description: values.description,
    eventType: values.eventType,
    status: values.status,
    campaignId: values.campaignId,
    startDate: toDbDateTime(values.startDate),
    endDate: toDbDateTime(values.endDate),
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
      return (await repo.list(accountId, query)).map(toEvent);
    },

    async get(accountId: string, id: string): Promise<CaucusEvent> {
      assertIdOr404(id, 'Event not found');
      const row = await repo.findById(accountId, id);
      if (!row) throw new NotFound('Event not found');
      return toEvent(row);
    },

    async upcoming(accountId: string, filter: { campaignId?: string; limit: number }, now = new Date()): Promise<CaucusEvent[]> {
      if (filter.campaignId) assertIdOr404(filter.campaignId, 'Campaign not found');
      return (await repo.upcoming(accountId, { ...filter, from: now })).map(toEvent);
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
