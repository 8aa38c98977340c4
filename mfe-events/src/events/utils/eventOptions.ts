// Zod-free on purpose: the dashboard's calendar widget prints these labels, and importing them must
// not bring the event form's schemas (and zod) to the dashboard (ADR 0008).
import type { EVENT_TYPE_VALUES } from '@caucus/contract';

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
  { value: 'cancelled', label: 'Canceled' },
] as const;

export type EventType = (typeof EVENT_TYPE_OPTIONS)[number]['value'];
export type EventStatus = (typeof EVENT_STATUS_OPTIONS)[number]['value'];
