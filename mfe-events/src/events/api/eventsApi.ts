import { api } from '@caucus/design-system/session';

export type CaucusEvent = {
  id: string;
  name: string;
  description: string | null;
  eventType: string;
  status: string;
  startDate: string | null;
  endDate: string | null;
  location: string | null;
  isVirtual: boolean | null;
  virtualUrl: string | null;
  campaign?: { id: string; name: string } | null;
};

export type EventsResponse = { events: CaucusEvent[] };

export const eventsKeys = {
  all: ['events'] as const,
  list: () => ['events', 'list'] as const,
};

export function fetchEvents(signal?: AbortSignal): Promise<EventsResponse> {
  return api.get<EventsResponse>('/events', { signal });
}
