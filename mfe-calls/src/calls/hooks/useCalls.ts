import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput, CallSessionInput, MeetingInput, OpenPledge } from '@caucus/contract';
import {
  callsKeys,
  createMeeting,
  createSession,
  fetchCallbacks,
  fetchCampaignOptions,
  fetchListOptions,
  fetchMeetings,
  fetchNext,
  fetchOpenPledges,
  fetchSession,
  fetchSessions,
  fetchTeam,
  logCall,
  recordPledgeGift,
  searchContacts,
} from '../api/callsApi';

export const useSessions = () => useQuery({ queryKey: callsKeys.sessions(), queryFn: ({ signal }) => fetchSessions(signal) });
export const useSession = (id: string) => useQuery({ queryKey: callsKeys.session(id), queryFn: ({ signal }) => fetchSession(id, signal) });
export const useTeam = () => useQuery({ queryKey: callsKeys.team(), queryFn: ({ signal }) => fetchTeam(signal), select: (data) => data.team });
export const useOpenPledges = () => useQuery({ queryKey: callsKeys.followUps(), queryFn: ({ signal }) => fetchOpenPledges(signal) });
export const useCallbacks = () => useQuery({ queryKey: callsKeys.callbacks(), queryFn: ({ signal }) => fetchCallbacks(signal) });
export const useMeetings = () => useQuery({ queryKey: callsKeys.meetings(), queryFn: ({ signal }) => fetchMeetings(signal) });

export function useListOptions() {
  return useQuery({
    queryKey: callsKeys.lists(),
    queryFn: ({ signal }) => fetchListOptions(signal),
    select: (data) => data.lists.map((list) => ({ value: list.id, label: `${list.name} (${list.type}, ${list.memberCount})` })),
  });
}

export function useCampaignOptions() {
  return useQuery({
    queryKey: callsKeys.campaigns(),
    queryFn: ({ signal }) => fetchCampaignOptions(signal),
    select: (data) => data.campaigns.map((campaign) => ({ value: campaign.id, label: campaign.name })),
  });
}

export function useContactSearch(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: callsKeys.contactSearch(term),
    queryFn: ({ signal }) => searchContacts(term, signal),
    enabled: term.length >= 2,
    select: (data) => data.contacts,
  });
}

/** The caller's current prospect. Never cached between sessions: each screen claims afresh. */
export function useNextProspect(sessionId: string) {
  return useQuery({ queryKey: callsKeys.next(sessionId), queryFn: ({ signal }) => fetchNext(sessionId, signal), staleTime: 0, gcTime: 0 });
}

export function useCreateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallSessionInput) => createSession(body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: callsKeys.sessions() }),
  });
}

export function useLogCall(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput) => logCall(sessionId, body),
    onSuccess: async () => {
      // The next prospect comes up at once; figures elsewhere refresh behind it.
      await queryClient.refetchQueries({ queryKey: callsKeys.next(sessionId) });
      void queryClient.invalidateQueries({ queryKey: callsKeys.session(sessionId) });
      void queryClient.invalidateQueries({ queryKey: callsKeys.sessions() });
      void queryClient.invalidateQueries({ queryKey: callsKeys.followUps() });
      void queryClient.invalidateQueries({ queryKey: callsKeys.callbacks() });
    },
  });
}

export function useRecordPledgeGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pledge, amount, date }: { pledge: OpenPledge; amount: number; date: string }) => recordPledgeGift(pledge, amount, date),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: callsKeys.followUps() });
      void queryClient.invalidateQueries({ queryKey: callsKeys.all });
    },
  });
}

export function useCreateMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MeetingInput) => createMeeting(body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: callsKeys.meetings() }),
  });
}
