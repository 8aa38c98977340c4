import { api } from '@caucus/platform';
// Type-only: the contract's runtime schemas (zod) stay out of this remote's bundle.
import type { CampaignsResponse, CaucusEvent, EventDeleteResponse, EventDetailResponse, EventsResponse } from '@caucus/contract';
import type { EventSaveBody } from '../utils/eventForm';

export type { CaucusEvent, EventsResponse, EventDetailResponse };

export const eventsKeys = {
  all: ['events'] as const,
  list: () => ['events', 'list'] as const,
  detail: (id: string) => ['events', 'detail', id] as const,
  // Under 'events', not 'campaigns': another remote's campaign queries may hold a different shape.
  campaignOptions: () => ['events', 'campaign-options'] as const,
};

export function fetchEvents(signal?: AbortSignal): Promise<EventsResponse> {
  return api.get<EventsResponse>('/events', { signal });
}

export function fetchEvent(id: string, signal?: AbortSignal): Promise<EventDetailResponse> {
  return api.get<EventDetailResponse>(`/events/${encodeURIComponent(id)}`, { signal });
}

export function createEvent(input: EventSaveBody): Promise<EventDetailResponse> {
  return api.post<EventDetailResponse>('/events', input);
}

export function updateEvent(id: string, input: EventSaveBody): Promise<EventDetailResponse> {
  return api.put<EventDetailResponse>(`/events/${encodeURIComponent(id)}`, input);
}

export function deleteEvent(id: string): Promise<EventDeleteResponse> {
  return api.delete<EventDeleteResponse>(`/events/${encodeURIComponent(id)}`);
}

export function fetchCampaignOptions(signal?: AbortSignal): Promise<CampaignsResponse> {
  return api.get<CampaignsResponse>('/campaigns', { signal });
}
