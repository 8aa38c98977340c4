import { eventFormInput, firstMessageByField, toEventDate, type CaucusEvent } from '@caucus/contract';
import { workspaceInstant, workspaceWallClock } from '@caucus/platform';

/**
 * The form's date and time inputs as the API reads them: a day alone stays a day; with a time, the
 * workspace's wall clock becomes a UTC instant (the preferences are read when the form is saved).
 */
export function toIsoInstant(date: string, time: string): string | undefined {
  return toEventDate(date, time, (day, clock) => workspaceInstant(day, clock));
}

export { EVENT_STATUS_OPTIONS, EVENT_TYPE_OPTIONS, type EventStatus, type EventType } from './eventOptions';
import type { EventStatus, EventType } from './eventOptions';

/** What the form sends to POST /api/events and PUT /api/events/:id: every field the API defaults is sent explicitly. */
export type EventSaveBody = {
  name: string;
  slug?: string;
  description?: string;
  eventType: EventType;
  status: EventStatus;
  campaignId: string;
  startDate?: string;
  endDate?: string;
  location?: string;
  virtualUrl?: string;
  isVirtual: boolean;
  isPublic: boolean;
  maxAttendees: number;
  fundraisingGoal: number;
  ticketPrice: number;
  allowDonations: boolean;
  requiresRsvp: boolean;
};

/**
 * What the form edits. Dates and times are separate inputs (YYYY-MM-DD and HH:mm, the workspace's time zone) so a
 * date without a time stays meaningful; numbers stay text until save so a cleared field is not 0 mid-edit.
 */
export type EventFormValues = {
  name: string;
  slug: string;
  description: string;
  eventType: string;
  status: string;
  campaignId: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  location: string;
  virtualUrl: string;
  isVirtual: boolean;
  isPublic: boolean;
  maxAttendees: string;
  fundraisingGoal: string;
  ticketPrice: string;
  allowDonations: boolean;
  requiresRsvp: boolean;
};

export type EventFormField = keyof EventFormValues;
export type EventFormErrors = Partial<Record<EventFormField, string>>;

/**
 * Type fundraiser, status draft, public, donations allowed, no RSVP, not virtual
 * (docs/product/limits-and-defaults.md, Defaults; docs/product/behaviour.md, Campaign and event status).
 */
export function emptyEventForm(): EventFormValues {
  return {
    name: '',
    slug: '',
    description: '',
    eventType: 'fundraiser',
    status: 'draft',
    campaignId: '',
    startDate: '',
    startTime: '',
    endDate: '',
    endTime: '',
    location: '',
    virtualUrl: '',
    isVirtual: false,
    isPublic: true,
    maxAttendees: '0',
    fundraisingGoal: '0',
    ticketPrice: '0',
    allowDonations: true,
    requiresRsvp: false,
  };
}

/** Splits a stored instant back into the form's date and time, on the workspace's clock. */
function splitInstant(value: string | null): { date: string; time: string } {
  return workspaceWallClock(value) ?? { date: '', time: '' };
}

/** An all-day event's calendar days go back into the date inputs as they are, with no time. */
function splitEventDate(event: CaucusEvent, value: string | null): { date: string; time: string } {
  return event.allDay ? { date: value ?? '', time: '' } : splitInstant(value);
}

export function formFromEvent(event: CaucusEvent): EventFormValues {
  const start = splitEventDate(event, event.startDate);
  const end = splitEventDate(event, event.endDate);
  return {
    name: event.name,
    slug: event.slug ?? '',
    description: event.description ?? '',
    eventType: event.eventType,
    status: event.status,
    campaignId: event.campaignId ?? '',
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    location: event.location ?? '',
    virtualUrl: event.virtualUrl ?? '',
    isVirtual: event.isVirtual,
    isPublic: event.isPublic,
    maxAttendees: String(event.maxAttendees ?? 0),
    fundraisingGoal: String(event.fundraisingGoal ?? 0),
    ticketPrice: String(event.ticketPrice ?? 0),
    allowDonations: event.allowDonations,
    requiresRsvp: event.requiresRsvp,
  };
}

function toNumber(value: string): number {
  const trimmed = value.trim();
  if (!trimmed) return 0;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : 0;
}

/**
 * Trimmed text, empty optional fields dropped (docs/product/validation.md, Saving campaigns and events);
 * a date alone stays a calendar day, a date with a time becomes an instant on the workspace's clock (ADR 0006).
 */
export function shapeEventForSave(values: EventFormValues): EventSaveBody {
  const input: EventSaveBody = {
    name: values.name.trim(),
    eventType: values.eventType as EventType,
    status: values.status as EventStatus,
    campaignId: values.campaignId,
    isVirtual: values.isVirtual,
    isPublic: values.isPublic,
    maxAttendees: Math.trunc(toNumber(values.maxAttendees)),
    fundraisingGoal: toNumber(values.fundraisingGoal),
    ticketPrice: toNumber(values.ticketPrice),
    allowDonations: values.allowDonations,
    requiresRsvp: values.requiresRsvp,
  };
  const optional = {
    slug: values.slug.trim(),
    description: values.description.trim(),
    location: values.location.trim(),
    virtualUrl: values.virtualUrl.trim(),
    startDate: toIsoInstant(values.startDate, values.startTime),
    endDate: toIsoInstant(values.endDate, values.endTime),
  };
  for (const [key, value] of Object.entries(optional) as [keyof typeof optional, string | undefined][]) {
    if (value) input[key] = value;
  }
  return input;
}

/** The event form's rules: the API's own (texts of docs/product/validation.md), read from the form's inputs. */
export const eventFormSchema = eventFormInput<EventFormValues>((day, clock) => workspaceInstant(day, clock));

/** The first message for each field, e.g. { name: 'Event name is required' }; empty when the event can be saved. */
export function validateEventForm(values: EventFormValues): EventFormErrors {
  return firstMessageByField<EventFormField>(eventFormSchema, values);
}

/** The form tab that holds each field, so a failed save can show the first error. */
export const FIELD_TAB: Record<EventFormField, 'basic' | 'logistics' | 'settings'> = {
  name: 'basic',
  slug: 'basic',
  description: 'basic',
  eventType: 'basic',
  status: 'basic',
  campaignId: 'basic',
  startDate: 'logistics',
  startTime: 'logistics',
  endDate: 'logistics',
  endTime: 'logistics',
  location: 'logistics',
  virtualUrl: 'logistics',
  isVirtual: 'logistics',
  maxAttendees: 'logistics',
  isPublic: 'settings',
  ticketPrice: 'settings',
  fundraisingGoal: 'settings',
  allowDonations: 'settings',
  requiresRsvp: 'settings',
};
