import { z } from 'zod';
import type { deletedSchema } from './common.responses';
import type { caucusEventSchema, eventDetailResponseSchema, eventsResponseSchema } from './events.responses';
import { planningInputs as f } from './campaigns';
import { numberFromText, searchParam } from './common';

export const EVENT_STATUS_VALUES = ['draft', 'published', 'active', 'completed', 'cancelled'] as const;

export const eventsQuerySchema = z.object({
  search: searchParam,
  status: z
    .enum([...EVENT_STATUS_VALUES, 'all'], { error: `status must be one of: all, ${EVENT_STATUS_VALUES.join(', ')}` })
    .optional()
    .transform((value) => (value === 'all' ? undefined : value)),
  campaignId: z.string({ error: 'Campaign must be text' }).max(36, 'Campaign is invalid').optional(),
});

export type EventsQuery = z.input<typeof eventsQuerySchema>;

/** The one list of event types: the database enum and the form's options derive from it. */
export const EVENT_TYPE_VALUES = ['fundraiser', 'rally', 'town_hall', 'meeting', 'canvass', 'phone_bank', 'volunteer', 'gala', 'webinar', 'other'] as const;

/** Body of POST /api/events and PUT /api/events/:id (docs/product/validation.md, Event form; defaults in limits-and-defaults.md). */
export const eventInputSchema = z
  .object({
    name: f.requiredText('Event name', 255, 'Event name is required'),
    slug: f.optionalText('Slug', 255),
    description: f.optionalText('Description', 10_000, { multiline: true }),
    eventType: z.enum(EVENT_TYPE_VALUES, { error: `Event type must be one of: ${EVENT_TYPE_VALUES.join(', ')}` }).default('fundraiser'),
    status: z.enum(EVENT_STATUS_VALUES, { error: `Status must be one of: ${EVENT_STATUS_VALUES.join(', ')}` }).default('draft'),
    campaignId: f.requiredText('Campaign', 36, 'Campaign selection is required'),
    // A date without a time is an all-day event on that calendar day; with a time, an instant.
    startDate: f.optionalDayOrInstant('Start date'),
    endDate: f.optionalDayOrInstant('End date'),
    location: f.optionalText('Location', 255),
    virtualUrl: f.optionalWebUrl('Virtual URL', 1024),
    isVirtual: f.flag('Virtual event', false),
    isPublic: f.flag('Public event', true),
    // 0 means unlimited.
    maxAttendees: f.count('Max attendees', 0),
    fundraisingGoal: f.money('Fundraising goal', 0),
    ticketPrice: f.money('Ticket price', 0),
    allowDonations: f.flag('Allow donations', true),
    requiresRsvp: f.flag('Requires RSVP', false),
  })
  .superRefine((input, ctx) => {
    f.checkEndAfterStart(input, ctx);
    if (input.isVirtual && !input.virtualUrl) {
      ctx.addIssue({ code: 'custom', path: ['virtualUrl'], message: 'Virtual URL is required for virtual events' });
    }
  });

/**
 * Reads a date and time of day typed in the workspace's time zone as a UTC instant (ISO 8601).
 * The frontends pass the workspace-dates helper; the contract holds no zone rules and never falls
 * back to the browser's zone (which differs from the workspace's for a travelling user).
 */
export type WallClockToInstant = (date: string, time: string) => string | undefined;

/**
 * The event form's date and time inputs as the API reads them: a date without a time is a calendar
 * day, sent as it is (YYYY-MM-DD: an all-day event); with a time, the workspace's date and time the
 * user typed become an ISO instant. Blank or unreadable input is no date.
 */
export function toEventDate(date: string, time: string, toInstant: WallClockToInstant): string | undefined {
  const day = date.trim();
  if (!day) return undefined;
  const clock = time.trim();
  if (!clock) return day;
  return toInstant(day, clock);
}

/** What the event form's inputs hold where the API wants other types: date and time apart, numbers as text. */
export type EventFormText = {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  maxAttendees: string;
  fundraisingGoal: string;
  ticketPrice: string;
};

/** The event form's schema for the form's own value type: the API's, reading instants and numbers from the inputs. */
export function eventFormInput<Form extends EventFormText>(toInstant: WallClockToInstant) {
  return z.preprocess(
    (form: Form) => ({
      ...form,
      startDate: toEventDate(form.startDate, form.startTime, toInstant),
      endDate: toEventDate(form.endDate, form.endTime, toInstant),
      maxAttendees: numberFromText(form.maxAttendees),
      fundraisingGoal: numberFromText(form.fundraisingGoal),
      ticketPrice: numberFromText(form.ticketPrice),
    }),
    eventInputSchema,
  );
}

export type EventInput = z.input<typeof eventInputSchema>;
export type EventValues = z.output<typeof eventInputSchema>;

/** An event; startDate and endDate are YYYY-MM-DD when allDay (a calendar day, the same in every time zone), otherwise ISO instants in UTC. */
export type CaucusEvent = z.output<typeof caucusEventSchema>;

/** data of GET /api/events */
export type EventsResponse = z.output<typeof eventsResponseSchema>;
/** data of GET /api/events/:id, POST /api/events, PUT /api/events/:id */
export type EventDetailResponse = z.output<typeof eventDetailResponseSchema>;
/** data of DELETE /api/events/:id */
export type EventDeleteResponse = z.output<typeof deletedSchema>;
