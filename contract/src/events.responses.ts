// What the event routes answer, as zod schemas: the source of the response types in events.ts and of
// the OpenAPI document. Not re-exported from index.ts; the frontends import their types only
// (common.responses.ts).
import { z } from 'zod';
import { dayOrInstant, idName, instant, nullableText, text } from './common.responses';
import { EVENT_STATUS_VALUES } from './events';

export const caucusEventSchema = z
  .object({
    id: text,
    name: text,
    slug: nullableText,
    description: nullableText,
    eventType: text,
    status: z.enum(EVENT_STATUS_VALUES),
    campaignId: nullableText,
    campaign: idName.nullable(),
    startDate: dayOrInstant,
    endDate: dayOrInstant,
    allDay: z.boolean().meta({ description: 'True when the dates are calendar days (YYYY-MM-DD), the same in every time zone' }),
    location: nullableText,
    virtualUrl: nullableText,
    isVirtual: z.boolean(),
    isPublic: z.boolean(),
    maxAttendees: z.number(),
    fundraisingGoal: z.number(),
    ticketPrice: z.number(),
    allowDonations: z.boolean(),
    requiresRsvp: z.boolean(),
    currentAttendees: z.number(),
    amountRaised: z.number(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'Event' });

export const eventsResponseSchema = z.object({ events: z.array(caucusEventSchema) });
export const eventDetailResponseSchema = z.object({ event: caucusEventSchema });
