import { z } from 'zod';

/** SPEC.md point 7: the analytics events the product sends. */
export const ANALYTICS_EVENT_NAMES = [
  'page_view',
  'sign_up',
  'login',
  'campaign_created',
  'contact_created',
  'event_created',
  'donation_form_viewed',
  'file_uploaded',
  'search',
  'button_click',
  'form_submit_success',
  'form_submit_error',
  'feature_used',
] as const;

export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

export const MAX_ANALYTICS_EVENTS_PER_CALL = 50;
const MAX_PROPERTIES_BYTES = 4096;

export const analyticsEventSchema = z.object({
  name: z.enum(ANALYTICS_EVENT_NAMES, { error: 'Unknown analytics event name' }),
  properties: z
    .record(z.string(), z.unknown(), { error: 'properties must be an object' })
    .optional()
    .refine((value) => value === undefined || JSON.stringify(value).length <= MAX_PROPERTIES_BYTES, {
      message: `properties must be at most ${MAX_PROPERTIES_BYTES} bytes of JSON`,
    }),
  path: z.string({ error: 'path must be text' }).max(2048, 'path must be at most 2048 characters').optional(),
  occurredAt: z.iso.datetime({ offset: true, error: 'occurredAt must be an ISO date-time' }).optional(),
});

export const analyticsBatchSchema = z.object({
  events: z
    .array(analyticsEventSchema, { error: 'events must be a list' })
    .min(1, 'At least one event is required')
    .max(MAX_ANALYTICS_EVENTS_PER_CALL, `At most ${MAX_ANALYTICS_EVENTS_PER_CALL} events per request`),
});

export type AnalyticsEventInput = z.input<typeof analyticsEventSchema>;
export type AnalyticsBatchInput = z.input<typeof analyticsBatchSchema>;
/** data of POST /api/analytics/events (202) */
export type AnalyticsAccepted = { accepted: number };
