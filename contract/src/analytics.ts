import { z } from 'zod';
import type { analyticsAcceptedSchema } from './analytics.responses';
import { dateRangeMessage, isInstantInRange, jsonDepth, utf8Bytes } from './common';

/** docs/product/api.md: the analytics events the product sends. */
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
  // Beyond the product's event list (docs/product/api.md): the shell reports a section (remote) that failed to load or render, so
  // its team sees it. An unknown name would refuse the whole batch, page views with it.
  'section_unavailable',
] as const;

export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** Events per call: a signed-in member's browser batches up to 50; a visitor's page view needs a few. */
export const MAX_ANALYTICS_EVENTS_PER_CALL = 50;
export const MAX_ANONYMOUS_ANALYTICS_EVENTS_PER_CALL = 20;
/** properties as JSON: what an event says (a form name, a plan, a page title), never a document. */
export const MAX_ANALYTICS_PROPERTIES_BYTES = 2048;
export const MAX_ANONYMOUS_ANALYTICS_PROPERTIES_BYTES = 1024;
const MAX_PROPERTIES_DEPTH = 3;
const MAX_PROPERTY_KEYS = 20;
const MAX_PROPERTY_KEY_LENGTH = 64;
const MAX_PROPERTY_TEXT_LENGTH = 500;
/** analytics_events.path is VARCHAR(1024). */
const MAX_PATH_LENGTH = 1024;

type AnalyticsLimits = { maxEvents: number; maxPropertiesBytes: number };

/** Every string in a properties value (keys of nested objects included) within `max` characters. */
function textsWithin(value: unknown, max: number): boolean {
  if (typeof value === 'string') return value.length <= max;
  if (Array.isArray(value)) return value.every((item) => textsWithin(item, max));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).every(([key, item]) => key.length <= MAX_PROPERTY_KEY_LENGTH && textsWithin(item, max));
  }
  return true;
}

function analyticsEventSchemaFor({ maxPropertiesBytes }: AnalyticsLimits) {
  return z.object({
    name: z.enum(ANALYTICS_EVENT_NAMES, { error: 'Unknown analytics event name' }),
    properties: z
      .record(z.string(), z.unknown(), { error: 'properties must be an object' })
      .optional()
      // Depth first: serialising a value nested thousands deep would overflow the stack.
      .refine((value) => value === undefined || jsonDepth(value, MAX_PROPERTIES_DEPTH) <= MAX_PROPERTIES_DEPTH, {
        message: `properties must nest at most ${MAX_PROPERTIES_DEPTH} levels`,
        abort: true,
      })
      .refine((value) => value === undefined || Object.keys(value).length <= MAX_PROPERTY_KEYS, {
        message: `properties may have at most ${MAX_PROPERTY_KEYS} keys`,
        abort: true,
      })
      .refine((value) => value === undefined || textsWithin(value, MAX_PROPERTY_TEXT_LENGTH), {
        message: `Each property must be at most ${MAX_PROPERTY_TEXT_LENGTH} characters (names at most ${MAX_PROPERTY_KEY_LENGTH})`,
        abort: true,
      })
      .refine((value) => value === undefined || utf8Bytes(JSON.stringify(value)) <= maxPropertiesBytes, {
        message: `properties must be at most ${maxPropertiesBytes} bytes of JSON`,
      }),
    path: z.string({ error: 'path must be text' }).max(MAX_PATH_LENGTH, `path must be at most ${MAX_PATH_LENGTH} characters`).optional(),
    occurredAt: z.iso
      .datetime({ offset: true, error: 'Occurred at must be an ISO date-time' })
      .refine(isInstantInRange, dateRangeMessage('Occurred at'))
      .optional(),
  });
}

function analyticsBatchSchemaFor(limits: AnalyticsLimits) {
  return z.object({
    events: z
      .array(analyticsEventSchemaFor(limits), { error: 'events must be a list' })
      .min(1, 'At least one event is required')
      .max(limits.maxEvents, `At most ${limits.maxEvents} events per request`),
  });
}

/** A signed-in member's batch (POST /api/analytics/events). */
export const analyticsBatchSchema = analyticsBatchSchemaFor({ maxEvents: MAX_ANALYTICS_EVENTS_PER_CALL, maxPropertiesBytes: MAX_ANALYTICS_PROPERTIES_BYTES });
/** A visitor's batch: what a page view and its clicks need, no more. */
export const anonymousAnalyticsBatchSchema = analyticsBatchSchemaFor({
  maxEvents: MAX_ANONYMOUS_ANALYTICS_EVENTS_PER_CALL,
  maxPropertiesBytes: MAX_ANONYMOUS_ANALYTICS_PROPERTIES_BYTES,
});
export const analyticsEventSchema = analyticsBatchSchema.shape.events.element;

export type AnalyticsEventInput = z.input<typeof analyticsEventSchema>;
export type AnalyticsBatchInput = z.input<typeof analyticsBatchSchema>;
/** data of POST /api/analytics/events (202) */
export type AnalyticsAccepted = z.output<typeof analyticsAcceptedSchema>;
