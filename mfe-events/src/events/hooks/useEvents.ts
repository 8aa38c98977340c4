import { useQuery } from '@tanstack/react-query';
import { eventsKeys, fetchEvents } from '../api/eventsApi';

export function useEvents() {
  return useQuery({
    queryKey: eventsKeys.list(),
    queryFn: ({ signal }) => fetchEvents(signal),
  });
}
