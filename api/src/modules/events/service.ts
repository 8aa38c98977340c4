import type { z } from 'zod';
import type { CaucusEvent, eventsQuerySchema } from '../../contract';
import { toBool, toInt, toIsoDateTime, toMoney } from '../../db/values';
import { NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import type { EventsRepository } from './repository';

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

export function createEventsService(repo: EventsRepository) {
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
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
