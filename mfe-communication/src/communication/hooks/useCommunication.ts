import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  acknowledge,
  cancelSend,
  commsKeys,
  createSend,
  createTemplate,
  deleteTemplate,
  fetchAudience,
  fetchCampaignOptions,
  fetchContactOptions,
  fetchListOptions,
  fetchQueue,
  fetchSend,
  fetchSends,
  fetchTemplates,
  testSend,
  updateTemplate,
  yearEnd,
  type AckFilters,
} from '../api/communicationApi';
import type { TemplateInput } from '@caucus/contract';

export const useQueue = (filters: AckFilters) =>
  useQuery({ queryKey: commsKeys.queue(filters), queryFn: ({ signal }) => fetchQueue(filters, signal), placeholderData: keepPreviousData });

export const useTemplates = () => useQuery({ queryKey: commsKeys.templates(), queryFn: ({ signal }) => fetchTemplates(signal), select: (d) => d.templates });

export const useSends = () =>
  useQuery({
    queryKey: commsKeys.sends(),
    queryFn: ({ signal }) => fetchSends(signal),
    select: (d) => d.messages,
    // While something is being delivered, its progress is read again every two seconds.
    refetchInterval: (query) => (query.state.data?.messages.some((m) => m.status === 'sending') ? 2000 : false),
  });

export const useSend = (id: string) =>
  useQuery({
    queryKey: commsKeys.send(id),
    queryFn: ({ signal }) => fetchSend(id, signal),
    refetchInterval: (query) => (query.state.data?.message.status === 'sending' ? 2000 : false),
  });

export const useAudience = (listId: string) =>
  useQuery({
    queryKey: commsKeys.audience(listId),
    queryFn: ({ signal }) => fetchAudience(listId, signal),
    enabled: Boolean(listId),
    select: (d) => d.audience,
  });

export const useListOptions = () =>
  useQuery({
    queryKey: commsKeys.lists(),
    queryFn: ({ signal }) => fetchListOptions(signal),
    select: (d) => d.lists.map((l) => ({ value: l.id, label: `${l.name} (${l.type === 'smart' ? 'smart' : 'static'})` })),
  });

export const useCampaignOptions = () =>
  useQuery({
    queryKey: commsKeys.campaigns(),
    queryFn: ({ signal }) => fetchCampaignOptions(signal),
    select: (d) => d.campaigns.map((c) => ({ value: c.id, label: c.name })),
  });

export const useContactOptions = (search: string) =>
  useQuery({
    queryKey: commsKeys.contacts(search),
    queryFn: ({ signal }) => fetchContactOptions(search, signal),
    enabled: search.trim().length >= 2,
    select: (d) =>
      d.contacts.map((c) => ({ value: c.id, label: `${c.firstName ?? ''} ${c.lastName ?? ''}`.trim() + (c.primaryEmail ? ` <${c.primaryEmail}>` : '') })),
  });

export function useAcknowledge() {
  const client = useQueryClient();
  return useMutation({ mutationFn: acknowledge, onSuccess: () => client.invalidateQueries({ queryKey: ['communication', 'acknowledgments'] }) });
}

export const useYearEnd = () => useMutation({ mutationFn: yearEnd });

export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TemplateInput }) => (id ? updateTemplate(id, input) : createTemplate(input)),
    onSuccess: () => client.invalidateQueries({ queryKey: commsKeys.templates() }),
  });
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteTemplate, onSuccess: () => client.invalidateQueries({ queryKey: commsKeys.templates() }) });
}

export function useCreateSend() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createSend, onSuccess: () => client.invalidateQueries({ queryKey: commsKeys.sends() }) });
}

export const useTestSend = () => useMutation({ mutationFn: testSend });

export function useCancelSend() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelSend, onSuccess: () => client.invalidateQueries({ queryKey: commsKeys.sends() }) });
}
