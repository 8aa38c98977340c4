import { z } from 'zod';
import { dateRangeMessage, isInstantInRange, jsonDepth, utf8Bytes } from './common';

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
const MAX_PROPERTIES_DEPTH = 5;
/** analytics_events.path is VARCHAR(1024). */
const MAX_PATH_LENGTH = 1024;

export const analyticsEventSchema = z.object({
  name: z.enum(ANALYTICS_EVENT_NAMES, { error: 'Unknown analytics event name' }),
  properties: z
    .record(z.string(), z.unknown(), { error: 'properties must be an object' })
    .optional()
    // Depth first: serialising a value nested thousands deep would overflow the stack.
    .refine((value) => value === undefined || jsonDepth(value, MAX_PROPERTIES_DEPTH) <= MAX_PROPERTIES_DEPTH, {
      message: `properties must nest at most ${MAX_PROPERTIES_DEPTH} levels`,
      abort: true,
    })
    .refine((value) => value === undefined || utf8Bytes(JSON.stringify(value)) <= MAX_PROPERTIES_BYTES, {
      message: `properties must be at most ${MAX_PROPERTIES_BYTES} bytes of JSON`,
    }),
  path: z.string({ error: 'path must be text' }).max(MAX_PATH_LENGTH, `path must be at most ${MAX_PATH_LENGTH} characters`).optional(),
  occurredAt: z.iso
    .datetime({ offset: true, error: 'Occurred at must be an ISO date-time' })
    .refine(isInstantInRange, dateRangeMessage('Occurred at'))
    .optional(),
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
