import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { analytics, toast } from '@caucus/platform';
import { createEvent, deleteEvent, eventsKeys, fetchCampaignOptions, fetchEvent, fetchEvents, updateEvent, type CaucusEvent } from '../api/eventsApi';
import type { EventSaveBody } from '../utils/eventForm';

export function useEvents() {
  return useQuery({
    queryKey: eventsKeys.list(),
    queryFn: ({ signal }) => fetchEvents(signal),
  });
}

export function useEvent(id: string) {
  return useQuery({
    queryKey: eventsKeys.detail(id),
    queryFn: ({ signal }) => fetchEvent(id, signal),
  });
}

export function useCampaignOptions(enabled: boolean) {
  return useQuery({
    queryKey: eventsKeys.campaignOptions(),
    queryFn: ({ signal }) => fetchCampaignOptions(signal),
    enabled,
    select: (data) => data.campaigns.map((campaign) => ({ value: campaign.id, label: campaign.name })),
  });
}

type SaveVariables = { id: string | null; input: EventSaveBody };

export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: SaveVariables) => (id ? updateEvent(id, input) : createEvent(input)),
    onSuccess: (data, { id }) => {
      if (!id) analytics.track('event_created', { eventId: data.event.id, eventType: data.event.eventType });
      queryClient.setQueryData(eventsKeys.detail(data.event.id), data);
      void queryClient.invalidateQueries({ queryKey: eventsKeys.list() });
    },
  });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: CaucusEvent) => deleteEvent(event.id),
    onSuccess: (_data, event) => {
      queryClient.setQueryData<{ events: CaucusEvent[] }>(eventsKeys.list(), (current) =>
        current ? { events: current.events.filter((item) => item.id !== event.id) } : current,
      );
      queryClient.removeQueries({ queryKey: eventsKeys.detail(event.id) });
      void queryClient.invalidateQueries({ queryKey: eventsKeys.list() });
    },
    onError: (error) => {
      toast.error('Failed to delete event', error instanceof Error ? error.message : undefined);
    },
  });
}
