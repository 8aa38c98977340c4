import { z } from 'zod';
import { searchParam } from './common';

export const EVENT_STATUS_VALUES = ['draft', 'published', 'active', 'completed', 'cancelled'] as const;

export const eventsQuerySchema = z.object({
  search: searchParam,
  status: z
    .enum([...EVENT_STATUS_VALUES, 'all'], { error: `status must be one of: all, ${EVENT_STATUS_VALUES.join(', ')}` })
    .optional()
    .transform((value) => (value === 'all' ? undefined : value)),
  campaignId: z.string({ error: 'campaignId must be text' }).max(36, 'campaignId is invalid').optional(),
});

export type EventsQuery = z.input<typeof eventsQuerySchema>;

export type CaucusEvent = {
  id: string;
  name: string;
  slug: string | null;
  description: string | null;
  eventType: string;
  status: (typeof EVENT_STATUS_VALUES)[number];
  campaignId: string | null;
  campaign: { id: string; name: string } | null;
  startDate: string | null;
  endDate: string | null;
  location: string | null;
  virtualUrl: string | null;
  isVirtual: boolean;
  isPublic: boolean;
  maxAttendees: number;
  fundraisingGoal: number;
  ticketPrice: number;
  allowDonations: boolean;
  requiresRsvp: boolean;
  currentAttendees: number;
  amountRaised: number;
  createdAt: string | null;
  updatedAt: string | null;
};

/** data of GET /api/events */
export type EventsResponse = { events: CaucusEvent[] };
/** data of GET /api/events/:id */
export type EventDetailResponse = { event: CaucusEvent };
