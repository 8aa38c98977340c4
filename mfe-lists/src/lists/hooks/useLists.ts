import { useEffect } from 'react';
import type { ContactListInput, ListRule, ListSettings } from '@caucus/contract';
import { keepPreviousData, toast, useMutation, useQuery, useQueryClient } from '@caucus/platform';
import {
  addMembers,
  applyRules,
  createContactList,
  deleteContactList,
  fetchAvailableContacts,
  fetchContactList,
  fetchContactLists,
  fetchListNames,
  fetchListSettings,
  fetchMembers,
  fetchStats,
  fetchWhy,
  listsKeys,
  previewRules,
  removeMembers,
  updateContactList,
  updateListSettings,
  LIST_OPTIONS_LIMIT,
  type ListsQuery,
} from '../api/listsApi';

/** Shows a failure toast (docs/product/messages.md) once each time the query turns to an error. */
function useErrorToast(isError: boolean, title: string) {
  useEffect(() => {
    if (isError) toast.error(title);
  }, [isError, title]);
}

export function useContactLists(query: ListsQuery) {
  const result = useQuery({
    queryKey: listsKeys.page(query),
    queryFn: ({ signal }) => fetchContactLists(query, signal),
    placeholderData: keepPreviousData,
  });
  useErrorToast(result.isError, 'Error loading contact lists');
  return result;
}

export function useContactList(id: string) {
  // An empty id (the create form) loads nothing.
  const result = useQuery({ queryKey: listsKeys.detail(id), queryFn: ({ signal }) => fetchContactList(id, signal), enabled: id !== '' });
  useErrorToast(result.isError, 'Error loading list details');
  return result;
}

export function useListStats(id: string) {
  return useQuery({ queryKey: listsKeys.stats(id), queryFn: ({ signal }) => fetchStats(id, signal) });
}

export function useListMembers(id: string, page: number, search: string) {
  const result = useQuery({
    queryKey: listsKeys.membersPage(id, page, search),
    queryFn: ({ signal }) => fetchMembers(id, page, search, signal),
    placeholderData: keepPreviousData,
  });
  useErrorToast(result.isError, 'Error loading list members');
  return result;
}

export function useAvailableContacts(id: string, search: string, enabled: boolean) {
  const result = useQuery({
    queryKey: listsKeys.available(id, search),
    queryFn: ({ signal }) => fetchAvailableContacts(id, search, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
  useErrorToast(result.isError, 'Error loading available contacts');
  return result;
}

export function useMembershipWhy(id: string, contactId: string | null) {
  return useQuery({
    queryKey: listsKeys.why(id, contactId ?? ''),
    queryFn: ({ signal }) => fetchWhy(id, contactId!, signal),
    enabled: contactId !== null,
  });
}

/** The builder's live count: only complete rules are sent. */
export function useRulesPreview(rules: ListRule[] | null) {
  return useQuery({
    queryKey: listsKeys.preview(rules ?? []),
    queryFn: ({ signal }) => previewRules(rules!, signal),
    enabled: rules !== null && rules.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

const errorDetail = (error: unknown) => (error instanceof Error ? error.message : undefined);

export function useSaveList(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContactListInput) => (id ? updateContactList(id, input) : createContactList(input)),
    onSuccess: async () => {
      toast.success(id ? 'Contact list updated successfully' : 'Contact list created successfully');
      await queryClient.invalidateQueries({ queryKey: listsKeys.all });
    },
    onError: (error) => toast.error(id ? 'Error updating contact list' : 'Error creating contact list', errorDetail(error)),
  });
}

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteContactList(id),
    onSuccess: async (_data, id) => {
      toast.success('Contact list deleted successfully');
      queryClient.removeQueries({ queryKey: listsKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: listsKeys.pages() });
    },
    onError: (error) => toast.error('Error deleting contact list', errorDetail(error)),
  });
}

export function useApplyRules(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => applyRules(id),
    onSuccess: async () => {
      toast.success('Smart rules applied successfully');
      await queryClient.invalidateQueries({ queryKey: listsKeys.all });
    },
    onError: (error) => toast.error('Error applying smart rules', errorDetail(error)),
  });
}

export function useAddMembers(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactIds: string[]) => addMembers(id, contactIds),
    onSuccess: async ({ added }) => {
      toast.success(`Added ${added} contacts to the list`);
      await queryClient.invalidateQueries({ queryKey: listsKeys.all });
    },
    onError: (error) => toast.error('Error adding contacts to list', errorDetail(error)),
  });
}

export function useRemoveMembers(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactIds: string[]) => removeMembers(id, contactIds),
    onSuccess: async ({ removed }) => {
      toast.success(`Removed ${removed} contacts from the list`);
      await queryClient.invalidateQueries({ queryKey: listsKeys.all });
    },
    onError: (error) => toast.error('Error removing contacts from list', errorDetail(error)),
  });
}

/**
 * Lists for the 'member of list' rule's picker: the first LIST_OPTIONS_LIMIT matching the search, with
 * the total, so the picker can say when there are more than it shows.
 */
export function useListOptions(search: string) {
  return useQuery({
    queryKey: listsKeys.options(search),
    queryFn: ({ signal }) => fetchContactLists({ page: 1, search, type: 'all' }, signal, LIST_OPTIONS_LIMIT),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/**
 * The names of the lists that rules refer to, by id: the name, null for a deleted list, undefined
 * while loading or when it could not be loaded.
 */
export function useListNames(ids: string[]) {
  const unique = [...new Set(ids)].sort();
  const result = useQuery({
    queryKey: listsKeys.names(unique),
    queryFn: ({ signal }) => fetchListNames(unique, signal),
    enabled: unique.length > 0,
    staleTime: 30_000,
  });
  return (id: string): string | null | undefined => result.data?.get(id);
}

export function useListSettings() {
  const result = useQuery({ queryKey: listsKeys.settings(), queryFn: ({ signal }) => fetchListSettings(signal), staleTime: 60_000 });
  useErrorToast(result.isError, 'Error loading list settings');
  return result;
}

export function useSaveListSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ListSettings) => updateListSettings(settings),
    onSuccess: (saved) => {
      toast.success('List settings saved', 'Smart lists that use “Major donor” follow the new threshold the next time their rules are applied.');
      queryClient.setQueryData(listsKeys.settings(), saved);
      // The builder's live counts of major donors change at once.
      void queryClient.invalidateQueries({ queryKey: ['contact-lists', 'preview'] });
    },
    onError: (error) => toast.error('Error saving list settings', errorDetail(error)),
  });
}
