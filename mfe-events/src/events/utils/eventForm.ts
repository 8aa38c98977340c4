import type { CaucusEvent, EVENT_TYPE_VALUES } from '@caucus/api/contract';

export const EVENT_TYPE_OPTIONS = [
  { value: 'fundraiser', label: 'Fundraiser' },
  { value: 'rally', label: 'Rally' },
  { value: 'town_hall', label: 'Town Hall' },
  { value: 'meeting', label: 'Meeting' },
  { value: 'canvass', label: 'Canvass' },
  { value: 'phone_bank', label: 'Phone Bank' },
  { value: 'volunteer', label: 'Volunteer' },
  { value: 'gala', label: 'Gala' },
  { value: 'webinar', label: 'Webinar' },
  { value: 'other', label: 'Other' },
] as const satisfies ReadonlyArray<{ value: (typeof EVENT_TYPE_VALUES)[number]; label: string }>;

export const EVENT_STATUS_OPTIONS = [
  { value: 'draft', label: 'Draft' },
  { value: 'published', label: 'Published' },
  { value: 'active', label: 'Active' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;

export type EventType = (typeof EVENT_TYPE_OPTIONS)[number]['value'];
export type EventStatus = (typeof EVENT_STATUS_OPTIONS)[number]['value'];

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
 * What the form edits. Dates and times are separate inputs (YYYY-MM-DD and HH:mm, local time) so a
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

/** Spec point 9 defaults. */
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

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Splits a stored instant back into the form's date and time. Instants written by the date-only rule
 * (start of day / end of day UTC) come back as a date without a time, so editing does not invent one.
 */
function splitInstant(value: string | null, dateOnlySuffix: string): { date: string; time: string } {
  if (!value) return { date: '', time: '' };
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return { date: '', time: '' };
  const iso = instant.toISOString();
  if (iso.endsWith(dateOnlySuffix)) return { date: iso.slice(0, 10), time: '' };
  return {
    date: `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`,
    time: `${pad(instant.getHours())}:${pad(instant.getMinutes())}`,
  };
}

const START_OF_DAY_UTC = 'T00:00:00.000Z';
const END_OF_DAY_UTC = 'T23:59:59.999Z';

export function formFromEvent(event: CaucusEvent): EventFormValues {
  const start = splitInstant(event.startDate, START_OF_DAY_UTC);
  const end = splitInstant(event.endDate, END_OF_DAY_UTC);
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

/**
 * Spec point 5: a date without a time becomes start of day UTC (start) or end of day UTC (end);
 * with a time, the local date and time the user typed become an ISO instant.
 */
export function toIsoInstant(date: string, time: string, edge: 'start' | 'end'): string | undefined {
  const day = date.trim();
  if (!day) return undefined;
  const clock = time.trim();
  if (!clock) return `${day}${edge === 'start' ? START_OF_DAY_UTC : END_OF_DAY_UTC}`;
  const instant = new Date(`${day}T${clock}`);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}

function toNumber(value: string): number {
  const trimmed = value.trim();
  if (!trimmed) return 0;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : 0;
}

/** Spec point 5 save shaping: trimmed text, empty optional fields dropped, dates as ISO instants. */
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
    startDate: toIsoInstant(values.startDate, values.startTime, 'start'),
    endDate: toIsoInstant(values.endDate, values.endTime, 'end'),
  };
  for (const [key, value] of Object.entries(optional) as [keyof typeof optional, string | undefined][]) {
    if (value) input[key] = value;
  }
  return input;
}

function isNegativeOrInvalid(value: string): boolean {
  const trimmed = value.trim();
  if (!trimmed) return false;
  const parsed = Number(trimmed);
  return !Number.isFinite(parsed) || parsed < 0;
}

/** Spec point 5 event form rules, with its exact messages. */
export function validateEventForm(values: EventFormValues): EventFormErrors {
  const errors: EventFormErrors = {};
  if (!values.name.trim()) errors.name = 'Event name is required';
  if (!values.campaignId) errors.campaignId = 'Campaign selection is required';
  const start = toIsoInstant(values.startDate, values.startTime, 'start');
  const end = toIsoInstant(values.endDate, values.endTime, 'end');
  // Same rule as the API's: only an end strictly before the start is refused.
  if (start && end && new Date(end).getTime() < new Date(start).getTime()) {
    errors.endDate = 'End date must be after start date';
  }
  if (values.isVirtual && !values.virtualUrl.trim()) errors.virtualUrl = 'Virtual URL is required for virtual events';
  if (isNegativeOrInvalid(values.maxAttendees) || !Number.isInteger(toNumber(values.maxAttendees))) {
    errors.maxAttendees = 'Maximum attendees must be a whole number of 0 or more';
  }
  if (isNegativeOrInvalid(values.ticketPrice)) errors.ticketPrice = 'Ticket price must be 0 or more';
  if (isNegativeOrInvalid(values.fundraisingGoal)) errors.fundraisingGoal = 'Fundraising goal must be 0 or more';
  return errors;
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
